// STAND-IN, replaced by the Gateway's reply JSON: the one place that defines the object `--json`
// prints per request, so swapping in the socket protocol's object is a change to this file only.
// Keys are sorted and the clock is virtual in scripts, so the same script prints the same bytes.

import CoachCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

struct StandInReplyJSON: Codable, Hashable {
    struct Status: Codable, Hashable {
        var state: String
        var workoutID: String?
        var activity: String?
        var location: String?
        var elapsed: Double
        var countdown: Int?
        var goal: Goal?
        var goalProgress: Double?
        var goalReached: Bool
        var laps: Int
        var locked: Bool
        /// Latest reading or running total per metric, canonical units; absent while locked.
        var metrics: [String: Double]?
    }

    struct Goal: Codable, Hashable {
        var type: String
        var value: Double?
    }

    var ok: Bool
    var lang: String
    var text: String
    var intent: String?
    var code: String?
    var parameter: String?
    var options: [String]?
    var reason: String?
    var error: String?
    var status: Status?

    init(ok: Bool, language: DisplayLanguage, text: String, outcome: IntentOutcome? = nil,
         snapshot: WorkoutSnapshot? = nil, locked: Bool = false, error: String? = nil) {
        self.ok = ok
        self.lang = language.rawValue
        self.text = text
        self.intent = outcome?.intent.rawValue
        self.code = outcome?.code.rawValue
        self.parameter = outcome?.parameter
        self.options = outcome.flatMap { $0.options.isEmpty ? nil : $0.options }
        self.reason = outcome?.reason
        self.error = error
        self.status = (snapshot ?? outcome?.snapshot).map { Self.status($0, locked: locked) }
    }

    static func status(_ snapshot: WorkoutSnapshot, locked: Bool) -> Status {
        var metrics: [String: Double] = [:]
        for type in snapshot.statistics.keys { metrics[type.rawValue] = snapshot.current(type) }
        return Status(state: snapshot.state.rawValue, workoutID: snapshot.workoutID, activity: snapshot.activity?.rawValue,
                      location: snapshot.location?.rawValue, elapsed: snapshot.elapsed, countdown: snapshot.countdown,
                      goal: snapshot.goal.map { Goal(type: $0.type, value: $0.value) },
                      goalProgress: locked ? nil : snapshot.goalProgress, goalReached: snapshot.goalReached,
                      laps: snapshot.laps, locked: locked, metrics: locked ? nil : metrics)
    }

    func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(self) else { return #"{"ok":false,"error":"encoding failed"}"# }
        return String(decoding: data, as: UTF8.self)
    }
}
