// `coach bridge` (stdin/stdout ⇄ this host's gateway socket, what a mirror runs over ssh) and
// `coach mirror start|stop|status|offer|drop` (docs/mirroring.md).

import ArgumentParser
import CoachGateway
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct BridgeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bridge", abstract: "Join standard input and output to this host's gateway socket.",
        discussion: """
            What a mirror runs on the primary through ssh (as `docker system dial-stdio`): bytes
            from standard input go to the gateway, the gateway's go to standard output. At the end
            of standard input the socket is half-closed and the bridge exits once the gateway has
            answered; when the gateway closes first, it exits at once. No gateway: exit 69; a
            socket another user controls: exit 77 (nothing is relayed).

            Examples:
              ssh pi.local coach bridge
              echo '{"jsonrpc":"2.0","id":1,"method":"ping"}' | coach bridge
            """)

    @Option(name: .long, help: ArgumentHelp("The gateway's socket.", valueName: "path")) var socket: String?

    func run() throws {
        let location = SocketLocation.resolve(explicit: socket)
        // The one client's connect: the socket's directory and listener are checked as every
        // client checks them (a planted socket is refused), then bytes are only relayed.
        let client: GatewayClient
        do { client = try GatewayClient(location: location) } catch {
            if case .untrusted(let refusal) = error {
                OneShot.printError(refusal.description)
                throw ExitCode(ExitStatus.noPermission.rawValue)
            }
            OneShot.printError("no gateway answers on \(location.path). Start one with `coach serve`.")
            throw ExitCode(ExitStatus.unreachable.rawValue)
        }
        // The gateway's end is the bridge's end, even while standard input stays open.
        client.relay(input: STDIN_FILENO, output: STDOUT_FILENO)
        Glibc.exit(0)
    }
}

struct MirrorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mirror", abstract: "Mirror the workout of a gateway on another machine (or this one).",
        discussion: """
            The gateway that collects the data is the primary; a mirror shows its
            workout as its own (status line, bars, widget, REPL) and controls it.
            The mirror starts the link (`start`), or the primary does (`offer`);
            the primary can detach a mirror (`drop`). See docs/mirroring.md.

            Examples:
              coach mirror start ssh://pi@bike.local        # on the laptop
              coach mirror offer ssh://me@laptop.local      # the same link, from the Pi
              coach mirror start unix:/run/user/1000/coach/other.sock
              coach mirror status --json
              coach mirror drop laptop.local                # on the Pi
              coach mirror stop                             # on the laptop
            """,
        subcommands: [MirrorStartCommand.self, MirrorStopCommand.self, MirrorStatusCommand.self,
                      MirrorOfferCommand.self, MirrorDropCommand.self])
}

struct MirrorStartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Make this gateway the mirror of the primary at TARGET.",
        discussion: """
            TARGET is ssh://[user@]host[:port] (runs `ssh -T … host coach bridge` with your own
            ~/.ssh/config, keys and known_hosts; no prompts: set up a key first) or unix:PATH
            (a gateway socket on this machine). The link reconnects by itself with backoff; it is
            remembered, so a restarted gateway mirrors again until `coach mirror stop`.

            Examples:
              coach mirror start ssh://pi@bike.local
              coach mirror start ssh://bike.local:2222 --remote-coach /home/pi/.local/bin/coach
            """)

    @Argument(help: "unix:PATH or ssh://[user@]host[:port]") var target: String
    @OptionGroup var link: MirrorLinkOptions
    @OptionGroup var gateway: GatewayOptions

    func validate() throws {
        do { _ = try MirrorTarget(parsing: target) } catch { throw ValidationError(error.description) }
    }

    func run() throws {
        let params: [(String, JSONValue)] = [("target", .string(target))] + link.params
        try MirrorCommand.call("mirror.start", .object(params), options: gateway)
    }
}

struct MirrorOfferCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "offer", abstract: "From the primary: make the gateway at TARGET a mirror of this one.",
        discussion: """
            The primary opens the link itself. For ssh://[user@]host[:port] it runs
            `ssh -T … host coach bridge` (your ~/.ssh/config, keys and known_hosts;
            no prompts), which joins the mirror's gateway; for unix:PATH it connects
            to that socket. The mirror then mirrors exactly as after
            `coach mirror start` there.

            This gateway keeps the link and reconnects it with backoff;
            `coach mirror status` shows it under "offers". The command returns once
            the mirror mirrors, or says why it could not (nothing is left retrying
            then). A gateway that already mirrors another primary refuses.

            Examples:
              coach mirror offer ssh://me@laptop.local
              coach mirror offer ssh://laptop.local:2222 --remote-coach ~/bin/coach
              coach mirror offer unix:/run/user/1000/coach/other.sock
            """)

    @Argument(help: "unix:PATH or ssh://[user@]host[:port] of the mirror's gateway") var target: String
    @OptionGroup var link: MirrorLinkOptions
    @OptionGroup var gateway: GatewayOptions

    func validate() throws {
        do { _ = try MirrorTarget(parsing: target) } catch { throw ValidationError(error.description) }
    }

    func run() throws {
        let params: [(String, JSONValue)] = [("target", .string(target))] + link.params
        try MirrorCommand.call("mirror.offer", .object(params), options: gateway)
    }
}

