// The REPL's command (`coach repl`, the root's default subcommand), its own options, and the
// choice between the interactive REPL and a script.

import CoachWire
import CoachApp
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

    @Flag(name: .long, help: "Guest mode: the REPL's own gateway runs workouts but saves nothing.")
    var guest = false
}

/// `coach repl`, the default command: `coach` alone or `coach --script FILE` lands here.
struct ReplSubcommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl", abstract: "The REPL (the default): type workout commands, or run a script of them.",
        discussion: """
            On a terminal: a readline prompt. If a gateway answers on the socket, the REPL is its
            client; otherwise it hosts one in-process and serves the socket. Otherwise (or with
            --script) lines are read without a prompt and each result is printed, by a private
            gateway — or by the one at --socket PATH when that is given explicitly.

            Examples:
              coach
              coach --guest
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
    /// Picks the mode (docs/repl.md, "Modes"):
    /// - interactive (a terminal, no --script): the client of the gateway that answers on the
    ///   socket, else a gateway hosted in-process that serves the socket;
    /// - a script (--script, or stdin not a terminal): a private in-process gateway, so the output
    ///   is repeatable — unless --socket names a gateway explicitly, which the script then drives.
    static func run(_ options: ReplOptions, gateway: GatewayOptions) async -> Int32 {
        let language = gateway.lang ?? .en
        let session = ReplSession(language: language, json: gateway.json)
        let interactive = options.script == nil && isatty(STDIN_FILENO) != 0
        let location = gateway.location
        // Read once: the REPL's own gateway and its voice follow the same file.
        let settings = GatewaySettings.load()

        let backend: ReplBackend
        if interactive {
            switch await interactiveBackend(options, location: location, language: language, settings: settings) {
            case .success(let chosen): backend = chosen
            case .failure(let failure): return failure.status
            }
            return await InteractiveRepl.run(backend: backend, session: session, speech: ReplSpeech(options: gateway, settings: settings.settings))
        }

        if gateway.socket != nil {
            if options.virtualClock || options.guest {
                ScriptRunner.write("coach: --\(options.virtualClock ? "virtual-clock" : "guest") needs the script's own gateway; "
                                   + "it cannot drive the gateway at \(location.path) (leave out --socket)", to: STDERR_FILENO)
                return ReplExitStatus.usage
            }
            do {
                backend = try await ReplTransport.socket(location: location)
            } catch GatewayClientError.untrusted(let refusal) {
                ScriptRunner.write("coach: \(refusal.description)", to: STDERR_FILENO)
                return ReplExitStatus.noPermission
            } catch {
                ScriptRunner.write("coach: " + GatewayClientError.unreachable(location.path, Self.why(error)).description,
                                   to: STDERR_FILENO)
                return ReplExitStatus.unreachable
            }
        } else {
            do {
                backend = try await ReplTransport.embedded(virtualClock: options.virtualClock, guest: options.guest,
                                                         listen: false, socket: location, language: language, settings: settings)
            } catch is GatewayServiceFailure {
                return ReplExitStatus.failure  // its one line is in the log already
            } catch {
                ScriptRunner.write("coach: \(error)", to: STDERR_FILENO)
                return ReplExitStatus.failure
            }
        }
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

    /// Client of a running gateway, else host one. A gateway that starts between the probe and
    /// the bind is joined too.
    private static func interactiveBackend(_ options: ReplOptions, location: SocketLocation, language: Language,
                                           settings: GatewaySettings) async -> Result<ReplBackend, ExitFailure> {
        let ownGateway = options.guest || options.virtualClock
        // Neither join nor serve a socket in a directory another user controls: they could read or
        // answer everything the REPL sends (docs/protocol.md, "Security").
        do { try GatewayTrust.checkDirectory(of: location) } catch {
            return .failure(refuseUntrusted(error))
        }
        if RawSocket.probe(location.path) == .answers {
            if ownGateway { return .failure(refuseOwnGateway(options, location: location)) }
            do { return .success(try await ReplTransport.socket(location: location)) } catch GatewayClientError.untrusted(let refusal) {
                return .failure(refuseUntrusted(refusal))
            } catch {}
        }
        do {
            return .success(try await ReplTransport.embedded(virtualClock: options.virtualClock, guest: options.guest,
                                                           listen: true, socket: location, language: language, settings: settings))
        } catch GatewayStartError.alreadyRunning(let path, let pid) {
            if ownGateway { return .failure(refuseOwnGateway(options, location: location)) }
            do { return .success(try await ReplTransport.socket(location: location)) } catch GatewayClientError.untrusted(let refusal) {
                return .failure(refuseUntrusted(refusal))
            } catch {}
            ScriptRunner.write("coach: \(GatewayStartError.alreadyRunning(path, pid: pid).description)", to: STDERR_FILENO)
            return .failure(ExitFailure(status: ReplExitStatus.alreadyRunning))
        } catch let error as GatewayStartError {
            ScriptRunner.write("coach: \(error.description)", to: STDERR_FILENO)
            return .failure(ExitFailure(status: ReplExitStatus.failure))
        } catch is GatewayServiceFailure {
            return .failure(ExitFailure(status: ReplExitStatus.failure))  // its one line is in the log already
        } catch {
            ScriptRunner.write("coach: \(error)", to: STDERR_FILENO)
            return .failure(ExitFailure(status: ReplExitStatus.failure))
        }
    }

    private static func refuseUntrusted(_ refusal: UntrustedGateway) -> ExitFailure {
        ScriptRunner.write("coach: \(refusal.description)", to: STDERR_FILENO)
        return ExitFailure(status: ReplExitStatus.noPermission)
    }

    /// --guest and --virtual-clock change the gateway itself, so they need the REPL to host it.
    private static func refuseOwnGateway(_ options: ReplOptions, location: SocketLocation) -> ExitFailure {
        let flag = options.guest ? "--guest" : "--virtual-clock"
        ScriptRunner.write("coach: \(flag) needs the REPL to host its own gateway, but one already runs on \(location.path). "
                           + "Stop it, or pass --socket with another path.", to: STDERR_FILENO)
        return ExitFailure(status: ReplExitStatus.alreadyRunning)
    }

    private static func why(_ error: any Error) -> String {
        switch error as? GatewayClientError {
        case .unreachable(_, let why)?: return why
        case .untrusted(let refusal)?: return refusal.description
        case .closed?: return "it closed the connection"
        case .rpc(let rpc)?: return rpc.message
        case .protocolError?, .timedOut?, nil: return "\(error)"
        }
    }
}

struct ExitFailure: Error {
    var status: Int32
}
