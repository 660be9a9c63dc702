// GatewayResult: the answer to one line or request, the same object whichever channel asked —
// printed by the REPL, returned as `result` over the socket, emitted by `--json` scripts.

import CoachWire
import CoachCore
import CoachLanguage
import Foundation
#if canImport(Glibc)
import Glibc
#endif

public struct GatewayResult: Sendable {
    /// The intent acted on; nil when the line was not understood.
    public var intent: IntentKind?
    /// A SiriKit code (`success`, `failureOngoingWorkout`, `needsValue`…) or `notUnderstood`.
    public var code: String
    public var message: String
    public var language: Language
    public var outcome: IntentOutcome?
    public var recognition: Recognition?
    /// "did you mean …?" text for a near miss.
    public var suggestion: String?
    /// Whether metrics are redacted in `workout` (privacy lock).
    public var locked: Bool

    /// The primary's reply to a command a mirror forwarded, shown as it came (Mirror/).
    public var relayed: JSONValue?
    /// A start's remembered sensors as the countdown found them (Gateway+Sensors.swift).
    public var sensors: SensorReadiness?

    public static let notUnderstood = "notUnderstood"

    public init(intent: IntentKind?, code: String, message: String, language: Language, outcome: IntentOutcome? = nil,
                recognition: Recognition? = nil, suggestion: String? = nil, locked: Bool) {
        self.intent = intent
        self.code = code
        self.message = message
        self.language = language
        self.outcome = outcome
        self.recognition = recognition
        self.suggestion = suggestion
        self.locked = locked
    }

    /// A reply the primary gave to a forwarded command.
    public init(relayed json: JSONValue, language: Language, locked: Bool) {
        self.init(intent: json["intent"]?.stringValue.flatMap(IntentKind.init(rawValue:)),
                  code: json["code"]?.stringValue ?? IntentCode.failure.rawValue,
                  message: json["message"]?.stringValue ?? "", language: language, locked: locked)
        relayed = json
    }

    public var isSuccess: Bool { code == IntentCode.success.rawValue || code == IntentCode.ready.rawValue }

    /// The JSON object of the protocol (docs/protocol.md). Keys in a fixed order for golden tests.
    public var json: JSONValue {
        if let relayed { return relayed }
        var members: [(String, JSONValue)] = [
            ("intent", .optional(intent?.rawValue)),
            ("code", .string(code)),
        ]
        if let outcome {
            members.append(("phase", .string(outcome.phase.rawValue)))
            members.append(("state", .string(outcome.snapshot.state.rawValue)))
            members.append(("elapsed", .number(Self.milliseconds(outcome.snapshot.elapsed))))
        }
        members.append(("message", .string(message)))
        members.append(("lang", .string(language.rawValue)))
        if let outcome {
            if let parameter = outcome.parameter { members.append(("parameter", .string(parameter))) }
            if !outcome.options.isEmpty { members.append(("options", .array(outcome.options.map(JSONValue.string)))) }
            if let reason = outcome.reason { members.append(("reason", .string(reason))) }
            if let discard = outcome.discardReason { members.append(("discarded", .string(discard.rawValue))) }
            if let problem = outcome.journalProblem {
                members.append(("storeError", ["code": .string(problem.code), "message": .string(problem.message)]))
            }
            let showsWorkout: Set<IntentKind> = [.startWorkout, .workoutStatus, .endWorkout, .markLap]
            if outcome.phase == .handle, showsWorkout.contains(outcome.intent) {
                members.append(("workout", outcome.snapshot.json(locked: locked)))
            }
        }
        if let sensors, !sensors.isEmpty {
            members.append(("sensors", .object([
                ("connected", .array(sensors.connected.map(JSONValue.string))),
                ("missing", .array(sensors.sensors.filter { !$0.connected }.map { .string($0.name) })),
                ("heartRateStrap", .bool(sensors.hasHeartRateStrap)),
            ])))
        }
        if let recognition {
            members.append(("confidence", .number((recognition.confidence * 1000).rounded() / 1000)))
        }
        // The near miss as data, for a client to offer it (docs/recognizer.md); `message` holds the
        // question composed from it.
        if let suggested = recognition?.suggested {
            members.append(("suggestion", suggested.jsonValue))
        } else if let suggestion {
            members.append(("suggestion", .string(suggestion)))
        }
        return .object(members)
    }

