// STAND-IN, deleted when the Gateway lands: the words of replies and events in en and ja, until
// CoachLanguage's responses exist. Kept short; the Gateway's wording replaces all of it.

import CoachCore

enum StandInResponses {
    static func reply(to outcome: IntentOutcome, language: DisplayLanguage) -> String {
        let en = language == .en
        let name = workoutName(outcome.snapshot, language)
        switch (outcome.intent, outcome.code) {
        case (_, .needsValue):
            return en ? "Which workout?" : "どのワークアウトですか？"
        case (_, .confirmationRequired):
            return en ? "Discard your \(name)? Nothing will be saved." : "\(name)を破棄しますか？何も保存されません。"
        case (_, .failureOngoingWorkout):
            return en ? "Your \(name) is already in progress." : "すでに\(name)が進行中です。"
        case (.startWorkout, .success):
            let countdown = outcome.snapshot.countdown
            if let countdown, countdown > 0 {
                return en ? "Starting your \(name) in \(countdown)…" : "\(countdown)秒後に\(name)を開始します…"
            }
            return en ? "Started your \(name)." : "\(name)を開始しました。"
        case (.pauseWorkout, .success):
            return en ? "Paused your \(name)." : "\(name)を一時停止しました。"
        case (.resumeWorkout, .success):
            return en ? "Resumed your \(name)." : "\(name)を再開しました。"
        case (.endWorkout, .success):
            if outcome.discardReason != nil {
                return en ? "Your \(name) was too short to save." : "\(name)は短すぎるため保存しませんでした。"
            }
            let time = clock(outcome.snapshot.elapsed)
            return en ? "Ended your \(name) after \(time)." : "\(name)を終了しました（\(time)）。"
        case (.cancelWorkout, .success):
            return en ? "Discarded your \(name)." : "\(name)を破棄しました。"
        case (.markLap, .success):
            return en ? "Lap \(outcome.snapshot.laps)." : "ラップ\(outcome.snapshot.laps)。"
        case (.workoutStatus, _):
            return status(outcome.snapshot, locked: false, language: language)
        case (_, .failureNoMatchingWorkout):
            let verb: String
            switch outcome.intent {
            case .pauseWorkout: verb = en ? "pause" : "一時停止できる"
            case .resumeWorkout: verb = en ? "resume" : "再開できる"
            case .markLap: verb = en ? "mark a lap in" : "ラップを記録できる"
            default: verb = en ? "end" : "終了できる"
            }
            return en ? "There's no workout to \(verb)." : "\(verb)ワークアウトはありません。"
        default:
            return outcome.reason ?? outcome.code.rawValue
        }
    }

    static func notUnderstood(_ utterance: String, language: DisplayLanguage) -> String {
        language == .en ? "Sorry, I didn't understand “\(utterance)”." : "すみません、「\(utterance)」がわかりませんでした。"
    }

    static func status(_ snapshot: WorkoutSnapshot, locked: Bool, language: DisplayLanguage) -> String {
        let en = language == .en
        guard snapshot.state.isOngoing else { return en ? "No workout in progress." : "進行中のワークアウトはありません。" }
        let name = workoutName(snapshot, language)
        let state: String
        switch snapshot.state {
        case .prepared: state = en ? "Getting ready" : "準備中"
        case .running: state = en ? "Running" : "実行中"
        case .paused: state = en ? "Paused" : "一時停止中"
        default: state = en ? "Stopping" : "停止中"
        }
        if locked { return en ? "\(state): \(name) (locked)." : "\(state)：\(name)（ロック中）。" }
        let time = clock(snapshot.elapsed)
        return en ? "\(state): \(name), \(time) elapsed." : "\(state)：\(name)、経過 \(time)。"
    }

    /// Events the user did not ask for; the REPL's own commands are answered by their replies.
    static func event(_ notification: WorkoutNotification, language: DisplayLanguage) -> String? {
        let en = language == .en
        switch notification {
        case .countdown(let left):
            return en ? "\(left)…" : "\(left)…"
        case .stateChanged(.prepared, .running, _):
            return en ? "Go! Your workout has started." : "スタート！ワークアウトを開始しました。"
        case .goalReached:
            return en ? "Goal reached!" : "目標を達成しました！"
        case .recovered(let snapshot):
            return en ? "Recovered your \(workoutName(snapshot, language))." : "\(workoutName(snapshot, language))を復元しました。"
        default:
            return nil
        }
    }

    static func workoutName(_ snapshot: WorkoutSnapshot, _ language: DisplayLanguage) -> String {
        let activity = (snapshot.activity ?? .other).displayName(language)
        let location = snapshot.location?.displayName(language) ?? ""
        if location.isEmpty { return activity }
        return language == .en ? "\(location) \(activity)" : "\(location)\(activity)"
    }

    /// "2:00", "1:02:03".
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.down))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}
