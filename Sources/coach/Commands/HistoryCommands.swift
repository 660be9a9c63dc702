// `coach history` and `coach show ID`: saved workouts, read straight from the store (no gateway
// needed; SQLite's WAL lets us read while a gateway writes).

import CoachWire
import ArgumentParser
import CoachCore
import CoachExport
import CoachGateway
import CoachSettings
import CoachStore
import Foundation

struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: .words("store", "store", valueName: "path"))
    var store: String?

    @Flag(name: .long, help: .words("store", "json"))
    var json = false

    /// `--since`/`--until` words as dates: the start of what `since` names, the end of what
    /// `until` names (DateExpression), in the user's time zone.
    static func range(since: String?, until: String?, now: Date = Date()) throws -> (Date?, Date?) {
        let calendar = PeriodSummary.calendar()
        func resolve(_ text: String?, _ option: String) throws -> DateInterval? {
            guard let text else { return nil }
            guard let interval = DateExpression.interval(text, now: now, calendar: calendar) else {
                throw ValidationError("--\(option): " + DateExpression.problem(text) + ".")
            }
            return interval
        }
        let start = try resolve(since, "since")?.start
        let end = try resolve(until, "until")?.end
        if let start, let end, start >= end { throw ValidationError(words: "store", "empty_range") }
        return (start, end)
    }

    func open() throws -> WorkoutStore {
        // Locked means protected (docs/permissions.md): health data is not read until unlocked.
        if StateDirectory().isLocked {
            OneShot.printError(CLIWords.text("store", "locked"))
            throw ExitCode(ExitStatus.noPermission.rawValue)
        }
        let path = store ?? StorePaths.databasePath()
        guard FileManager.default.fileExists(atPath: path) else {
            OneShot.printError(CLIWords.text("store", "no_store", ["path": path]))
            throw ExitCode(ExitStatus.noMatchingWorkout.rawValue)
        }
        do {
            return try WorkoutStore.open(path: path, readOnly: true)
        } catch {
            OneShot.printError("\(error)")
            throw ExitCode.failure
        }
    }
}

struct HistoryCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("history") }

    @OptionGroup var options: StoreOptions
    @Option(help: .words("history", "limit")) var limit: Int?
    @Flag(help: .words("history", "all")) var all = false
    @Option(help: .words("history", "source", valueName: "name"))
    var source: String?
    @Option(help: .words("history", "summary", valueName: "day|week|month"))
    var summary: SummaryPeriod?
    @Option(help: .words("history", "since", valueName: "when")) var since: String?
    @Option(help: .words("history", "until", valueName: "when")) var until: String?

    func validate() throws {
        _ = try StoreOptions.range(since: since, until: until)
        if let limit, limit < 1 { throw ValidationError(words: "history", "bad_limit") }
        if summary != nil && all { throw ValidationError(words: "history", "summary_all") }
    }

    func run() throws {
        let store = try options.open()
        let (start, end) = try StoreOptions.range(since: since, until: until)
        if let summary {
            let calendar = PeriodSummary.calendar()
            let workouts = try store.history(source: source, since: start, until: end)
            let periods = PeriodSummary.totals(of: workouts, by: summary, calendar: calendar, limit: limit,
                                               typeTotals: try store.sampleTotals(ofWorkouts: workouts.map(\.id)))
            print(options.json ? WorkoutFormatter.summaryJSON(periods) : WorkoutFormatter.summaryText(periods, calendar: calendar),
                  terminator: options.json ? "\n" : "")
            return
        }
        let workouts = try store.history(limit: limit, includeAll: all, source: source, since: start, until: end)
        print(options.json ? WorkoutFormatter.historyJSON(workouts) : WorkoutFormatter.historyText(workouts, wording: .builtIn(.en)), terminator: options.json ? "\n" : "")
    }
}

struct ShowCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("show") }

    @OptionGroup var options: StoreOptions
    @Argument(help: .words("show", "id")) var id: String
    @Flag(help: .words("show", "chart"))
    var chart = false
    @Argument(help: .words("show", "svg_file", valueName: "file.svg")) var svgFile: String?

    func validate() throws {
        if svgFile != nil && !chart { throw ValidationError(words: "show", "file_alone") }
    }

    func run() throws {
        let store = try options.open()
        do {
            let detail = try store.workout(matching: id)
            if chart {
                try ChartOutput.show(WorkoutRecording(store: store, detail: detail), svgFile: svgFile)
                return
            }
            // Zones need the settings (maximum heart rate, FTP): a file with a bad value is named, as everywhere.
            let settings: CoachSettings
            do { settings = try CoachSettings.load() } catch {
                OneShot.printError("\(error)")
                throw ExitCode.failure
            }
            let zones = HeartRateZoneReport(store: store, workoutID: detail.summary.id, settings: settings)
            let power = PowerZoneReport(store: store, workoutID: detail.summary.id, end: detail.summary.endDate, settings: settings)
            let steps = detail.events.contains { $0.type == .segment }
                ? StatisticsCollection.collectSteps(try WorkoutRecording(store: store, detail: detail)) : []
            if options.json {
                let text = WorkoutFormatter.showJSON(detail)
                guard zones != nil || power != nil || !steps.isEmpty,
                      case .object(var members)? = try? JSONValue(parsing: text) else { print(text); return }
                if let zones { members.append(("heartRateZones", zones.json)) }
                members += power?.json ?? []
                if !steps.isEmpty, let encoded = try? JSONValue(parsing: StatsCommand.json(steps)) { members.append(("steps", encoded)) }
                print(JSONValue.object(members).serialized())
            } else {
                let plan = steps.first?.step?.plan ?? CLIWords.text("show", "the_plan")
                let stepsText = steps.isEmpty ? "" : CLIWords.text("show", "steps_of", ["plan": plan]) + StatisticsCollection.text(steps)
                print(WorkoutFormatter.showText(detail, wording: .builtIn(.en)) + (zones.map { "\n" + $0.text } ?? "")
                      + (power.map { "\n" + $0.text } ?? "") + stepsText, terminator: stepsText.isEmpty ? "\n" : "")
            }
        } catch let error as WorkoutLookupError {
            OneShot.printError(error.description)
            throw ExitCode(ExitStatus.noMatchingWorkout.rawValue)
        }
    }
}

extension SummaryPeriod: ExpressibleByArgument {}
