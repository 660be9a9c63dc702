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
    @Option(name: .long, help: ArgumentHelp("The store (default: $XDG_DATA_HOME/coach/coach.sqlite).", valueName: "path"))
    var store: String?

    @Flag(name: .long, help: "Print JSON.")
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
        if let start, let end, start >= end { throw ValidationError("--since is not before --until: nothing could match.") }
        return (start, end)
    }

    func open() throws -> WorkoutStore {
        // Locked means protected (docs/permissions.md): health data is not read until unlocked.
        if StateDirectory().isLocked {
            OneShot.printError("health data is protected while Coach is locked (errorDatabaseInaccessible); "
                               + "run `coach unlock` to read it")
            throw ExitCode(ExitStatus.noPermission.rawValue)
        }
        let path = store ?? StorePaths.databasePath()
        guard FileManager.default.fileExists(atPath: path) else {
            OneShot.printError("no store at \(path) yet: nothing has been saved. Start a workout with 'coach start'.")
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
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "List saved workouts, newest first.",
        discussion: """
            Examples:
              coach history
              coach history --all --limit 50     # include discarded and active workouts
              coach history --json
              coach history --summary week       # totals per ISO week (Monday to Sunday)
              coach history --summary month --limit 12
              coach history --source hr-bridge   # only workouts that client started or imported
              coach history --since "last week" --until "last week"
              coach history --since 2026-05-01 --summary day    # per day, with water and steps totals
              coach history --since 30d --summary week

            --since and --until take 2026-05-01, 2026-05-01T07:30:00Z, today, yesterday,
            this week, last week, this month, last month, this year, last year, or 7d
            (the last 7 days); --since is the start of what it names, --until the end.
            """)

    @OptionGroup var options: StoreOptions
    @Option(help: "Show at most this many.") var limit: Int?
    @Flag(help: "Include discarded and active workouts.") var all = false
    @Option(help: ArgumentHelp("Only workouts this source started or imported ('coach permissions' lists sources).",
                               valueName: "name"))
    var source: String?
    @Option(help: ArgumentHelp("Totals per period instead of one line per workout (with --limit: at most that many periods).",
                               valueName: "day|week|month"))
    var summary: SummaryPeriod?
    @Option(help: ArgumentHelp("Only workouts started from then on (a date, 'last week', '7d').", valueName: "when")) var since: String?
    @Option(help: ArgumentHelp("Only workouts started before the end of then.", valueName: "when")) var until: String?

    func validate() throws {
        _ = try StoreOptions.range(since: since, until: until)
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if summary != nil && all { throw ValidationError("--summary totals saved workouts only; leave out --all.") }
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
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show one workout with its statistics.",
        discussion: """
            ID may be any unique prefix of the id that 'coach history' prints.

            Examples:
              coach show 3f2a
              coach show 3f2a9c1e --json
              coach show 3f2a --chart            # heart rate, speed, power, elevation in the terminal
              coach show 3f2a --chart run.svg    # the same charts as an SVG file
            """)

    @OptionGroup var options: StoreOptions
    @Argument(help: "The workout's id or a unique prefix of it.") var id: String
    @Flag(help: "Chart heart rate, speed, power and elevation against time (colour unless NO_COLOR or not a terminal).")
    var chart = false
    @Argument(help: ArgumentHelp("With --chart: write an SVG file instead.", valueName: "file.svg")) var svgFile: String?

    func validate() throws {
        if svgFile != nil && !chart { throw ValidationError("A file name goes with --chart: 'coach show ID --chart FILE.svg'.") }
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
                let stepsText = steps.isEmpty ? "" : "\nSteps of \(steps[0].step?.plan ?? "the plan"):\n" + StatisticsCollection.text(steps)
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
