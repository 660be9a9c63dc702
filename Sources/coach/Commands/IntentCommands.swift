// The workout commands: say, start, pause, resume, end, cancel, lap — each one request to the gateway.

import CoachWire
import ArgumentParser
import CoachCore
import CoachGateway
import Foundation

extension LocationType: ExpressibleByArgument {}

struct SayCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("say") }

    @OptionGroup var options: GatewayOptions
    @Argument(help: .words("say", "text")) var text: [String]

    func validate() throws {
        if text.joined().trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError(words: "say", "empty") }
    }

    func run() throws {
        try OneShot.run("say", ["text": .string(text.joined(separator: " "))], options: options)
    }
}

struct StartCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("start") }

    @OptionGroup var options: GatewayOptions
    @Argument(help: .words("start", "activity")) var activity: String?
    @Option(help: .words("start", "location")) var location: LocationType?
    @Option(help: .words("start", "goal", valueName: "goal"))
    var goal: String?
    @Option(help: .words("start", "name")) var name: String?
    @Flag(help: .words("start", "list")) var list = false
    @Option(help: .words("start", "collect", valueName: "types"))
    var collect: String?
    @Option(name: .customLong("no-collect"), help: .words("start", "no_collect", valueName: "types"))
    var noCollect: String?
    @Option(help: .words("start", "wait_sensors", valueName: "duration"))
    var waitSensors: String?
    @Option(help: .words("start", "race", valueName: "id|last"))
    var race: String?
    @Option(name: .customLong("race-distance"),
            help: .words("start", "race_distance", valueName: "distance"))
    var raceDistance: String?

    /// "heartRate, power" → the names, each checked (a usage error names the one that is not a type).
    static func sampleTypes(_ text: String?, option: String) throws -> [String]? {
        guard let text else { return nil }
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        for name in names where QuantityType(name: name) == nil {
            throw ValidationError(words: "start", "not_a_type",
                                  ["option": option, "name": name, "types": QuantityType.allCases.map(\.rawValue).joined(separator: ", ")])
        }
        return names
    }

    func validate() throws {
        if let activity, ActivityType(rawValue: activity) == nil {
            let close = ActivityType.allCases.map(\.rawValue).filter { $0.lowercased().hasPrefix(activity.lowercased().prefix(3)) }
            throw ValidationError(CLIWords.text("start", "unknown_activity", ["activity": activity])
                                  + (close.isEmpty ? CLIWords.text("start", "see_list")
                                     : CLIWords.text("start", "did_you_mean", ["names": close.prefix(3).joined(separator: ", ")])))
        }
        if let goal, WorkoutGoal(shorthand: goal) == nil {
            throw ValidationError(words: "start", "not_a_goal", ["goal": goal])
        }
        _ = try Self.sampleTypes(collect, option: "--collect")
        _ = try Self.sampleTypes(noCollect, option: "--no-collect")
        if let waitSensors, (DurationText.parse(waitSensors).map { $0 > .seconds(300) } ?? true) {
            throw ValidationError(words: "start", "wait_too_long")
        }
        _ = try raceMetres()
    }

    /// --race-distance in metres; only with --race last.
    private func raceMetres() throws -> Double? {
        guard let raceDistance else { return nil }
        guard race?.lowercased() == "last" else { throw ValidationError(words: "start", "race_distance_alone") }
        guard case .distance(let metres)? = WorkoutGoal(shorthand: raceDistance), metres > 0 else {
            throw ValidationError(words: "start", "not_a_distance", ["distance": raceDistance])
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
    static var configuration: CommandConfiguration { .words("pause") }
    @OptionGroup var options: GatewayOptions
    func run() throws { try OneShot.run("pause", options: options) }
}

struct ResumeCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("resume") }
    @OptionGroup var options: GatewayOptions
    func run() throws { try OneShot.run("resume", options: options) }
}

struct EndCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("end") }
    @OptionGroup var options: GatewayOptions
    @Flag(help: .words("end", "save")) var save = false
    func run() throws { try OneShot.run("end", ["save": .bool(save)], options: options) }
}

struct LapCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("lap") }
    @OptionGroup var options: GatewayOptions
    func run() throws { try OneShot.run("lap", options: options) }
}

