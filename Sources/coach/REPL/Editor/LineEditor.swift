// LineEditor: a GNU readline prompt that other tasks can print above without garbling the line
// being typed. readline runs on one dedicated thread (see LineEditor+Readline.swift); everything
// here only posts to that thread's mailbox or reads the stream of what the user entered.

import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// What the user did at the prompt.
enum EditorInput: Sendable, Hashable {
    case line(String)
    /// Ctrl-C: the line was abandoned and a fresh prompt shown.
    case interrupt
    /// Ctrl-D on an empty line, or the terminal went away.
    case endOfFile
    /// SIGTERM or SIGHUP: leave now, without questions.
    case terminate
}

/// Word lists for Tab: given the line up to the word being completed and that word, the candidates.
typealias EditorCompleter = @Sendable (_ buffer: String, _ word: String) -> [String]

struct EditorConfiguration: Sendable {
    var prompt: String
    /// Where history is read from and written to; nil keeps history in memory only.
    var historyPath: String?
    var historyLimit: Int
    var completer: EditorCompleter
}

final class LineEditor: Sendable {
    /// Everything the user entered, in order. One reader.
    let inputs: AsyncStream<EditorInput>
    private let mailbox = EditorMailbox()
    private let thread = Mutex<pthread_t?>(nil)
    private let signalSources: SignalSources

    init(prompt: String, historyPath: String?, historyLimit: Int = 1000, completer: @escaping EditorCompleter) {
        let (stream, continuation) = AsyncStream.makeStream(of: EditorInput.self)
        inputs = stream
        let configuration = EditorConfiguration(prompt: prompt, historyPath: historyPath,
                                                historyLimit: historyLimit, completer: completer)
        let mailbox = self.mailbox
        signalSources = Self.installSignalHandlers(mailbox: mailbox, continuation: continuation)
        thread.withLock {
            $0 = startThread { EditorThread.run(configuration, mailbox: mailbox, continuation: continuation) }
        }
    }

    /// Prints `text` on its own line(s) above the prompt; the half-typed line and cursor survive.
    func printAbove(_ text: String) { mailbox.post(.print(text)) }

    func setPrompt(_ prompt: String) { mailbox.post(.prompt(prompt)) }

    /// Restores the terminal, saves history and ends the editor thread. Idempotent.
    func stop() {
        guard let running = thread.withLock({ value -> pthread_t? in defer { value = nil }; return value }) else { return }
        mailbox.post(.quit)
        pthread_join(running, nil)
        for source in signalSources.sources { source.cancel() }
        for number in [SIGINT, SIGWINCH, SIGTERM, SIGHUP] { signal(number, SIG_DFL) }
    }

    /// readline's own handlers are off (`rl_catch_signals = 0`): signals come here on a dispatch
    /// queue and are handed to the editor thread, the only one allowed to touch readline.
    private static func installSignalHandlers(mailbox: EditorMailbox,
                                              continuation: AsyncStream<EditorInput>.Continuation) -> SignalSources {
        let actions: [(Int32, @Sendable () -> Void)] = [
            (SIGINT, { mailbox.post(.interrupt) }),
            (SIGWINCH, { mailbox.post(.resize) }),
            (SIGTERM, { continuation.yield(.terminate) }),
            (SIGHUP, { continuation.yield(.terminate) }),
        ]
        var sources: [any DispatchSourceSignal] = []
        for (number, action) in actions {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            // @Sendable: an inferred @MainActor handler traps when the signal fires on a global queue.
            source.setEventHandler { @Sendable in action() }
            source.resume()
            sources.append(source)
        }
        return SignalSources(sources: sources)
    }
}

/// Dispatch sources are thread-safe but not marked Sendable; these are set once and only cancelled.
private struct SignalSources: @unchecked Sendable {
    let sources: [any DispatchSourceSignal]
}

/// A closure handed to a new pthread through an unmanaged pointer.
private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// readline must not run on the cooperative pool (two threads on a two-core machine): its own pthread.
private func startThread(_ body: @escaping () -> Void) -> pthread_t {
    var thread = pthread_t()
    let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
    let result = pthread_create(&thread, nil, { raw in
        Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
    }, box)
    precondition(result == 0, "coach: cannot start the line editor's thread")
    return thread
}
