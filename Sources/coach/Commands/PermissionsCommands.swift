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
    static let configuration = CommandConfiguration(
        commandName: "permissions", abstract: "Which clients may write and read which data; how much each source wrote.",
        discussion: """
            A client that names itself (`hello {"client":"hr-bridge"}`, `coach --as NAME`) may
            write and read a type only once you allow it: in the REPL when it asks, or here.
            TYPES are comma-separated: heartRate, distance, activeEnergy, cadence, power,
            stepCount, dietaryWater, workouts, location, or all. See docs/permissions.md.

            Examples:
              coach permissions                                     # every client and source
              coach permissions grant hr-bridge --share heartRate,power --read workouts
              coach permissions revoke hr-bridge --share heartRate
              coach permissions reset hr-bridge                     # it will be asked again
              coach config unnamed-clients ask                      # unnamed clients need permission too
            """,
        subcommands: [PermissionsListCommand.self, PermissionsGrantCommand.self, PermissionsRevokeCommand.self,
                      PermissionsResetCommand.self],
        defaultSubcommand: PermissionsListCommand.self)
}

struct PermissionsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Every client with its decisions and what each source wrote (the default).")

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
    @Option(help: ArgumentHelp("Types it may write (comma-separated).", valueName: "types")) var share: String?
    @Option(help: ArgumentHelp("Types it may read (comma-separated).", valueName: "types")) var read: String?

    func validate() throws {
        guard share != nil || read != nil else { throw ValidationError("Name types with --share and/or --read (e.g. --share heartRate).") }
        for list in [share, read].compactMap({ $0 }) {
            if case .failure(let unknown) = AuthorizationType.parseList(list) { throw ValidationError(unknown.description) }
        }
    }

    var params: [(String, JSONValue)] {
        [("share", .string(share ?? "")), ("read", .string(read ?? ""))]
    }
}

struct PermissionsGrantCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "grant", abstract: "Allow a client to write and/or read types.",
        discussion: "Example: coach permissions grant hr-bridge --share heartRate,power --read workouts")

    @OptionGroup var gateway: GatewayOptions
    @Argument(help: "The client's name, as `coach permissions` lists it.") var name: String
    @OptionGroup var types: PermissionTypes

    func run() throws {
        try PermissionCall.changeClient("permissions.grant", name, types.params, options: gateway, done: "allowed", counted: "changed")
    }
}

struct PermissionsRevokeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "revoke", abstract: "Deny a client writing and/or reading types (its writes fail with errorAuthorizationDenied).",
        discussion: "Example: coach permissions revoke hr-bridge --share heartRate")

    @OptionGroup var gateway: GatewayOptions
    @Argument(help: "The client's name.") var name: String
    @OptionGroup var types: PermissionTypes

    func run() throws {
        try PermissionCall.changeClient("permissions.revoke", name, types.params, options: gateway, done: "denied", counted: "changed")
    }
}

struct PermissionsResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", abstract: "Forget every decision about a client; it will be asked again.",
        discussion: "Example: coach permissions reset hr-bridge")

    @OptionGroup var gateway: GatewayOptions
    @Argument(help: "The client's name.") var name: String

    func run() throws {
        try PermissionCall.changeClient("permissions.reset", name, options: gateway, done: "forgotten", counted: "decisions")
    }
}

struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config", abstract: "Gateway settings kept in the store: the policy for unnamed clients.",
        discussion: """
            unnamed-clients: trusted (the default: a client that never says `hello`, such as
            `echo … | socat`, may do what you may) or ask (it is named by its executable, e.g.
            "socat", and needs permission like any named client).

            Examples:
              coach config                           # every setting
              coach config unnamed-clients           # one setting
              coach config unnamed-clients ask
            """)

    @OptionGroup var gateway: GatewayOptions
    @Argument(help: "The setting (unnamed-clients).") var key: String?
    @Argument(help: "Its new value.") var value: String?

    func validate() throws {
        if let key, key != "unnamed-clients" { throw ValidationError("Unknown setting '\(key)'; the settings are: unnamed-clients.") }
        if let value, UnnamedClientPolicy(rawValue: value) == nil {
            throw ValidationError("unnamed-clients is trusted or ask, not '\(value)'.")
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
        print(options.json ? result.json.serialized() : "\(name): \(done) (\(result.changed) \(counted)).")
    }
}

/// `coach permissions` as text: one line per client.
enum PermissionsText {
    static func table(_ result: PermissionListResult) -> String {
        var lines = ["Unnamed clients: \(result.unnamedClients)"]
        guard !result.clients.isEmpty else {
            return lines.joined(separator: "\n") + "\nNo client has asked or written anything yet.\n"
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
        if !denied.isEmpty { parts.append("not " + denied.joined(separator: ",")) }
        return parts.joined(separator: "; ")
    }
}
