// The workout commands: say, start, pause, resume, end, cancel, lap — each one request to the gateway.

import CoachWire
import ArgumentParser
import CoachCore
import CoachGateway
import Foundation

extension LocationType: ExpressibleByArgument {}

struct SayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "say", abstract: "Say one utterance to the gateway and print its answer.",
        discussion: """
            Examples:
              coach say start a 30 minute outdoor run
              coach say "ちょっと止めて"
            """)

    @OptionGroup var options: GatewayOptions
    @Argument(help: "The utterance.") var text: [String]

    func validate() throws {
        if text.joined().trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("Say something, e.g. coach say pause") }
    }

    func run() throws {
        try OneShot.run("say", ["text": .string(text.joined(separator: " "))], options: options)
    }
}

struct StartCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "start", abstract: "Start a workout.",
        discussion: """
            ACTIVITY is a HealthKit activity name: running, walking, cycling, swimming, hiking, yoga,
            highIntensityIntervalTraining, traditionalStrengthTraining, … (coach start --list).

            Examples:
              coach start running --location outdoor --goal 30min
              coach start cycling --goal 20km
              coach start highIntensityIntervalTraining --goal 500kcal
              coach start cycling --collect heartRate,power   # only these sample types
              coach start running --no-collect cadence        # every type but cadence
              coach start cycling --wait-sensors 10s          # the countdown waits for the sensors
              coach start --race 3f2a                          # race that saved workout (docs/plans.md)
              coach start running --race last --race-distance 5km   # race my last 5k
            """)

    @OptionGroup var options: GatewayOptions
    @Argument(help: "What kind of workout (default: asks).") var activity: String?
    @Option(help: "indoor or outdoor.") var location: LocationType?
    @Option(help: ArgumentHelp("A goal: a time (30min, 1h30m), a distance (5km, 3mi) or an energy (500kcal); or open.", valueName: "goal"))
    var goal: String?
    @Option(help: "Your own name for this workout.") var name: String?
    @Flag(help: "List the activity names and exit.") var list = false
    @Option(help: ArgumentHelp("Collect only these sample types (comma-separated: heartRate,power).", valueName: "types"))
    var collect: String?
    @Option(name: .customLong("no-collect"), help: ArgumentHelp("Refuse these sample types (comma-separated).", valueName: "types"))
    var noCollect: String?
    @Option(help: ArgumentHelp("Hold the countdown until the remembered sensors connect, at most this long (10s, 1m).",
                               valueName: "duration"))
    var waitSensors: String?
    @Option(help: ArgumentHelp("Race a saved workout: its id (or a prefix, coach history) or last (the newest of the activity).",
                               valueName: "id|last"))
    var race: String?
    @Option(name: .customLong("race-distance"),
            help: ArgumentHelp("With --race last: the newest workout within 10 % of this distance (5km, 10mi).", valueName: "distance"))
    var raceDistance: String?

    /// "heartRate, power" → the names, each checked (a usage error names the one that is not a type).
    static func sampleTypes(_ text: String?, option: String) throws -> [String]? {
        guard let text else { return nil }
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for name in names where QuantityType(name: name) == nil {
            throw ValidationError("\(option): '\(name)' is not a sample type. One of: \(QuantityType.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        return names
    }

    func validate() throws {
        if let activity, ActivityType(rawValue: activity) == nil {
            let close = ActivityType.allCases.map(\.rawValue).filter { $0.lowercased().hasPrefix(activity.lowercased().prefix(3)) }
            throw ValidationError("Unknown activity '\(activity)'." + (close.isEmpty ? " See coach start --list." : " Did you mean \(close.prefix(3).joined(separator: ", "))?"))
        }
        if let goal, WorkoutGoal(shorthand: goal) == nil {
            throw ValidationError("'\(goal)' is not a goal. Examples: 30min, 1h30m, 5km, 3mi, 500kcal, open.")
        }
        _ = try Self.sampleTypes(collect, option: "--collect")
        _ = try Self.sampleTypes(noCollect, option: "--no-collect")
        if let waitSensors, (DurationText.parse(waitSensors).map { $0 > .seconds(300) } ?? true) {
            throw ValidationError("--wait-sensors takes a duration up to 5 minutes, e.g. 10s or 1m.")
        }
        _ = try raceMetres()
    }

    /// --race-distance in metres; only with --race last.
    private func raceMetres() throws -> Double? {
        guard let raceDistance else { return nil }
        guard race?.lowercased() == "last" else { throw ValidationError("--race-distance goes with --race last (coach start running --race last --race-distance 5km).") }
        guard case .distance(let metres)? = WorkoutGoal(shorthand: raceDistance), metres > 0 else {
            throw ValidationError("--race-distance takes a distance such as 5km, 10mi or 800m (got '\(raceDistance)').")
        }
        return metres
    }

    func run() throws {
        if list {
            let wording = Wording.builtIn(.en)
            for activity in ActivityType.allCases where !activity.isDeprecated {
                print(activity.rawValue.padding(toLength: 32, withPad: " ", startingAt: 0) + wording.label(activity))
            }
            return
        }
        var params: [(String, JSONValue)] = []
        if let activity { params.append(("activity", .string(activity))) }
        if let location { params.append(("location", .string(location.rawValue))) }
        if let goal { params.append(("goal", .string(goal))) }
        if let name { params.append(("name", .string(name))) }
        if let types = try Self.sampleTypes(collect, option: "--collect") { params.append(("collect", .array(types.map { .string($0) }))) }
        if let types = try Self.sampleTypes(noCollect, option: "--no-collect") { params.append(("noCollect", .array(types.map { .string($0) }))) }
        if let race { params.append(("race", .string(race))) }
        if let metres = try raceMetres() { params.append(("raceDistance", .number(metres))) }
        if let wait = waitSensors.flatMap(DurationText.parse) {
            params.append(("waitSensors", .number(Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18)))
        }
        try OneShot.run("start", .object(params), options: options)
    }
}

struct PauseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pause", abstract: "Pause the running workout.")
    @OptionGroup var options: GatewayOptions
    func run() throws { try OneShot.run("pause", options: options) }
}

