// The REPL's command (`coach repl`, the root's default subcommand), its own options, and the
// choice between the interactive REPL and a script.

import ArgumentParser
import CoachCore
import CoachGateway
import CoachLanguage
#if canImport(Glibc)
import Glibc
#endif

struct ReplOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Run a script of REPL lines (- for standard input).", valueName: "file"))
    var script: String?

    @Flag(name: .long, help: "Time moves only on /wait: a script runs instantly and prints the same every time.")
    var virtualClock = false

    @Flag(name: .long, help: "In a script, carry on after a failure (the exit status still reports the first).")
    var keepGoing = false
}

/// `coach repl`, the default command: `coach` alone or `coach --script FILE` lands here.
struct ReplSubcommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl", abstract: "The REPL (the default): type workout commands, or run a script of them.",
        discussion: """
            On a terminal: a readline prompt, the gateway embedded and serving the socket. Otherwise
            (or with --script) lines are read without a prompt and each result is printed.

            Examples:
              coach
              coach --script run.coach --virtual-clock --json
              printf 'start a run\\n/wait 1m\\nstatus\\n' | coach --virtual-clock
            """)

    @OptionGroup var gateway: GatewayOptions
    @OptionGroup var repl: ReplOptions

    func run() async throws {
        let status = await ReplMain.run(repl, gateway: gateway)
        if status != 0 { throw ExitCode(status) }
    }
}

enum ReplMain {
    /// Picks the mode: a script (--script, or stdin not a terminal) or the interactive REPL, which
    /// hosts the gateway and serves the socket.
    static func run(_ options: ReplOptions, gateway: GatewayOptions) async -> Int32 {
        let language = gateway.lang.flatMap { DisplayLanguage(rawValue: $0.rawValue) } ?? .en
        let session = ReplSession(language: language, json: gateway.json)
        let interactive = options.script == nil && isatty(STDIN_FILENO) != 0
        let backend: GatewayBackend
        do {
            backend = try await GatewayBackend.start(virtualClock: options.virtualClock, listen: interactive,
                                                     socket: gateway.location)
        } catch let error as GatewayStartError {
            ScriptRunner.write("coach: \(error.description)", to: STDERR_FILENO)
            if case .alreadyRunning = error { return ReplExitStatus.alreadyRunning }
            return ReplExitStatus.failure
        } catch {
            ScriptRunner.write("coach: \(error)", to: STDERR_FILENO)
            return ReplExitStatus.failure
        }

        if interactive { return await InteractiveRepl.run(backend: backend, session: session) }
        let path = options.script ?? "-"
        let fd = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            ScriptRunner.write("coach: cannot read \(path): \(String(cString: strerror(errno)))", to: STDERR_FILENO)
            await backend.shutdown()
            return ReplExitStatus.usage
        }
        return await ScriptRunner.run(lines: FileLines(fd: fd), backend: backend, session: session,
                                      options: .init(keepGoing: options.keepGoing, name: path))
    }
}
