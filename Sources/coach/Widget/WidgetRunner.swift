// `coach widget`: the full-screen, lock-screen-style view. Thin terminal I/O around the pure
// `WidgetScreen.render`: alternate screen and hidden cursor while it runs, a redraw on every
// content and on SIGWINCH (size from TIOCGWINSZ), and everything restored on q, Ctrl-C or SIGTERM.

import CoachCore
import CoachGateway
import Dispatch
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

enum WidgetRunner {
    private enum Event: Sendable {
        case content(LiveActivityContent)
        case resize
        case quit
    }

    /// Shows the workout from the manager's snapshots: the feed pump adds the ticking clock,
    /// staleness and dismissal. `locked` redacts metrics from the first frame on.
    static func run(snapshots: AsyncStream<WorkoutSnapshot>, changes: AsyncStream<WorkoutChange>? = nil,
                    locked: Bool = false, clock: any WorkoutClock = SystemWorkoutClock(),
                    language: Language = .en) async {
        let pump = FeedPump(clock: clock, locked: locked)
        let contents = await pump.contents()
        let feeding = Task { await pump.run(snapshots: snapshots, changes: changes) }
        await run(contents: contents, language: language)
        feeding.cancel()
        await pump.finish()
    }

    /// Shows ready-made contents (for instance from the gateway's feed, already redacted when
    /// locked) until q, Ctrl-C, SIGTERM or the end of the stream.
    static func run(contents: AsyncStream<LiveActivityContent>, language: Language = .en) async {
        let terminal = Terminal()
        let wording = Wording.builtIn(language)
        terminal.enter()
        defer { terminal.leave() }

        let (events, sink) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(8))
        let signals = [SIGWINCH, SIGINT, SIGTERM, SIGHUP].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { sink.yield(number == SIGWINCH ? .resize : .quit) }
            source.resume()
            return source
        }
        let keys = KeyReader { sink.yield(.quit) }
        keys.start()
        let forwarding = Task {
            for await content in contents { sink.yield(.content(content)) }
            sink.yield(.quit)
        }
        defer {
            forwarding.cancel()
            keys.stop()
            signals.forEach { $0.cancel() }
            for number in [SIGWINCH, SIGINT, SIGTERM, SIGHUP] { signal(number, SIG_DFL) }
        }

        var current = LiveActivityContent.idle()
        terminal.draw(WidgetScreen.render(current, size: terminal.size(), wording: wording))
        for await event in events {
            switch event {
            case .content(let content): current = content
            case .resize: terminal.clear()
            case .quit: return
            }
            terminal.draw(WidgetScreen.render(current, size: terminal.size(), wording: wording))
        }
    }
}

/// The terminal side: modes, size and drawing. Output goes in one write per frame so a redraw
/// never shows half a screen. The class board (ClassWatchRunner) draws through it too.
struct Terminal {
    private let saved: termios?

    init() {
        var attributes = termios()
        saved = tcgetattr(STDIN_FILENO, &attributes) == 0 ? attributes : nil
    }

    func enter() {
        if var raw = saved {
            // No line buffering and no echo so `q` acts at once; ISIG stays so Ctrl-C is SIGINT.
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        }
        write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[2J")
    }

    func leave() {
        write("\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l")
        if var attributes = saved { tcsetattr(STDIN_FILENO, TCSANOW, &attributes) }
    }

    func size() -> WidgetSize {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return WidgetSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
        }
        return WidgetSize(columns: 80, rows: 24)
    }

    func clear() { write("\u{1B}[2J") }

    func draw(_ frame: WidgetFrame) {
        let colour = Self.sgr(frame.accentColour)
        var out = "\u{1B}[H"
        for (index, line) in frame.lines.enumerated() {
            if index > 0 { out += "\r\n" }
            out += frame.accentRows.contains(index) ? colour + line + "\u{1B}[0m" : line
        }
        write(out)
    }

    /// Plain lines, `dimmed` ones faint (the class board's gone riders).
    func draw(lines: [String], dimmed: Set<Int>) {
        var out = "\u{1B}[H"
        for (index, line) in lines.enumerated() {
            if index > 0 { out += "\r\n" }
            out += dimmed.contains(index) ? "\u{1B}[2m" + line + "\u{1B}[0m\u{1B}[K" : line + "\u{1B}[K"
        }
        write(out)
    }

    /// `#rrggbb` as a 24-bit foreground colour.
    static func sgr(_ hex: String) -> String {
        let digits = Array(hex.dropFirst())
        guard digits.count == 6 else { return "" }
        let channels = stride(from: 0, to: 6, by: 2).map { Int(String(digits[$0...$0 + 1]), radix: 16) ?? 255 }
        return "\u{1B}[1;38;2;\(channels[0]);\(channels[1]);\(channels[2])m"
    }

    private func write(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }
}

/// Reads keys on its own thread, polling so that `stop()` ends it without eating a later key.
final class KeyReader: Sendable {
    private let onQuit: @Sendable () -> Void
    private let stopped = Atomic<Bool>(false)

    init(onQuit: @escaping @Sendable () -> Void) { self.onQuit = onQuit }

    func start() {
        guard isatty(STDIN_FILENO) == 1 else { return }
        let thread = Thread { [self] in
            var byte: UInt8 = 0
            while !stopped.load(ordering: .relaxed) {
                var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 100) > 0 else { continue }
                guard read(STDIN_FILENO, &byte, 1) == 1 else { return }
                if byte == UInt8(ascii: "q") || byte == UInt8(ascii: "Q") || byte == 0x03 { onQuit() }
            }
        }
        thread.name = "widget-keys"
        thread.start()
    }

    func stop() { stopped.store(true, ordering: .relaxed) }
}
