// `coach delete ID`: deletes a saved workout through the gateway (so a locked Coach refuses, and
// change-feed subscribers hear of it at once), asking on a terminal unless --yes.

import ArgumentParser
import CoachGateway
import CoachWire
import Foundation

struct DeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a saved workout with its samples, route and events.",
        discussion: """
            ID may be any unique prefix of the id that 'coach history' prints. Asks for
            confirmation on a terminal; --yes skips the question (needed in scripts). The
            deletion is final: exports, statistics and history no longer see the workout, and
            'coach changes' reports it as deleted. Refused while Coach is locked.

            Examples:
              coach delete 3f2a
              coach delete 3f2a --yes
            """)
    @OptionGroup var options: GatewayOptions
    @Argument(help: "The workout's id or a unique prefix of it.") var id: String
    @Flag(name: [.short, .long], help: "Delete without asking.") var yes = false

    func run() throws {
        if !yes {
            guard isatty(0) != 0 else {
                OneShot.printError("delete cannot be undone; confirm with --yes")
                throw ExitCode(ExitStatus.needsInput.rawValue)
            }
            let client = try OneShot.connect(options)
            let question: WorkoutDeleteResult
            do { question = try client.call("workouts.delete", ["id": .string(id)], as: WorkoutDeleteResult.self) } catch {
                OneShot.printError(error.description)
                throw ExitCode(Self.exitStatus(for: error).rawValue)
            }
            print((question.message.isEmpty ? "Delete it?" : question.message).replacingOccurrences(of: " Send confirm:true (coach delete --yes) to delete it.", with: "") + " [y/N] ",
                  terminator: "")
            fflush(nil)
            let answer = readLine()?.lowercased().trimmingCharacters(in: .whitespaces) ?? ""
            guard answer == "y" || answer == "yes" else {
                print("Kept it.")
                throw ExitCode(ExitStatus.failure.rawValue)
            }
        }
        let client = try OneShot.connect(options)
        do {
            let result = try client.call("workouts.delete", ["id": .string(id), "confirm": true], as: WorkoutDeleteResult.self)
            print(options.json ? result.json.serialized() : result.message.isEmpty ? "Deleted." : result.message)
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
