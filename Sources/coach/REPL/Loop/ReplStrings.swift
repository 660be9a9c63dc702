// The REPL's own words (help, questions' decorations, notices) in the languages Coach speaks.
// Replies to utterances are worded by the backend, not here.

import CoachWire
import CoachCore

enum ReplStrings {
    static func banner(mode: String) -> String { "Coach \(CoachVersion.current) — \(mode)" }

    static func hint(_ language: Language) -> String {
        language == .en
            ? "Type a workout command (\"start a 30 minute outdoor run\"), /help for commands, Ctrl-D to leave."
            : "ワークアウトの指示を入力してください（「30分の屋外ランニングを開始」）。/help でコマンド一覧、Ctrl-D で終了。"
    }

    static func help(_ language: Language) -> String {
        let commands = """
          /status                    the workout now
          /wait DURATION             let time pass (60s, 1m30s, 2m); scripts on --virtual-clock move the clock
          /sample TYPE VALUE [UNIT]  feed a metric: heartRate, distance, activeEnergy, cadence, power, stepCount
          /lock, /unlock             hide or show metrics everywhere
          /lang en|ja                answer in English or Japanese
          /json on|off               show replies as the socket's JSON objects
          /speak on|off              also say replies and announcements aloud (espeak-ng)
          /listen on [FILE.wav]|off  talk instead of typing ("hey coach, pause"; pocketsphinx)
          /quit                      leave (also Ctrl-D)
        """
        let intro = language == .en
            ? "Anything else is a workout command: start, pause, resume, end, cancel, status, lap."
            : "それ以外はワークアウトの指示です：開始、一時停止、再開、終了、キャンセル、状況、ラップ。"
        let keys = language == .en
            ? "Keys: Tab completes, Up/Down and Ctrl-R search history, Ctrl-C clears the line, Ctrl-D leaves."
            : "キー：Tab で補完、↑↓ と Ctrl-R で履歴、Ctrl-C で行を消去、Ctrl-D で終了。"
        return "\(intro)\n\(commands)\n\(keys)"
    }

    static func languageSet(_ language: Language) -> String {
        language == .en ? "Answering in English." : "日本語で答えます。"
    }

    static func json(_ on: Bool) -> String { on ? "Replies as JSON." : "Replies as text." }

    static func speak(_ on: Bool) -> String { on ? "Speaking replies." : "Speech off." }

    static func unansweredAtEnd(_ language: Language) -> String {
        language == .en ? "The script ended with a question unanswered." : "質問に答えないままスクリプトが終わりました。"
    }

    static func waited(_ duration: Duration) -> String { "(\(formatDuration(duration)) later)" }

    /// "1m30s", "2m", "45s", "1h5m".
    static func formatDuration(_ duration: Duration) -> String {
        let total = Int(duration.components.seconds)
        let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
        var text = ""
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if seconds > 0 || text.isEmpty { text += "\(seconds)s" }
        return text
    }
}
