// The state JSON every sensor reads (`coach/<node_id>/state`, retained), made from the feed's
// content — the same content tmux and the bars show, so it is redacted already while locked. A
// metric is its value, `null` when there is none (no reading yet, a stale one, a metric this
// activity does not show) and `unavailable` while locked or when the `mqtt` client may not read
// its type: health data leaves the machine only as the user allowed (docs/permissions.md).

import CoachCore
import CoachGateway
import CoachWire

public struct HomeAssistantState: Sendable, Hashable {
    /// The `state` field (one of HomeAssistantDevice.phases): a change is published at once.
    public var phase: String
    /// The payload as published.
    public var text: String

    public static let unavailable = "unavailable"

    /// The types each metric reveals: pace and speed are distance over time, goal progress is the
    /// workout's.
    public static let governingType: [String: AuthorizationType] = [
        "heart_rate": .quantity(.heartRate), "distance": .quantity(.distance), "energy": .quantity(.activeEnergy),
        "pace": .quantity(.distance), "speed": .quantity(.distance), "cadence": .quantity(.cadence),
        "power": .quantity(.power), "goal_progress": .workouts,
        "heart_rate_zone": .quantity(.heartRate), "power_zone": .quantity(.power),
    ]

    /// `readable` says whether the `mqtt` client may read a type; `unit` is the pace's distance;
    /// `wording` words a plan's step ("Interval 2/5 · 400 m · 180 m left").
    public init(content: LiveActivityContent, readable: (AuthorizationType) -> Bool, unit: DistanceUnit = .kilometers,
                wording: Wording? = nil) {
        let state = content.state
        phase = Self.phaseName(state.phase)
        var members: [(String, JSONValue)] = [
            ("state", .string(phase)),
            ("activity", content.attributes.map { .string($0.activity.rawValue) } ?? .null),
            ("elapsed", .number(state.elapsed.isFinite ? max(0, state.elapsed.rounded(.down)) : 0)),
        ]
        let hidden = state.isLocked
        for key in HomeAssistantDevice.metricKeys {
            if hidden || !(Self.governingType[key].map(readable) ?? true) {
                members.append((key, .string(Self.unavailable)))
            } else {
                members.append((key, Self.value(key, state, unit: unit)))
            }
        }
        // Which step it is shows even locked (the content keeps only its label then), as in tmux.
        members.append(("step", state.step.map { .string((wording ?? .builtIn(.en)).stepLine($0, locked: hidden, unit: unit)) } ?? .null))
        members.append(("locked", .bool(state.isLocked)))
        text = JSONValue.object(members).serialized()
    }

    public init(phase: String, text: String) {
        self.phase = phase
        self.text = text
    }

    static func phaseName(_ phase: FeedPhase) -> String {
        phase == .autoPaused ? "auto_paused" : phase.rawValue
    }

    static func value(_ key: String, _ state: LiveActivityContentState, unit: DistanceUnit) -> JSONValue {
        func metric(_ kind: FeedMetricKind) -> Double? {
            guard let value = state.metric(kind)?.value, value.isFinite else { return nil }
            return value
        }
        func number(_ value: Double?, decimals: Int) -> JSONValue {
            value.map { .number(JSONText.rounded($0, decimals: decimals)) } ?? .null
        }
        switch key {
        case "heart_rate": return number(metric(.heartRate), decimals: 0)
        case "distance": return number(metric(.distance), decimals: 1)
        case "energy": return number(metric(.activeEnergy), decimals: 1)
        case "speed": return number(metric(.speed), decimals: 1)
        case "cadence": return number(metric(.cadence), decimals: 0)
        case "power": return number(metric(.power), decimals: 0)
        case "goal_progress": return number(state.goalProgress.map { min(1, max(0, $0)) * 100 }, decimals: 1)
        case "heart_rate_zone": return number(state.heartRateZone.map(Double.init), decimals: 0)
        case "power_zone": return number(state.powerZone.map(Double.init), decimals: 0)
        case "pace":
            // The feed's pace is seconds per kilometre.
            guard let perKilometre = metric(.pace), perKilometre > 0 else { return .null }
            return .string(paceText(perKilometre * unit.meters / 1000, unit: unit))
        default: return .null
        }
    }

    /// "5:12 /km", "1:02:30 /mi" (a walk can take over an hour a unit).
    static func paceText(_ seconds: Double, unit: DistanceUnit) -> String {
        let total = Int(seconds.rounded())
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let two = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        let time = hours > 0 ? "\(hours):\(two(minutes)):\(two(secs))" : "\(minutes):\(two(secs))"
        return time + " /" + unit.rawValue
    }
}