struct CancelCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("cancel") }
    @OptionGroup var options: GatewayOptions
    @Flag(name: [.short, .long], help: .words("cancel", "yes")) var yes = false

    func run() throws {
        var confirmed = yes
        if !confirmed {
            guard isatty(0) != 0 else {
                OneShot.printError(CLIWords.text("cancel", "not_a_terminal"))
                throw ExitCode(ExitStatus.needsInput.rawValue)
            }
            let client = try OneShot.connect(options)
            let status = try? IntentResult(json: client.call("status"))
            guard status?.state.map({ ["prepared", "running", "paused", "stopped"].contains($0) }) == true else {
                try OneShot.run("cancel", options: options)
                return
            }
            print(CLIWords.text("cancel", "question"), terminator: "")
            fflush(nil)
            let answer = readLine()?.lowercased().trimmingCharacters(in: .whitespaces) ?? ""
            confirmed = answer == "y" || answer == "yes"
            if !confirmed {
                print(CLIWords.text("cancel", "kept"))
                throw ExitCode(ExitStatus.failure.rawValue)
            }
        }
        try OneShot.run("cancel", ["confirm": .bool(confirmed)], options: options)
    }
}

struct SampleCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("sample") }
    @OptionGroup var options: GatewayOptions
    @Argument(help: .words("sample", "type")) var type: String
    @Argument(parsing: .allUnrecognized, help: .words("sample", "values", valueName: "values"))
    var values: [String] = []
    @Option(name: .customLong("sync-id"), help: .words("sample", "sync_id")) var syncIdentifier: String?
    @Option(name: .customLong("sync-version"), help: .words("sample", "sync_version")) var syncVersion: Int?
    @Option(help: .words("sample", "accuracy")) var accuracy: Double?
    @Option(help: .words("sample", "workout", valueName: "id")) var workout: String?
    @Option(help: .words("sample", "date", valueName: "date")) var date: String?

    var isLocation: Bool { type.lowercased() == "location" }

    func validate() throws {
        if syncVersion != nil && syncIdentifier == nil { throw ValidationError(words: "sample", "version_alone") }
        if date != nil && workout == nil { throw ValidationError(words: "sample", "date_alone") }
        if workout != nil && isLocation { throw ValidationError(words: "sample", "route_to_saved") }
        if let date, ISO8601DateFormatter().date(from: date) == nil {
            throw ValidationError(words: "sample", "not_a_date", ["date": date])
        }
        _ = try parameters()
    }

    /// The request's params, checked here so a typo never reaches the gateway.
    func parameters() throws -> [(String, JSONValue)] {
        if isLocation {
            guard (2...3).contains(values.count) else {
                throw ValidationError(words: "sample", "location_values")
            }
            let numbers = try values.map { text in
                guard let number = Double(text) else { throw ValidationError(words: "sample", "not_a_number", ["text": text]) }
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
            throw ValidationError(words: "sample", "unknown_metric", ["type": type, "types": QuantityType.allCases.map(\.rawValue).joined(separator: ", ")])
        }
        guard (1...2).contains(values.count), let value = Double(values[0]) else {
            throw ValidationError(words: "sample", "metric_values", ["type": type])
        }
        let unit = values.count == 2 ? values[1] : nil
        do { _ = try quantity.canonicalValue(value, unit: unit) } catch { throw ValidationError(error.description) }
        if accuracy != nil { throw ValidationError(words: "sample", "accuracy_not_location") }
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
                print(CLIWords.text("sample", "added", ["workout": String(workout.prefix(8)), "outcome": outcome]))
            } else {
                print(outcome == "rejected" ? CLIWords.text("sample", "not_recorded", ["reason": answer?.reason ?? "rejected"])
                      : CLIWords.text("sample", "recorded", ["outcome": outcome]))
            }
        }
        // A type the workout refuses is not a missing workout: the workout is there, it said no.
        if answer?.reason == SampleRejection.typeNotCollected.rawValue { throw ExitCode(ExitStatus.failure.rawValue) }
        if answer?.accepted != true { throw ExitCode(ExitStatus.noMatchingWorkout.rawValue) }
    }
}

struct LockCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("lock") }
    @OptionGroup var options: GatewayOptions
    func run() throws { try OneShot.run("lock", options: options) }
}

struct UnlockCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("unlock") }
    @OptionGroup var options: GatewayOptions
    func run() throws { try OneShot.run("unlock", options: options) }
}
