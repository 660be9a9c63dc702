// `coach stats ID --interval 1min`: a saved workout's statistics per interval (docs/export.md).

import ArgumentParser
import CoachCore
import CoachExport
import CoachGateway
import CoachStore
import Foundation

struct StatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats", abstract: "Statistics of a saved workout per interval.",
        discussion: """
            Per interval from the start and per metric: the sum for distance and energy, the
            average, minimum and maximum for heart rate, cadence and power (HealthKit's statistics
            collection). Distance comes from the route when no distance was fed.

            Examples:
              coach stats 3f2a --interval 1min
              coach stats 3f2a --interval 5min --json
            """)

    @OptionGroup var options: StoreOptions
    @Argument(help: "The workout's id or a unique prefix of it.") var id: String
    @Option(help: ArgumentHelp("The interval: 30s, 1min, 5min, 1h …", valueName: "duration")) var interval: String = "1min"

    func validate() throws { _ = try seconds() }

    private func seconds() throws -> Double {
        guard case .time(let seconds)? = WorkoutGoal(shorthand: interval), seconds >= 1 else {
            throw ValidationError("--interval takes a duration of at least 1 s, such as 30s, 1min or 1h (got '\(interval)').")
        }
        return seconds
    }

    func run() throws {
        let store = try options.open()
        let detail: WorkoutDetail
        do { detail = try store.workout(matching: id) } catch let error as WorkoutLookupError {
            OneShot.printError(error.description)
            throw ExitCode(ExitStatus.noMatchingWorkout.rawValue)
        }
        let recording = try WorkoutRecording(store: store, detail: detail)
        let intervals = StatisticsCollection.collect(recording, interval: try seconds())
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            print(String(decoding: try encoder.encode(intervals), as: UTF8.self))
        } else {
            print(StatisticsCollection.text(intervals), terminator: "")
        }
    }
}
