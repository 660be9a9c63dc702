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
            """)

    @OptionGroup var options: GatewayOptions
    @Argument(help: "What kind of workout (default: asks).") var activity: String?
    @Option(help: "indoor or outdoor.") var location: LocationType?
    @Option(help: ArgumentHelp("A goal: a time (30min, 1h30m), a distance (5km, 3mi) or an energy (500kcal); or open.", valueName: "goal"))
    var goal: String?
    @Option(help: "Your own name for this workout.") var name: String?
    @Flag(help: "List the activity names and exit.") var list = false

    func validate() throws {
        if let activity, ActivityType(rawValue: activity) == nil {
            let close = ActivityType.allCases.map(\.rawValue).filter { $0.lowercased().hasPrefix(activity.lowercased().prefix(3)) }
            throw ValidationError("Unknown activity '\(activity)'." + (close.isEmpty ? " See coach start --list." : " Did you mean \(close.prefix(3).joined(separator: ", "))?"))
        }
        if let goal, CoachCore.WorkoutGoal(shorthand: goal) == nil {
            throw ValidationError("'\(goal)' is not a goal. Examples: 30min, 1h30m, 5km, 3mi, 500kcal, open.")
        }
    }

    func run() throws {
        if list {
            for activity in ActivityType.allCases where !activity.isDeprecated {
                print(activity.rawValue.padding(toLength: 32, withPad: " ", startingAt: 0) + activity.displayName(.en))
            }
            return
        }
        var params: [(String, JSONValue)] = []
        if let activity { params.append(("activity", .string(activity))) }
        if let location { params.append(("location", .string(location.rawValue))) }
        if let goal { params.append(("goal", .string(goal))) }
        if let name { params.append(("name", .string(name))) }
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
            let status = (try? client.call("status")) ?? .null
            guard status["state"]?.stringValue.map({ ["prepared", "running", "paused", "stopped"].contains($0) }) == true else {
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
        commandName: "sample", abstract: "Feed a metric into the running workout.",
        discussion: """
            TYPE is heartRate, distance, activeEnergy, cadence, power or stepCount; UNIT defaults
            to bpm, m, kcal, spm, W and steps.

            Examples:
              coach sample heartRate 142
              coach sample distance 1.2 km
              coach sample activeEnergy 80 kcal --sync-id split-3 --sync-version 2
            """)
    @OptionGroup var options: GatewayOptions
    @Argument(help: "The metric.") var type: String
    @Argument(help: "Its value.") var value: Double
    @Argument(help: "Its unit (default: the metric's own).") var unit: String?
    @Option(name: .customLong("sync-id"), help: "A sync identifier: a later sample with a higher version replaces this one.") var syncIdentifier: String?
    @Option(name: .customLong("sync-version"), help: "The sync version (with --sync-id).") var syncVersion: Int?

    func validate() throws {
        guard let quantity = QuantityType(name: type) else {
            throw ValidationError("Unknown metric '\(type)'. Use one of: \(QuantityType.allCases.map(\.rawValue).joined(separator: ", ")).")
        }
        do { _ = try quantity.canonicalValue(value, unit: unit) } catch { throw ValidationError(error.description) }
        if syncVersion != nil && syncIdentifier == nil { throw ValidationError("--sync-version needs --sync-id.") }
    }

    func run() throws {
        var params: [(String, JSONValue)] = [("type", .string(type)), ("value", .number(value))]
        if let unit { params.append(("unit", .string(unit))) }
        if let syncIdentifier { params.append(("syncIdentifier", .string(syncIdentifier))) }
        if let syncVersion { params.append(("syncVersion", .number(Double(syncVersion)))) }
        let client = try OneShot.connect(options)
        let result: JSONValue
        do { result = try client.call("sample", .object(params)) } catch {
            OneShot.printError(error.description)
            throw ExitCode(ExitStatus.failure.rawValue)
        }
        if options.json { print(result.serialized()) } else {
            let outcome = result["outcome"]?.stringValue ?? "?"
            print(outcome == "rejected" ? "Not recorded: \(result["reason"]?.stringValue ?? "rejected") (start or resume a workout first)." : "Recorded (\(outcome)).")
        }
        if result["accepted"]?.boolValue != true { throw ExitCode(ExitStatus.noMatchingWorkout.rawValue) }
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