    /// Elapsed seconds rounded to the millisecond, so output is stable and readable.
    static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
}

extension WorkoutSnapshot {
    /// The workout as JSON. While locked, only what `redacted()` keeps (the one privacy rule:
    /// activity, phase and time): goal, name, location, laps and metrics are left out.
    public func json(locked: Bool) -> JSONValue {
        if locked { return redacted().json(redactedFields: true) }
        return json(redactedFields: false)
    }

    private func json(redactedFields locked: Bool) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .optional(workoutID)),
            ("state", .string(state.rawValue)),
            ("activity", .optional(activity?.rawValue)),
            ("location", .optional(location == .unknown ? nil : location?.rawValue)),
            ("goal", goal.map { $0 == .open ? .null : ["type": .string($0.type), "value": .optional($0.value)] } ?? .null),
            ("elapsed", .number(GatewayResult.milliseconds(elapsed))),
        ]
        if let name = workoutName { members.append(("name", .string(name))) }
        if let start = startDate { members.append(("start", .string(ISO8601.format(start)))) }
        if let end = endDate { members.append(("end", .string(ISO8601.format(end)))) }
        if let countdown { members.append(("countdown", .number(Double(countdown)))) }
        if autoPaused { members.append(("autoPaused", .bool(true))) }
        // Types this workout refuses (start --collect / --no-collect), as HealthKit's disabled types.
        if !locked, !refusedTypes.isEmpty { members.append(("notCollected", .array(refusedTypes.map { .string($0.rawValue) }))) }
        if !locked, let distanceSource { members.append(("distanceSource", .string(distanceSource.rawValue))) }
        if !locked { members.append(("laps", .number(Double(laps)))) }
        members.append(("locked", .bool(locked)))
        if let step {
            // Which step it is, always; its values only unlocked (`redacted()` already removed them).
            var entry: [(String, JSONValue)] = [
                ("index", .number(Double(step.index))), ("count", .number(Double(step.count))),
                ("purpose", .string(step.purpose.rawValue)),
                ("iteration", .number(Double(step.iteration))), ("iterations", .number(Double(step.iterations))),
            ]
            if !locked {
                entry.append(("plan", .string(step.planName)))
                if let value = step.goal.value { entry.append(("goal", ["type": .string(step.goal.type), "value": .number(value)])) }
                if let remaining = step.remaining { entry.append(("remaining", .number((remaining * 1000).rounded() / 1000))) }
                if let gap = step.gap { entry.append(("gap", .number((gap * 10).rounded() / 10))) }
                if let target = step.target, let alert = step.alert {
                    entry.append(("target", ["metric": .string(alert.metric.rawValue), "low": .number(target.lowerBound),
                                             "high": .number(target.upperBound)]))
                }
            }
            members.append(("step", .object(entry)))
        }
        if !locked {
            if let progress = goalProgress { members.append(("goalProgress", .number((progress * 1000).rounded() / 1000))) }
            members.append(("goalReached", .bool(goalReached)))
            var metrics: [(String, JSONValue)] = []
            for type in QuantityType.allCases {
                guard let stats = statistics[type] else { continue }
                var entry: [(String, JSONValue)] = []
                if let sum = stats.sum { entry.append(("total", .number(sum))) }
                if let latest = stats.mostRecent { entry.append(("latest", .number(latest))) }
                if let average = stats.average { entry.append(("average", .number((average * 10).rounded() / 10))) }
                if let minimum = stats.minimum { entry.append(("min", .number(minimum))) }
                if let maximum = stats.maximum { entry.append(("max", .number(maximum))) }
                entry.append(("unit", .string(type.displayUnit)))
                metrics.append((type.rawValue, .object(entry)))
            }
            members.append(("metrics", .object(metrics)))
        }
        return .object(members)
    }
}

/// ISO 8601 in UTC with milliseconds ("2026-01-01T00:00:00.000Z"). Hand-written: Foundation's
/// formatter costs more than the rest of a status reply together.
enum ISO8601 {
    static func format(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return pad(parts.tm_year + 1900, 4) + "-" + pad(parts.tm_mon + 1, 2) + "-" + pad(parts.tm_mday, 2) + "T"
            + pad(parts.tm_hour, 2) + ":" + pad(parts.tm_min, 2) + ":" + pad(parts.tm_sec, 2) + "."
            + pad(Int32(milliseconds % 1000), 3) + "Z"
    }
}
