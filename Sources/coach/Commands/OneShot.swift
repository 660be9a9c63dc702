// One-shot commands: connect (starting a gateway in the background if none runs), send one
// request, print the reply, and exit with the status the reply's code maps to.

import CoachWire
import ArgumentParser
import CoachCore
import CoachGateway
import CoachLanguage
import CoachSettings
import CoachVoice
import Foundation

enum OneShot {
    /// The path of this executable, for starting `coach serve` in the background.
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// A gateway started for a one-shot command stops once idle for this long (`COACH_IDLE_EXIT`,
    /// else 10 minutes; "never" keeps it running, as `coach serve` started by hand or systemd does).
    static var autostartArguments: [String] {
        let setting = ProcessInfo.processInfo.environment["COACH_IDLE_EXIT"] ?? "10m"
        if ServeCommand.never(setting) { return [] }
        guard ServeCommand.idleDuration(setting) != nil else {
            printError("COACH_IDLE_EXIT=\(setting) is not a duration (e.g. 10m, 1h, never); using 10m")
            return ["--idle-exit", "10m"]
        }
        return ["--idle-exit", setting]
    }

    static func connect(_ options: GatewayOptions) throws -> GatewayClient {
        let client: GatewayClient
        do {
            client = try GatewayLauncher.connect(location: options.location, autostart: !options.noStart,
                                                 executable: executablePath, extraArguments: autostartArguments)
        } catch {
            printError(error.description)
            if case .untrusted = error { throw ExitCode(ExitStatus.noPermission.rawValue) }
            throw ExitCode(ExitStatus.unreachable.rawValue)
        }
        // `--as NAME`: this command speaks for that client, with its permissions (docs/permissions.md).
        // Without it the gateway sees Coach's own executable: the user.
        if let name = options.clientName {
            do {
                _ = try client.call("hello", ["client": .string(name)], as: HelloResult.self)
            } catch {
                printError(error.description)
                throw ExitCode(ExitStatus.usage.rawValue)
            }
        }
        return client
    }

    /// Calls `method` and prints the result: the message line, or the JSON object with `--json`.
    static func run(_ method: String, _ params: JSONValue = .object([]), options: GatewayOptions) throws {
        let client = try connect(options)
        var params = params
        if let lang = options.lang, case .object(var members) = params {
            members.append(("lang", .string(lang.rawValue)))
            params = .object(members)
        }
        let result: JSONValue
        do {
            result = try client.call(method, params)
        } catch {
            printError(error.description)
            throw ExitCode(exitStatus(for: error).rawValue)
        }
        speakReply(result, options: options)
        try finish(result, json: options.json)
    }

    /// How a failed request ends the command: bad params are a usage error; a refusal for want
    /// of permission (or while locked) is 77, as EX_NOPERM.
    static func exitStatus(for error: GatewayClientError) -> ExitStatus {
        guard case .rpc(let rpc) = error else { return .failure }
        if rpc.code == -32602 { return .usage }
        let code = rpc.data?["code"]?.stringValue ?? ""
        if rpc.code == -32001, code.hasPrefix("errorAuthorization") || code == "errorDatabaseInaccessible" { return .noPermission }
        return .failure
    }

    /// `--speak` / `--speak-to FILE` (or `voice.speak: true` in the settings): says the reply's
    /// message, waiting for it before the command exits. Speech that cannot happen is reported, not fatal.
    static func speakReply(_ result: JSONValue, options: GatewayOptions) {
        let settings = (try? CoachSettings.load()) ?? CoachSettings()
        guard options.speak || options.speakTo != nil || settings.voice.speak,
              let message = result["message"]?.stringValue, !message.isEmpty else { return }
        do {
            let speaker = try Speaker(settings: settings,
                                      output: options.speakTo.map { .file($0) } ?? .device(settings.voice.outputDevice))
            let language = options.lang?.rawValue ?? Language.detect(message).rawValue
            speaker.say(message, language: language)
            speaker.finish()
            for note in speaker.notes { printError(note) }
        } catch {
            printError("cannot speak: \(error)")
        }
    }

    static func finish(_ result: JSONValue, json: Bool) throws {
        if json {
            print(result.serialized())
        } else if let message = result["message"]?.stringValue {
            print(message)
        } else {
            print(result.serialized())
        }
        let status = ExitStatus(code: result["code"]?.stringValue ?? "success")
        if status != .success { throw ExitCode(status.rawValue) }
    }

    static func printError(_ text: String) {
        FileHandle.standardError.write(Data(("coach: " + text + "\n").utf8))
    }
}
