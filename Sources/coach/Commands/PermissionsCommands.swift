// `coach permissions …` and `coach config unnamed-clients`: the user's side of permissions, as
// HealthKit's Settings ▸ Health ▸ Data Access: which client may write and read which type, how
// much each source wrote, and the policy for clients that never say who they are. Every change
// goes through the gateway (started if none runs), which stores it and applies it at once.

import ArgumentParser
import CoachCore
import CoachGateway
import CoachWire
import Foundation

struct PermissionsCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        .words("permissions", subcommands: [PermissionsListCommand.self, PermissionsGrantCommand.self,
                                           PermissionsRevokeCommand.self, PermissionsResetCommand.self],
               defaultSubcommand: PermissionsListCommand.self)
    }
}

struct PermissionsListCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("list", key: "permissions_list") }

    @OptionGroup var gateway: GatewayOptions

    func run() throws {
        let result = try PermissionCall.call("permissions.list", .object([]), as: PermissionListResult.self, options: gateway)
        if gateway.json {
            print(result.json.serialized())
            return
        }
        print(PermissionsText.table(result), terminator: "")
    }
}

struct PermissionTypes: ParsableArguments {
    @Option(help: .words("permissions", "share", valueName: "types")) var share: String?
    @Option(help: .words("permissions", "read", valueName: "types")) var read: String?

    func validate() throws {
        guard share != nil || read != nil else { throw ValidationError(words: "permissions", "no_types") }
        for list in [share, read].compactMap({ $0 }) {
            if case .failure(let unknown) = AuthorizationType.parseList(list) { throw ValidationError(unknown.description) }
        }
    }

    var params: [(String, JSONValue)] {
        [("share", .string(share ?? "")), ("read", .string(read ?? ""))]
    }
}

struct PermissionsGrantCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("grant", key: "permissions_grant") }

    @OptionGroup var gateway: GatewayOptions
    @Argument(help: .words("permissions_grant", "name")) var name: String
    @OptionGroup var types: PermissionTypes

    func run() throws {
        try PermissionCall.changeClient("permissions.grant", name, types.params, options: gateway, done: "allowed", counted: "changed")
    }
}

struct PermissionsRevokeCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("revoke", key: "permissions_revoke") }

    @OptionGroup var gateway: GatewayOptions
    @Argument(help: .words("permissions", "name")) var name: String
    @OptionGroup var types: PermissionTypes

    func run() throws {
        try PermissionCall.changeClient("permissions.revoke", name, types.params, options: gateway, done: "denied", counted: "changed")
    }
}

struct PermissionsResetCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("reset", key: "permissions_reset") }

    @OptionGroup var gateway: GatewayOptions
    @Argument(help: .words("permissions", "name")) var name: String

    func run() throws {
        try PermissionCall.changeClient("permissions.reset", name, options: gateway, done: "forgotten", counted: "decisions")
    }
}

struct ConfigCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("config") }

    @OptionGroup var gateway: GatewayOptions
    @Argument(help: .words("config", "key")) var key: String?
    @Argument(help: .words("config", "value")) var value: String?

    func validate() throws {
        if let key, key != "unnamed-clients" { throw ValidationError(words: "config", "unknown", ["key": key]) }
        if let value, UnnamedClientPolicy(rawValue: value) == nil {
            throw ValidationError(words: "config", "bad_value", ["value": value])
        }
    }

    func run() throws {
        let params: JSONValue = value.map { ["unnamedClients": .string($0)] } ?? .object([])
        let result = try PermissionCall.call("permissions.policy", params, as: PolicyResult.self, options: gateway)
        print(gateway.json ? result.json.serialized() : (key == nil ? "unnamed-clients: \(result.unnamedClients)" : result.unnamedClients))
    }
}

/// One permission request to the gateway; errors end the command with a clear line.
enum PermissionCall {
    static func call<Result: WireMessage>(_ method: String, _ params: JSONValue, as type: Result.Type,
                                          options: GatewayOptions) throws -> Result {
        let client = try OneShot.connect(options)
        do {
            return try client.call(method, params, as: type)
        } catch {
            OneShot.printError(error.description)
            if case .rpc(let rpc) = error, rpc.code == -32602 { throw ExitCode(ExitStatus.usage.rawValue) }
            if case .rpc(let rpc) = error, rpc.code == -32001 { throw ExitCode(ExitStatus.noPermission.rawValue) }
            throw ExitCode(ExitStatus.failure.rawValue)
        }
    }

    /// grant, revoke and reset: change one client's decisions, then print the result or
    /// "<name>: <done> (<changed> <counted>)."
    static func changeClient(_ method: String, _ name: String, _ types: [(String, JSONValue)] = [],
                             options: GatewayOptions, done: String, counted: String) throws {
        let result = try call(method, .object([("client", .string(name))] + types), as: PermissionChangeResult.self, options: options)
        print(options.json ? result.json.serialized()
              : CLIWords.text("permissions", "changed", ["name": name, "done": done, "changed": "\(result.changed)", "counted": counted]))
    }
}

/// `coach permissions` as text: one line per client.
enum PermissionsText {
    static func table(_ result: PermissionListResult) -> String {
        var lines = [CLIWords.text("permissions", "unnamed", ["policy": "\(result.unnamedClients)"])]
        guard !result.clients.isEmpty else {
            return lines.joined(separator: "\n") + CLIWords.text("permissions", "none_yet")
        }
        var rows: [[String]] = [["CLIENT", "WRITE", "READ", "SAMPLES", "WORKOUTS"]]
        for client in result.clients {
            rows.append([client.name, decisions(client.share), decisions(client.read), "\(client.samples)", "\(client.workouts)"])
        }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
        lines.append("")
        for row in rows {
            lines.append(row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// "heartRate, power; not distance" — allowed types, then the denied ones.
    static func decisions(_ members: [(String, String)]) -> String {
        guard !members.isEmpty else { return "-" }
        let allowed = members.filter { $0.1 == "allowed" }.map(\.0)
        let denied = members.filter { $0.1 == "denied" }.map(\.0)
        var parts: [String] = []
        if !allowed.isEmpty { parts.append(allowed.joined(separator: ",")) }
        if !denied.isEmpty { parts.append(CLIWords.text("permissions", "not", ["types": denied.joined(separator: ",")])) }
        return parts.joined(separator: "; ")
    }
}
