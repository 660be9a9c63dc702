// `coach status`: the workout now, once or following every change.

import ArgumentParser
import CoachCore
import CoachGateway
import CoachLanguage
import Foundation

struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show the workout's status.",
        discussion: """
            Examples:
              coach status
              coach status --format json
              coach status --follow --format json     # one line per change, flushed
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup var options: GatewayOptions
    @Option(help: "Output format: text or json.") var format: Format = .text
    @Flag(help: "Keep printing every change.") var follow = false

    func run() throws {
        let client = try OneShot.connect(options)
        let lang: JSONValue = .string(options.lang?.rawValue ?? "en")
        if !follow {
            let result: JSONValue
            do { result = try client.call("status", ["lang": lang]) } catch {
                OneShot.printError(error.description)
                throw ExitCode(ExitStatus.failure.rawValue)
            }
            print(format == .json || options.json ? (result["workout"] ?? result).serialized() : result["message"]?.stringValue ?? "")
            return
        }
        do {
            _ = try client.call("subscribe", ["events": false, "status": true, "lang": lang])
            while true {
                let line = try client.readLine()
                guard let message = try? JSONValue(parsing: line), message["method"]?.stringValue == "status",
                      let params = message["params"] else { continue }
                if format == .json || options.json {
                    print(params.serialized())
                } else {
                    let state = params["state"]?.stringValue ?? "?"
                    let elapsed = Int(params["elapsed"]?.doubleValue ?? 0)
                    print("\(params["activity"]?.stringValue ?? "workout") \(state) \(elapsed / 60):\(String(format: "%02d", elapsed % 60))")
                }
                fflush(nil)
            }
        } catch {
            OneShot.printError(error.description)
            throw ExitCode(ExitStatus.unreachable.rawValue)
        }
    }
}
