// `coach bridge` (stdin/stdout ⇄ this host's gateway socket, what a mirror runs over ssh) and
// `coach mirror start|stop|status|offer|drop` (docs/mirroring.md).

import ArgumentParser
import CoachGateway
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct BridgeCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("bridge") }

    @Option(name: .long, help: .words("bridge", "socket", valueName: "path")) var socket: String?

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
            OneShot.printError(CLIWords.text("bridge", "no_gateway", ["path": location.path]))
            throw ExitCode(ExitStatus.unreachable.rawValue)
        }
        // The gateway's end is the bridge's end, even while standard input stays open.
        client.relay(input: STDIN_FILENO, output: STDOUT_FILENO)
        Glibc.exit(0)
    }
}

struct MirrorCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        .words("mirror", subcommands: [MirrorStartCommand.self, MirrorStopCommand.self, MirrorStatusCommand.self,
                                      MirrorOfferCommand.self, MirrorDropCommand.self])
    }
}

struct MirrorStartCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("start", key: "mirror_start") }

    @Argument(help: .words("mirror_start", "target")) var target: String
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
    static var configuration: CommandConfiguration { .words("offer", key: "mirror_offer") }

    @Argument(help: .words("mirror_offer", "target")) var target: String
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
    static var configuration: CommandConfiguration { .words("drop", key: "mirror_drop") }

    @Argument(help: .words("mirror_drop", "mirror")) var mirror: String
    @Option(help: .words("mirror_drop", "reason")) var reason: String?
    @OptionGroup var gateway: GatewayOptions

    func run() throws {
        var params: [(String, JSONValue)] = [("mirror", .string(mirror))]
        if let reason { params.append(("reason", .string(reason))) }
        try MirrorCommand.call("mirror.drop", .object(params), options: gateway)
    }
}

struct MirrorStopCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("stop", key: "mirror_stop") }
    @OptionGroup var gateway: GatewayOptions
    func run() throws { try MirrorCommand.call("mirror.stop", options: gateway) }
}

struct MirrorStatusCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("status", key: "mirror_status") }
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
        func words(_ field: String, _ values: [String: String] = [:]) -> String { CLIWords.text("mirror", field, values) }
        func seconds(_ value: Double) -> String { String(format: "%.1f", value) }
        var lines: [String] = []
        if status.stopped == true { lines.append(words("stopped")) }
        if let dropped = status.dropped { lines.append(words("dropped", ["mirrors": dropped.joined(separator: ", ")])) }
        if let link = status.link {
            let target = link.target
            let primary = target.hasPrefix("offered:") ? words("offered_by", ["target": String(target.dropFirst("offered:".count))]) : target
            var line = words("mirror_of", ["primary": primary, "state": link.state])
            if let reason = link.reason { line += words("reason", ["reason": reason]) }
            if let retry = link.retryIn { line += words("retrying", ["seconds": seconds(retry)]) }
            lines.append(line)
            if link.queuedSamples > 0 { lines.append(words("queued", ["count": String(link.queuedSamples)])) }
        } else if let drop = status.drop {
            let primary = drop.target.hasPrefix("offered:") ? String(drop.target.dropFirst("offered:".count)) : drop.target
            lines.append(words("not_mirroring_because", ["reason": drop.reason, "primary": primary]))
        } else if status.stopped == nil, status.role != "primary" {
            lines.append(words("not_mirroring"))
        }
        if !status.mirrors.isEmpty { lines.append(words("mirrored_by", ["mirrors": status.mirrors.joined(separator: ", ")])) }
        for offer in status.offers {
            var line = words("offered_to", ["target": offer.target, "state": offer.state])
            if let reason = offer.reason { line += words("reason", ["reason": reason]) }
            if let retry = offer.retryIn { line += words("offering_again", ["seconds": seconds(retry)]) }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

/// How to reach the other gateway over ssh: the same for `mirror start` (the primary) and
/// `mirror offer` (the mirror).
struct MirrorLinkOptions: ParsableArguments {
    @Option(name: .customLong("remote-coach"), help: .words("mirror", "remote_coach", valueName: "path"))
    var remoteCoach: String?
    @Option(name: .customLong("ssh-option"), help: .words("mirror", "ssh_option", valueName: "key=value"))
    var sshOptions: [String] = []
    @Option(name: .customLong("connect-timeout"), help: .words("mirror", "connect_timeout")) var connectTimeout: Int?

    var params: [(String, JSONValue)] {
        var params: [(String, JSONValue)] = []
        if let remoteCoach { params.append(("remoteCoach", .string(remoteCoach))) }
        if !sshOptions.isEmpty { params.append(("sshOptions", .array(sshOptions.flatMap { ["-o", $0] }.map(JSONValue.string)))) }
        if let connectTimeout { params.append(("connectTimeout", .number(Double(connectTimeout)))) }
        return params
    }
}
