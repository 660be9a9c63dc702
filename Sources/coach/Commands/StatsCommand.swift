// `coach stats ID --interval 1min` / `--by step`: a saved workout's statistics per interval or per
// step of the plan it ran (docs/export.md, docs/plans.md).

import ArgumentParser
import CoachCore
import CoachExport
import CoachGateway
import CoachStore
import Foundation

struct StatsCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("stats") }

    @OptionGroup var options: StoreOptions
    @Argument(help: .words("stats", "id")) var id: String
    @Option(help: .words("stats", "interval", valueName: "duration")) var interval: String?
    @Option(help: .words("stats", "by", valueName: "step")) var by: Grouping?

    enum Grouping: String, ExpressibleByArgument, CaseIterable { case step }

    func validate() throws {
        if by != nil, interval != nil { throw ValidationError(words: "stats", "both") }
        _ = try seconds()
    }

    private func seconds() throws -> Double {
        let interval = self.interval ?? "1min"
        guard case .time(let seconds)? = WorkoutGoal(shorthand: interval), seconds >= 1 else {
            throw ValidationError(words: "stats", "bad_interval", ["interval": interval])
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
                OneShot.printError(CLIWords.text("stats", "no_plan", ["workout": String(detail.summary.id.prefix(8)), "id": id]))
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