struct ResumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "resume", abstract: "Resume the paused workout.")
    @OptionGroup var options: GatewayOptions
    func run() throws { try OneShot.run("resume", options: options) }
}

struct EndCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "end", abstract: "End the workout and save it.",
        discussion: "Workouts shorter than a few seconds are discarded unless --save is given.")
    @OptionGroup var options: GatewayOptions
    @Flag(help: "Save even a very short workout.") var save = false
    func run() throws { try OneShot.run("end", ["save": .bool(save)], options: options) }
}

struct LapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "lap", abstract: "Mark a lap.")
    @OptionGroup var options: GatewayOptions
    func run() throws { try OneShot.run("lap", options: options) }
}

struct CancelCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Discard the workout without saving it.",
        discussion: "Asks for confirmation on a terminal; --yes skips the question (needed in scripts).")
    @OptionGroup var options: GatewayOptions
    @Flag(name: [.short, .long], help: "Discard without asking.") var yes = false

    func run() throws {
        var confirmed = yes
        if !confirmed {
            guard isatty(0) != 0 else {
                OneShot.printError("cancel discards the workout; confirm with --yes")
                throw ExitCode(ExitStatus.needsInput.rawValue)
            }
            let client = try OneShot.connect(options)
            let status = try? IntentResult(json: client.call("status"))
            guard status?.state.map({ ["prepared", "running", "paused", "stopped"].contains($0) }) == true else {
                try OneShot.run("cancel", options: options)
                return
            }
            print("Discard this workout? Nothing will be saved. [y/N] ", terminator: "")
            fflush(nil)
            let answer = readLine()?.lowercased().trimmingCharacters(in: .whitespaces) ?? ""
            confirmed = answer == "y" || answer == "yes"
            if !confirmed {
                print("Kept it.")
                throw ExitCode(ExitStatus.failure.rawValue)
            }
        }
        try OneShot.run("cancel", ["confirm": .bool(confirmed)], options: options)
    }
}

