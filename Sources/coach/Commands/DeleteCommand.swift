// `coach delete ID`: deletes a saved workout through the gateway (so a locked Coach refuses, and
// change-feed subscribers hear of it at once), asking on a terminal unless --yes.

import ArgumentParser
import CoachGateway
import CoachWire
import Foundation

struct DeleteCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("delete") }
    @OptionGroup var options: GatewayOptions
    @Argument(help: .words("delete", "id")) var id: String
    @Flag(name: [.short, .long], help: .words("delete", "yes")) var yes = false

    func run() throws {
        if !yes {
            guard isatty(0) != 0 else {
                OneShot.printError(CLIWords.text("delete", "not_a_terminal"))
                throw ExitCode(ExitStatus.needsInput.rawValue)
            }
            let client = try OneShot.connect(options)
            let question: WorkoutDeleteResult
            do { question = try client.call("workouts.delete", ["id": .string(id)], as: WorkoutDeleteResult.self) } catch {
                OneShot.printError(error.description)
                throw ExitCode(Self.exitStatus(for: error).rawValue)
            }
            print((question.message.isEmpty ? CLIWords.text("delete", "question") : question.message).replacingOccurrences(of: " Send confirm:true (coach delete --yes) to delete it.", with: "") + " [y/N] ",
                  terminator: "")
            fflush(nil)
            let answer = readLine()?.lowercased().trimmingCharacters(in: .whitespaces) ?? ""
            guard answer == "y" || answer == "yes" else {
                print(CLIWords.text("delete", "kept"))
                throw ExitCode(ExitStatus.failure.rawValue)
            }
        }
        let client = try OneShot.connect(options)
        do {
            let result = try client.call("workouts.delete", ["id": .string(id), "confirm": true], as: WorkoutDeleteResult.self)
            print(options.json ? result.json.serialized() : result.message.isEmpty ? CLIWords.text("delete", "deleted") : result.message)
        } catch {
            OneShot.printError(error.description)
            throw ExitCode(Self.exitStatus(for: error).rawValue)
        }
    }

    /// An unknown id is "no matching workout" (5), as for `show`; the rest as other commands.
    static func exitStatus(for error: GatewayClientError) -> ExitStatus {
        if case .rpc(let rpc) = error, rpc.code == -32602, rpc.message.contains("No workout matches") { return .noMatchingWorkout }
        return OneShot.exitStatus(for: error)
    }
}
