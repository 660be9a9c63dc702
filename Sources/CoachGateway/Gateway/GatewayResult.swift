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
        let reply = try? IntentResult(json: json)
        self.init(intent: reply?.intent.flatMap(IntentKind.init(rawValue:)), code: reply?.code ?? IntentCode.failure.rawValue,
                  message: reply?.message ?? "", language: language, locked: locked)
        relayed = json
    }

    public var isSuccess: Bool { code == IntentCode.success.rawValue || code == IntentCode.ready.rawValue }

    /// The result as CoachWire's typed message (docs/protocol.md, "Intent results").
    public var intentResult: IntentResult {
        if let relayed, let message = try? IntentResult(json: relayed) { return message }
        var result = IntentResult(intent: intent?.rawValue, code: code, message: message, lang: language.rawValue)
        if let outcome {
            result.phase = outcome.phase.rawValue
            result.state = outcome.snapshot.state.rawValue
            result.elapsed = Self.milliseconds(outcome.snapshot.elapsed)
            result.parameter = outcome.parameter
            result.options = outcome.options.isEmpty ? nil : outcome.options
            result.reason = outcome.reason
            result.discarded = outcome.discardReason?.rawValue
            result.storeError = outcome.journalProblem.map { IntentResult.StoreError(code: $0.code, message: $0.message) }
            let showsWorkout: Set<IntentKind> = [.startWorkout, .workoutStatus, .endWorkout, .markLap]
            if outcome.phase == .handle, showsWorkout.contains(outcome.intent) {
                result.workout = outcome.snapshot.wire(locked: locked)
            }
        }
        if let sensors, !sensors.isEmpty {
            result.sensors = IntentResult.Sensors(connected: sensors.connected,
                                                  missing: sensors.sensors.filter { !$0.connected }.map(\.name),
                                                  heartRateStrap: sensors.hasHeartRateStrap)
        }
        if let recognition { result.confidence = (recognition.confidence * 1000).rounded() / 1000 }
        // The near miss as data, for a client to offer it (docs/recognizer.md); `message` holds the
        // question composed from it.
        if let suggested = recognition?.suggested {
            result.suggestion = suggested.jsonValue
        } else if let suggestion {
            result.suggestion = .string(suggestion)
        }
        return result
    }

    /// The JSON object of the protocol: the message's encoding, or a primary's reply as it came.
    public var json: JSONValue { relayed ?? intentResult.json }

    /// Elapsed seconds rounded to the millisecond, so output is stable and readable.
    static func milliseconds(_ seconds: Double) -> Double { (seconds * 1000).rounded() / 1000 }
}

extension WorkoutSnapshot {
    /// The workout as JSON (docs/protocol.md). While locked, only what `redacted()` keeps (the one
    /// privacy rule: activity, phase and time): goal, name, location, laps and metrics are left out.
    public func json(locked: Bool) -> JSONValue { wire(locked: locked).json }

    /// The workout as CoachWire's message.
    public func wire(locked: Bool) -> WireWorkout {
        if locked { return redacted().wire(redactedFields: true) }
        return wire(redactedFields: false)
    }

    private func wire(redactedFields locked: Bool) -> WireWorkout {
        var out = WireWorkout(id: workoutID, state: state.rawValue, activity: activity?.rawValue,
                              location: location == .unknown ? nil : location?.rawValue,
                              goal: goal == .open ? nil : goal, elapsed: GatewayResult.milliseconds(elapsed),
                              name: workoutName, start: startDate.map(ISO8601.format), end: endDate.map(ISO8601.format),
                              countdown: countdown, autoPaused: autoPaused, locked: locked)
        if !locked {
            // Types this workout refuses (start --collect / --no-collect), as HealthKit's disabled types.
            out.notCollected = refusedTypes.isEmpty ? nil : refusedTypes.map(\.rawValue)
            out.distanceSource = distanceSource?.rawValue
            out.laps = laps
            out.goalProgress = goalProgress.map { ($0 * 1000).rounded() / 1000 }
            out.goalReached = goalReached
            out.metrics = QuantityType.allCases.compactMap { type in
                statistics[type].map { (type.rawValue, $0.wire) }
            }
        }
        if let step {
            // Which step it is, always; its values only unlocked (`redacted()` already removed them).
            var entry = WireStep(index: step.index, count: step.count, purpose: step.purpose.rawValue,
                                 iteration: step.iteration, iterations: step.iterations)
            if !locked {
                entry.plan = step.planName
                entry.goal = step.goal.value == nil ? nil : step.goal
                entry.remaining = step.remaining.map { ($0 * 1000).rounded() / 1000 }
                entry.gap = step.gap.map { ($0 * 10).rounded() / 10 }
                if let target = step.target, let alert = step.alert {
                    entry.target = WireStep.Target(metric: alert.metric.rawValue, low: target.lowerBound, high: target.upperBound)
                }
            }
            out.step = entry
        }
        return out
    }
}

extension QuantityStatistics {
    /// The statistics as sent: HealthKit's names, the unit shown, the average to a tenth.
    public var wire: WireStatistics {
        WireStatistics(count: count, sum: sum, average: average.map { ($0 * 10).rounded() / 10 }, minimum: minimum,
                       maximum: maximum, mostRecent: mostRecent, unit: type.displayUnit)
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