struct SampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample", abstract: "Feed a metric or a route point into the running workout.",
        discussion: """
            TYPE is heartRate, distance, activeEnergy, cadence, power or stepCount; UNIT defaults
            to bpm, m, kcal, spm, W and steps. TYPE location takes LAT LON [ELEVATION] in degrees
            and metres: the route, from which distance is derived when no distance is fed.

            Examples:
              coach sample heartRate 142
              coach sample distance 1.2 km
              coach sample activeEnergy 80 kcal --sync-id split-3 --sync-version 2
              coach sample location 51.5007 -0.1246 12 --accuracy 5
              coach sample dietaryWater 500 mL --workout 3f2a          # add to a saved workout
              coach sample heartRate 150 --workout 3f2a --date 2026-05-12T07:41:00Z

            With --workout the sample joins that saved workout (its statistics are computed
            again and 'coach changes' reports it); --date places it within the workout
            (default: its end).
            """)
    @OptionGroup var options: GatewayOptions
    @Argument(help: "The metric, or location.") var type: String
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("VALUE [UNIT], or LAT LON [ELEVATION] for location.", valueName: "values"))
    var values: [String] = []
    @Option(name: .customLong("sync-id"), help: "A sync identifier: a later sample with a higher version replaces this one.") var syncIdentifier: String?
    @Option(name: .customLong("sync-version"), help: "The sync version (with --sync-id).") var syncVersion: Int?
    @Option(help: "Horizontal accuracy of a location, in metres.") var accuracy: Double?
    @Option(help: ArgumentHelp("Add the sample to this saved workout (a unique id prefix).", valueName: "id")) var workout: String?
    @Option(help: ArgumentHelp("With --workout: when, in ISO 8601 (default: the workout's end).", valueName: "date")) var date: String?

    var isLocation: Bool { type.lowercased() == "location" }

    func validate() throws {
        if syncVersion != nil && syncIdentifier == nil { throw ValidationError("--sync-version needs --sync-id.") }
        if date != nil && workout == nil { throw ValidationError("--date goes with --workout (a saved workout's sample).") }
        if workout != nil && isLocation { throw ValidationError("Route points cannot be added to a saved workout.") }
        if let date, ISO8601DateFormatter().date(from: date) == nil {
            throw ValidationError("'\(date)' is not an ISO 8601 date and time, e.g. 2026-05-12T07:41:00Z.")
        }
        _ = try parameters()
    }

    /// The request's params, checked here so a typo never reaches the gateway.
    func parameters() throws -> [(String, JSONValue)] {
        if isLocation {
            guard (2...3).contains(values.count) else {
                throw ValidationError("location takes LAT LON [ELEVATION], e.g. 'coach sample location 51.5007 -0.1246 12'.")
            }
            let numbers = try values.map { text in
                guard let number = Double(text) else { throw ValidationError("'\(text)' is not a number.") }
                return number
            }
            if let problem = LocationSample.problem(latitude: numbers[0], longitude: numbers[1],
                                                    altitude: numbers.count == 3 ? numbers[2] : nil, horizontalAccuracy: accuracy) {
                throw ValidationError(problem.message + ".")
            }
            var params: [(String, JSONValue)] = [("type", "location"), ("latitude", .number(numbers[0])),
                                                 ("longitude", .number(numbers[1]))]
            if numbers.count == 3 { params.append(("altitude", .number(numbers[2]))) }
            if let accuracy { params.append(("horizontalAccuracy", .number(accuracy))) }
            return params
        }
        guard let quantity = QuantityType(name: type) else {
            throw ValidationError("Unknown metric '\(type)'. Use one of: \(QuantityType.allCases.map(\.rawValue).joined(separator: ", ")), location.")
        }
        guard (1...2).contains(values.count), let value = Double(values[0]) else {
            throw ValidationError("\(type) takes VALUE [UNIT], e.g. 'coach sample heartRate 142'.")
        }
        let unit = values.count == 2 ? values[1] : nil
        do { _ = try quantity.canonicalValue(value, unit: unit) } catch { throw ValidationError(error.description) }
        if accuracy != nil { throw ValidationError("--accuracy is for location samples.") }
        var params: [(String, JSONValue)] = [("type", .string(type)), ("value", .number(value))]
        if let unit { params.append(("unit", .string(unit))) }
        if let syncIdentifier { params.append(("syncIdentifier", .string(syncIdentifier))) }
        if let syncVersion { params.append(("syncVersion", .number(Double(syncVersion)))) }
        if let workout { params.append(("workout", .string(workout))) }
        if let date { params.append(("date", .string(date))) }
        return params
    }

    func run() throws {
        let params = try parameters()
        let client = try OneShot.connect(options)
        let result: JSONValue
        do { result = try client.call("sample", .object(params)) } catch {
            OneShot.printError(error.description)
            throw ExitCode(OneShot.exitStatus(for: error).rawValue)
        }
        let answer = try? SampleResult(json: result)
        if options.json { print(result.serialized()) } else if let message = answer?.message {
            print(message)
        } else {
            let outcome = answer?.outcome ?? "?"
            if let workout = answer?.workout {
                print("Added to workout \(workout.prefix(8)) (\(outcome)).")
            } else {
                print(outcome == "rejected" ? "Not recorded: \(answer?.reason ?? "rejected") (start or resume a workout first)." : "Recorded (\(outcome)).")
            }
        }
        // A type the workout refuses is not a missing workout: the workout is there, it said no.
        if answer?.reason == SampleRejection.typeNotCollected.rawValue { throw ExitCode(ExitStatus.failure.rawValue) }
        if answer?.accepted != true { throw ExitCode(ExitStatus.noMatchingWorkout.rawValue) }
    }
}

struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "lock", abstract: "Hide metrics in every presentation (privacy).")
    @OptionGroup var options: GatewayOptions
    func run() throws { try OneShot.run("lock", options: options) }
}

struct UnlockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unlock", abstract: "Show metrics again.")
    @OptionGroup var options: GatewayOptions
    func run() throws { try OneShot.run("unlock", options: options) }
}
