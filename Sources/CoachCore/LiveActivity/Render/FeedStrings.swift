// What a presentation says, in the words of one language's Wording (Intents/<lang>/_responses.yaml:
// `feed:` for labels and phases, `activities` for names). Numbers and units are FeedNumberFormat's.

import CoachWire

struct FeedStrings {
    let wording: Wording

    var noWorkout: String { wording.feedWord("noWorkout") }
    var elapsed: String { wording.feedWord("elapsed") }
    var goal: String { wording.feedWord("goal") }
    var goalReached: String { wording.feedWord("goalReached") }
    var laps: String { wording.feedWord("laps") }
    var locked: String { wording.feedWord("locked") }
    var noRecentData: String { wording.feedWord("noRecentData") }
    var summary: String { wording.feedWord("summary") }
    /// The widget's last line.
    var quitHint: String { wording.feedWord("quit") }

    /// " · Zone 4" after the heart rate; empty without zones.
    func zoneSuffix(_ zone: Int?) -> String {
        guard let zone else { return "" }
        return " · " + wording.feedWord("zone", ["zone": String(zone)])
    }

    /// " · Power zone 3" after the power; empty without an FTP.
    func powerZoneSuffix(_ zone: Int?) -> String {
        guard let zone else { return "" }
        return " · " + wording.feedWord("powerZone", ["zone": String(zone)])
    }

    /// A metric with its zone, as the expanded view and the widget show it.
    func metricWithZone(_ metric: FeedMetric, state: LiveActivityContentState) -> String {
        switch metric.kind {
        case .heartRate: return "♥ " + self.metric(metric) + zoneSuffix(state.heartRateZone)
        case .power: return self.metric(metric) + powerZoneSuffix(state.powerZone)
        default: return self.metric(metric)
        }
    }

    func phase(_ phase: FeedPhase, countdown: Int?) -> String {
        switch phase {
        case .idle: return noWorkout
        case .countdown: return countdown.map { wording.feedWord("startingIn", ["seconds": String($0)]) } ?? wording.feedWord("starting")
        case .running, .paused, .autoPaused, .stopping, .ended: return wording.feedWord(phase.rawValue)
        }
    }

    /// Label used in the expanded view's tooltip-style lines.
    func label(_ kind: FeedMetricKind) -> String { wording.feedWord(kind.rawValue) }

    /// A goal's target: "5 km", "30 min" / "30分", "1:30:00", "500 kcal".
    func goalTarget(_ goal: WorkoutGoal) -> String? {
        if case .time(let seconds) = goal, seconds.truncatingRemainder(dividingBy: 60) == 0, seconds < 3600 {
            return wording.feedWord("minutes", ["minutes": String(Int(seconds) / 60)])
        }
        return FeedNumberFormat.goal(goal)
    }

    /// The value with its unit, or "--" with the unit when unavailable: "142 bpm", "-- bpm".
    func metric(_ metric: FeedMetric) -> String {
        let unavailable = "--"
        switch metric.kind {
        case .heartRate: return (metric.value.map(FeedNumberFormat.integer) ?? unavailable) + " bpm"
        case .distance:
            guard let value = metric.value else { return unavailable + " km" }
            let (number, unit) = FeedNumberFormat.distance(value)
            return number + " " + unit
        case .activeEnergy: return (metric.value.map(FeedNumberFormat.integer) ?? unavailable) + " kcal"
        case .pace: return (metric.value.map(FeedNumberFormat.pace) ?? unavailable) + " /km"
        case .speed: return (metric.value.map { FeedNumberFormat.fixed($0, decimals: 1) } ?? unavailable) + " km/h"
        case .cadence: return (metric.value.map(FeedNumberFormat.integer) ?? unavailable) + " spm"
        case .power: return (metric.value.map(FeedNumberFormat.integer) ?? unavailable) + " W"
        case .stepCount: return wording.feedWord("steps", ["value": metric.value.map(FeedNumberFormat.integer) ?? unavailable])
        }
    }
}
