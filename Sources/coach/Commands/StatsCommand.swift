// `coach stats ID --interval 1min` / `--by step`: a saved workout's statistics per interval or per
// step of the plan it ran (docs/export.md, docs/plans.md).

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
            collection). Distance comes from the route when no distance was fed. A workout that
            ran a plan can be cut at its steps instead (warm-up, each interval and rest, cool-down).

            Examples:
              coach stats 3f2a --interval 1min
              coach stats 3f2a --interval 5min --json
              coach stats 3f2a --by step
            """)

    @OptionGroup var options: StoreOptions
    @Argument(help: "The workout's id or a unique prefix of it.") var id: String
    @Option(help: ArgumentHelp("The interval: 30s, 1min, 5min, 1h …", valueName: "duration")) var interval: String?
    @Option(help: ArgumentHelp("step: one row per step of the plan the workout ran.", valueName: "step")) var by: Grouping?

    enum Grouping: String, ExpressibleByArgument, CaseIterable { case step }

    func validate() throws {
        if by != nil, interval != nil { throw ValidationError("Give --interval or --by step, not both.") }
        _ = try seconds()
    }

    private func seconds() throws -> Double {
        let interval = self.interval ?? "1min"
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
        let intervals: [IntervalStatistics]
        if by == .step {
            intervals = StatisticsCollection.collectSteps(recording)
            guard !intervals.isEmpty else {
                OneShot.printError("Workout \(detail.summary.id.prefix(8)) ran no plan, so it has no steps. Try: coach stats \(id) --interval 1min")
                throw ExitCode(ExitStatus.usage.rawValue)
            }
        } else {
            intervals = StatisticsCollection.collect(recording, interval: try seconds())
        }
        if options.json {
            print(try Self.json(intervals))
        } else {
            print(StatisticsCollection.text(intervals), terminator: "")
        }
    }

    /// The rows as JSON (sorted keys, ISO 8601 dates), for `stats --json` and `show --json`'s steps.
    static func json(_ intervals: [IntervalStatistics]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(intervals), as: UTF8.self)
    }
}
