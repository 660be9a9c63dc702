// The editor thread: the only code that calls GNU readline. It uses readline's callback interface
// and blocks in poll() on the terminal and the mailbox, so an event can be printed between two
// keystrokes: clear the visible line, print, let readline redraw prompt, text and cursor.

@preconcurrency import CReadline
@preconcurrency import Glibc

/// What readline's C callbacks need. They cannot capture, so this lives in statics, touched only on
/// the editor thread (there is one LineEditor per process).
private enum EditorThreadState {
    nonisolated(unsafe) static var continuation: AsyncStream<EditorInput>.Continuation?
    nonisolated(unsafe) static var completer: EditorCompleter?
    nonisolated(unsafe) static var candidates: [String] = []
    nonisolated(unsafe) static var candidateIndex = 0
    nonisolated(unsafe) static var historyPath: String?
    nonisolated(unsafe) static var lastHistoryLine: String?
}

/// The name `$if coach` in ~/.inputrc matches; readline keeps the pointer, so it is never freed.
nonisolated(unsafe) private let readlineName = strdup("coach")

enum EditorThread {
    static func run(_ configuration: EditorConfiguration, mailbox: EditorMailbox,
                    continuation: AsyncStream<EditorInput>.Continuation) {
        // A parent may have started us with signals blocked (threads of a test runner or a service
        // manager do), and every pool thread blocks them: this thread, idle in poll(), takes them.
        var signals = sigset_t()
        sigemptyset(&signals)
        for number in [SIGINT, SIGWINCH, SIGTERM, SIGHUP] { sigaddset(&signals, number) }
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)

        EditorThreadState.continuation = continuation
        EditorThreadState.completer = configuration.completer
        EditorThreadState.historyPath = configuration.historyPath
        setUp(configuration)
        rl_callback_handler_install(configuration.prompt, lineHandler)

        var fds = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                   pollfd(fd: mailbox.readFD, events: Int16(POLLIN), revents: 0)]
        var running = true
        while running {
            if poll(&fds, 2, -1) < 0 {
                if errno == EINTR { continue }
                break
            }
            if fds[1].revents != 0 {
                for message in mailbox.drain() where running {
                    running = perform(message)
                }
            }
            guard running else { break }
            let terminal = fds[0].revents
            if terminal & Int16(POLLIN) != 0 {
                rl_callback_read_char()
            } else if terminal & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                // The terminal is gone: say so once and stop polling it, or poll() would spin.
                fds[0].fd = -1
                continuation.yield(.endOfFile)
            }
        }
        // readline has already drawn the next prompt; wipe it so the shell starts on a clean line.
        rl_clear_visible_line()
        // After Ctrl-D readline's teardown would add a newline (bracketed paste off), leaving a blank line.
        rl_eof_found = 0
        rl_callback_handler_remove()
        fflush(stdout)
        continuation.finish()
        EditorThreadState.continuation = nil
    }

    private static func setUp(_ configuration: EditorConfiguration) {
        // Multibyte input (日本語) needs a UTF-8 ctype; fall back to C.UTF-8 when the environment has none.
        if let current = setlocale(LC_CTYPE, ""), ["C", "POSIX"].contains(String(cString: current)) {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        rl_readline_name = UnsafePointer(readlineName)
        // Signals are ours (LineEditor): readline's handlers would run on whatever thread got them.
        rl_catch_signals = 0
        rl_catch_sigwinch = 0
        rl_change_environment = 0
        rl_attempted_completion_function = attemptCompletion
        using_history()
        stifle_history(Int32(configuration.historyLimit))
        if let path = configuration.historyPath {
            _ = read_history(path)
            if history_length > 0, let last = history_get(history_base + history_length - 1), let line = last.pointee.line {
                EditorThreadState.lastHistoryLine = String(cString: line)
            }
        }
    }

    /// Performs one mailbox message. Returns false when the thread should end.
    private static func perform(_ message: EditorMessage) -> Bool {
        switch message {
        case .print(let text):
            rl_clear_visible_line()
            fputs(text.hasSuffix("\n") ? text : text + "\n", stdout)
            fflush(stdout)
            rl_forced_update_display()
        case .prompt(let prompt):
            // Wipe the old prompt first: readline redraws relative to what it believes is shown.
            rl_clear_visible_line()
            rl_set_prompt(prompt)
            rl_forced_update_display()
        case .interrupt:
            // Bash's behaviour: show ^C, drop the line (and any search or argument in progress), new prompt.
            rl_free_line_state()
            rl_callback_sigcleanup()
            rl_replace_line("", 0)
            fputs("^C\n", stdout)
            fflush(stdout)
            rl_on_new_line()
            rl_redisplay()
            EditorThreadState.continuation?.yield(.interrupt)
        case .resize:
            rl_resize_terminal()
        case .quit:
            return false
        }
        return true
    }
}

// MARK: - C callbacks

/// readline hands over a malloc'ed line, or NULL for Ctrl-D on an empty line.
private let lineHandler: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void = { raw in
    guard let raw else {
        EditorThreadState.continuation?.yield(.endOfFile)
        return
    }
    let line = String(cString: raw)
    free(raw)
    let trimmed = line.trimmingCharacters(in: " \t")
    // Like bash's ignoreboth: no blank lines, no immediate repeats, nothing starting with a space.
    if !trimmed.isEmpty, !line.hasPrefix(" "), line != EditorThreadState.lastHistoryLine {
        add_history(line)
        EditorThreadState.lastHistoryLine = line
        // Written after every line, so a crash or a second REPL loses nothing.
        if let path = EditorThreadState.historyPath { _ = write_history(path) }
    }
    EditorThreadState.continuation?.yield(.line(line))
}

private let attemptCompletion: @convention(c) (UnsafePointer<CChar>?, Int32, Int32)
    -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = { text, start, _ in
    // Our words only: no fallback to file names.
    rl_attempted_completion_over = 1
    guard let text, let completer = EditorThreadState.completer else { return nil }
    let before = rl_line_buffer.map { Array(String(cString: $0).utf8.prefix(Int(start))) } ?? []
    EditorThreadState.candidates = completer(String(decoding: before, as: UTF8.self), String(cString: text))
    EditorThreadState.candidateIndex = 0
    return rl_completion_matches(text, completionGenerator)
}

/// Called with state 0 first, then again until it returns NULL; readline frees what it returns.
private let completionGenerator: @convention(c) (UnsafePointer<CChar>?, Int32) -> UnsafeMutablePointer<CChar>? = { _, state in
    if state == 0 { EditorThreadState.candidateIndex = 0 }
    let candidates = EditorThreadState.candidates
    guard EditorThreadState.candidateIndex < candidates.count else { return nil }
    defer { EditorThreadState.candidateIndex += 1 }
    return strdup(candidates[EditorThreadState.candidateIndex])
}

private extension String {
    func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        return String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}
