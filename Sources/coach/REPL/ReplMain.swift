// The REPL's entry point and its command-line options, kept together so the lead can pull
// `ReplOptions` into the root command with @OptionGroup and call `ReplMain.run`.

import ArgumentParser
import CoachCore
#if canImport(Glibc)
import Glibc
#endif

struct ReplOptions: ParsableArguments {
    @Option(name: .long, help: "Run a script of REPL lines instead of the interactive REPL.")
    var script: String?

    @Flag(name: .long, help: "Print one JSON object per result (the socket's reply object).")
    var json = false

    @Flag(name: .long, help: "Time moves only on /wait: a script runs instantly and prints the same every time.")
    var virtualClock = false

    @Flag(name: .long, help: "In a script, carry on after a failure (the exit status still reports the first).")
    var keepGoing = false

    @Option(name: .long, help: "Answer in this language: en or ja.")
    var lang: String = "en"

    func validate() throws {
        guard DisplayLanguage(rawValue: lang) != nil else { throw ValidationError("--lang must be en or ja") }
    }
}

enum ReplMain {
    /// Picks the mode: a script (--script, or stdin not a terminal) or the interactive REPL.
    /// `makeBackend` is where the lead plugs the Gateway in (embedded or client); its argument is
    /// whether the clock is virtual.
    static func run(_ options: ReplOptions,
                    makeBackend: @Sendable (Bool) async throws -> any ReplBackend = { virtual in
                        EmbeddedStandInBackend(virtualClock: virtual)
                    }) async -> Int32 {
        // Not a NIO process until the Gateway lands: a reader that goes away must not kill us.
        signal(SIGPIPE, SIG_IGN)
        let session = ReplSession(language: DisplayLanguage(rawValue: options.lang) ?? .en, json: options.json)
        let backend: any ReplBackend
        do {
            backend = try await makeBackend(options.virtualClock)
        } catch {
            ScriptRunner.write("coach: \(error)", to: STDERR_FILENO)
            return ReplExitStatus.unreachable
        }

        if let path = options.script {
            let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else {
                ScriptRunner.write("coach: cannot read \(path): \(String(cString: strerror(errno)))", to: STDERR_FILENO)
                return ReplExitStatus.usage
            }
            return await ScriptRunner.run(lines: FileLines(fd: fd), backend: backend, session: session,
                                          options: .init(keepGoing: options.keepGoing, name: path))
        }
        if isatty(STDIN_FILENO) == 0 {
            return await ScriptRunner.run(lines: FileLines(fd: STDIN_FILENO), backend: backend, session: session,
                                          options: .init(keepGoing: options.keepGoing, name: "-"))
        }
        return await InteractiveRepl.run(backend: backend, session: session)
    }
}
