// The I/O around the pure ClassBoard (docs/class.md): an MQTTWatcher's messages, a clock tick for
// riders falling silent, and the terminal's keys and size in; a redraw through the widget's
// Terminal, or one JSON line per change (flushed at once: a script reads them as they come).

import ArgumentParser
import CoachCore
import CoachGateway
import CoachMQTT
import CoachNative
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum ClassWatchRunner {
    private enum Event: Sendable {
        case message(MQTTDelivery)
        case tick
        case resize
        case quit
    }

    static func run(classID: String, endpoint: MQTTEndpoint, json: Bool, order: ClassBoard.Order, language: Language) async throws {
        var board = ClassBoard(classID: classID)
        let clock = SystemWorkoutClock()
        let watcher: MQTTWatcher
        do {
            watcher = try MQTTWatcher.start(endpoint: endpoint, filters: board.filters, clientName: ClassOptions.clientID("board", classID: classID),
                                            clock: clock, note: { OneShot.printError($0) })
        } catch {
            OneShot.printError("class: \(error)")
            throw ExitCode.failure
        }
        let (events, sink) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .unbounded)
        let forwarding = Task {
            for await message in watcher.messages { sink.yield(.message(message)) }
            sink.yield(.quit)
        }
        // Silence is noticed on the clock's time; a quarter second is finer than anyone reads a board.
        let ticking = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(250))
                sink.yield(.tick)
            }
        }
        let numbers = [SIGWINCH, SIGINT, SIGTERM, SIGHUP]
        let signals = numbers.map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number)
            source.setEventHandler { sink.yield(number == SIGWINCH ? .resize : .quit) }
            source.resume()
            return source
        }
        let terminal = json ? nil : Terminal()
        let keys = json ? nil : KeyReader { sink.yield(.quit) }
        terminal?.enter()
        keys?.start()
        let wording = Wording.builtIn(language)
        func draw() {
            guard let terminal else { return }
            let frame = ClassBoardScreen.render(board.rows(by: order), classID: classID, order: order, size: terminal.size(), wording: wording)
            terminal.draw(lines: frame.lines, dimmed: frame.greyed)
        }
        draw()
        loop: for await event in events {
            var changes: [ClassBoard.Change] = []
            var resized = false
            switch event {
            case .message(let message):
                changes = board.received(topic: message.topic, payload: message.payload, at: clock.now().monotonic,
                                         wallClock: Date().timeIntervalSince1970)
            case .tick:
                changes = board.tick(at: clock.now().monotonic)
                // Elapsed times come with each state; the board redraws each tick all the same so a
                // resize or a greyed rider never waits for the next message.
            case .resize:
                terminal?.clear()
                resized = true
            case .quit:
                break loop
            }
            if json {
                guard !changes.isEmpty else { continue }
                FileHandle.standardOutput.write(Data(changes.map { $0.jsonLine + "\n" }.joined().utf8))
            } else if !changes.isEmpty || resized {
                draw()
            }
        }
        forwarding.cancel()
        ticking.cancel()
        keys?.stop()
        terminal?.leave()
        signals.forEach { $0.cancel() }
        for number in numbers { signal(number, SIG_DFL) }
        await watcher.stop()
    }
}
