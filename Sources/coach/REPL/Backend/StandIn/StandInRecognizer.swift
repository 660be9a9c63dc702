// STAND-IN, deleted when the Gateway lands: a keyword recogniser (en + ja) so the REPL can run
// before CoachLanguage and the Gateway exist. It knows a few words per intent and nothing else.

import CoachCore

enum StandInRecognizer {
    static func recognize(_ utterance: String) -> WorkoutIntent? {
        let text = utterance.lowercased()
        func has(_ words: [String]) -> Bool { words.contains { text.contains($0) } }
        let activity = self.activity(in: text)

        if has(["cancel", "discard", "キャンセル", "取り消"]) { return .cancel(activity: activity) }
        if has(["resume", "continue", "unpause", "再開", "続け"]) { return .resume(activity: activity) }
        if has(["pause", "hold on", "一時停止", "ちょっと止め", "止めて"]) { return .pause(activity: activity) }
        if has(["end", "finish", "stop", "done", "終了", "終わ"]) { return .end(activity: activity) }
        if has(["status", "how am i", "how long", "状況", "状態", "どう"]) { return .status }
        if has(["lap", "ラップ"]) { return .lap }
        if has(["start", "begin", "go for", "開始", "始め", "スタート"]) {
            return .start(StartWorkoutIntent(activity: activity, location: location(in: text), goal: goal(in: text)))
        }
        return nil
    }

    private static let activityWords: [(String, ActivityType)] = [
        ("run", .running), ("jog", .running), ("ラン", .running), ("走", .running),
        ("walk", .walking), ("ウォーキング", .walking), ("散歩", .walking),
        ("ride", .cycling), ("cycl", .cycling), ("bike", .cycling), ("サイクリング", .cycling), ("自転車", .cycling),
        ("swim", .swimming), ("水泳", .swimming), ("泳", .swimming),
        ("hike", .hiking), ("hiking", .hiking), ("ハイキング", .hiking),
        ("yoga", .yoga), ("ヨガ", .yoga), ("hiit", .highIntensityIntervalTraining),
        ("row", .rowing), ("ローイング", .rowing), ("elliptical", .elliptical),
        ("strength", .traditionalStrengthTraining), ("筋トレ", .traditionalStrengthTraining),
    ]

    private static func activity(in text: String) -> ActivityType? {
        activityWords.first { text.contains($0.0) }?.1
    }

    private static func location(in text: String) -> LocationType? {
        if text.contains("outdoor") || text.contains("屋外") || text.contains("外") { return .outdoor }
        if text.contains("indoor") || text.contains("treadmill") || text.contains("屋内") { return .indoor }
        return nil
    }

    /// "30 minute", "30分", "5 km", "5キロ".
    private static func goal(in text: String) -> WorkoutGoal? {
        let scalars = Array(text)
        var index = 0
        while index < scalars.count {
            guard scalars[index].isASCII, scalars[index].isNumber else { index += 1; continue }
            var number = ""
            while index < scalars.count, scalars[index].isASCII, scalars[index].isNumber || scalars[index] == "." {
                number.append(scalars[index])
                index += 1
            }
            let rest = String(scalars[index...]).drop { $0 == " " || $0 == "-" }
            guard let value = Double(number) else { continue }
            if rest.hasPrefix("min") || rest.hasPrefix("分") { return .time(seconds: value * 60) }
            if rest.hasPrefix("hour") || rest.hasPrefix("時間") { return .time(seconds: value * 3600) }
            if rest.hasPrefix("km") || rest.hasPrefix("kilomet") || rest.hasPrefix("キロ") { return .distance(meters: value * 1000) }
            if rest.hasPrefix("kcal") || rest.hasPrefix("cal") || rest.hasPrefix("カロリー") { return .energy(kilocalories: value) }
        }
        return nil
    }
}