struct MirrorDropCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "drop", abstract: "From the primary: detach a mirror; its workout carries on here.",
        discussion: """
            MIRROR is the mirror's host name (as `coach mirror status` lists it under
            "Mirrored by") or the target it was offered to. The mirror is told why,
            stops mirroring and says so in its own `coach mirror status`. An offer to
            it is withdrawn; a mirror that started the link itself does not
            reconnect.

            Examples:
              coach mirror drop laptop.local
              coach mirror drop ssh://me@laptop.local --reason "battery low"
            """)

    @Argument(help: "the mirror's host name, or the target it was offered to") var mirror: String
    @Option(help: "Why, said to the mirror.") var reason: String?
    @OptionGroup var gateway: GatewayOptions

    func run() throws {
        var params: [(String, JSONValue)] = [("mirror", .string(mirror))]
        if let reason { params.append(("reason", .string(reason))) }
        try MirrorCommand.call("mirror.drop", .object(params), options: gateway)
    }
}

struct MirrorStopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "stop", abstract: "Stop mirroring; the primary's workout carries on.")
    @OptionGroup var gateway: GatewayOptions
    func run() throws { try MirrorCommand.call("mirror.stop", options: gateway) }
}

struct MirrorStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "The mirroring link: role, target, state, reason, queued samples.")
    @OptionGroup var gateway: GatewayOptions
    func run() throws { try MirrorCommand.call("mirror.status", options: gateway) }
}

extension MirrorCommand {
    static func call(_ method: String, _ params: JSONValue = .object([]), options: GatewayOptions) throws {
        let client = try OneShot.connect(options)
        let result: MirrorStatusResult
        do { result = try client.call(method, params, as: MirrorStatusResult.self) } catch {
            OneShot.printError(error.description)
            if case .rpc(let rpc) = error, rpc.code == -32602 { throw ExitCode(ExitStatus.usage.rawValue) }
            throw ExitCode(ExitStatus.failure.rawValue)
        }
        if options.json {
            print(result.json.serialized())
        } else {
            print(describe(result))
        }
    }

    static func describe(_ status: MirrorStatusResult) -> String {
        var lines: [String] = []
        if status.stopped == true { lines.append("Stopped mirroring.") }
        if let dropped = status.dropped {
            lines.append("Dropped: " + dropped.joined(separator: ", ") + " (the workout carries on here).")
        }
        if let link = status.link {
            let target = link.target
            let primary = target.hasPrefix("offered:") ? "\(target.dropFirst("offered:".count)) (it offered the link)" : target
            var line = "Mirror of \(primary): \(link.state)"
            if let reason = link.reason { line += " (\(reason))" }
            if let retry = link.retryIn { line += String(format: ", retrying in %.1f s", retry) }
            lines.append(line)
            if link.queuedSamples > 0 { lines.append("\(link.queuedSamples) sample(s) queued for the primary") }
        } else if let drop = status.drop {
            let primary = drop.target.hasPrefix("offered:") ? String(drop.target.dropFirst("offered:".count)) : drop.target
            lines.append("Not mirroring: \(drop.reason) (was the mirror of \(primary)).")
        } else if status.stopped == nil, status.role != "primary" {
            lines.append("Not mirroring.")
        }
        if !status.mirrors.isEmpty { lines.append("Mirrored by: " + status.mirrors.joined(separator: ", ")) }
        for offer in status.offers {
            var line = "Offered to \(offer.target): \(offer.state)"
            if let reason = offer.reason { line += " (\(reason))" }
            if let retry = offer.retryIn { line += String(format: ", offering again in %.1f s", retry) }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

/// How to reach the other gateway over ssh: the same for `mirror start` (the primary) and
/// `mirror offer` (the mirror).
struct MirrorLinkOptions: ParsableArguments {
    @Option(name: .customLong("remote-coach"), help: ArgumentHelp("The coach executable on the other machine.", valueName: "path"))
    var remoteCoach: String?
    @Option(name: .customLong("ssh-option"), help: ArgumentHelp("An ssh -o option (repeatable), before Coach's own.", valueName: "key=value"))
    var sshOptions: [String] = []
    @Option(name: .customLong("connect-timeout"), help: "ssh's ConnectTimeout in seconds.") var connectTimeout: Int?

    var params: [(String, JSONValue)] {
        var params: [(String, JSONValue)] = []
        if let remoteCoach { params.append(("remoteCoach", .string(remoteCoach))) }
        if !sshOptions.isEmpty { params.append(("sshOptions", .array(sshOptions.flatMap { ["-o", $0] }.map(JSONValue.string)))) }
        if let connectTimeout { params.append(("connectTimeout", .number(Double(connectTimeout)))) }
        return params
    }
}
