// The feed's words in English and Japanese. Activity and place names come from `Wording` (Intents/);
// everything else a presentation says is here, so a new language is one table.

import CoachWire

struct FeedStrings {
    let language: Language

    var noWorkout: String { language == .ja ? "ワークアウトなし" : "No workout" }
    var elapsed: String { language == .ja ? "経過" : "Elapsed" }
    var goal: String { language == .ja ? "目標" : "Goal" }
    var goalReached: String { language == .ja ? "目標達成" : "Goal reached" }
    var laps: String { language == .ja ? "ラップ" : "Laps" }
    var locked: String { language == .ja ? "ロック中" : "Locked" }
    var noRecentData: String { language == .ja ? "データ待ち" : "No recent data" }
    var summary: String { language == .ja ? "サマリー" : "Summary" }

    /// " · Zone 4" after the heart rate; empty without zones.
    func zoneSuffix(_ zone: Int?) -> String {
        guard let zone else { return "" }
        return language == .ja ? " · ゾーン\(zone)" : " · Zone \(zone)"
    }

    func phase(_ phase: FeedPhase, countdown: Int?) -> String {
        switch (phase, language) {
        case (.idle, _): return noWorkout
        case (.countdown, .en): return countdown.map { "Starting in \($0)" } ?? "Starting"
        case (.countdown, .ja): return countdown.map { "開始まで \($0)" } ?? "まもなく開始"
        case (.running, .en): return "In progress"
        case (.running, .ja): return "計測中"
        case (.paused, .en): return "Paused"
        case (.paused, .ja): return "一時停止中"
        case (.autoPaused, .en): return "Auto-paused"
        case (.autoPaused, .ja): return "自動一時停止中"
        case (.stopping, .en): return "Ending"
        case (.stopping, .ja): return "終了処理中"
        case (.ended, .en): return "Ended"
        case (.ended, .ja): return "終了"
        }
    }

    /// Label used in the expanded view's tooltip-style lines.
    func label(_ kind: FeedMetricKind) -> String {
        switch (kind, language) {
        case (.heartRate, .en): return "Heart rate"
        case (.heartRate, .ja): return "心拍数"
        case (.distance, .en): return "Distance"
        case (.distance, .ja): return "距離"
        case (.activeEnergy, .en): return "Energy"
        case (.activeEnergy, .ja): return "消費カロリー"
        case (.pace, .en): return "Pace"
        case (.pace, .ja): return "ペース"
        case (.speed, .en): return "Speed"
        case (.speed, .ja): return "速度"
        case (.cadence, .en): return "Cadence"
        case (.cadence, .ja): return "ケイデンス"
        case (.power, .en): return "Power"
        case (.power, .ja): return "パワー"
        case (.stepCount, .en): return "Steps"
        case (.stepCount, .ja): return "歩数"
        }
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
        case .stepCount:
            return (metric.value.map(FeedNumberFormat.integer) ?? unavailable) + (language == .ja ? " 歩" : " steps")
        }
    }
}
