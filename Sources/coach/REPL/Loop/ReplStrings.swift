// The REPL's own words (help, notices) in the languages Coach speaks: `repl:` in
// Intents/<lang>/_responses.yaml, read through the one response catalog. Replies to utterances are
// worded by the backend, not here.

import CoachCore
import CoachLanguage
import CoachWire

enum ReplStrings {
    static func banner(mode: String) -> String { "Coach \(CoachVersion.current) — \(mode)" }

    /// A word of `repl:` in Intents/<lang>/_responses.yaml, English where the language lacks it.
    static func word(_ key: String, _ language: Language, _ values: [String: String] = [:]) -> String {
        let catalog = ResponseCatalog.builtIn
        let template = catalog.phrase("repl", key, language: language) ?? catalog.phrase("repl", key, language: .en) ?? key
        return catalog.fill(template, values: values)
    }

    static func hint(_ language: Language) -> String { word("hint", language) }

    static func help(_ language: Language) -> String {
        "\(word("helpIntro", language))\n\(word("helpCommands", language))\n\(word("helpKeys", language))"
    }

    static func languageSet(_ language: Language) -> String { word("languageSet", language) }

    static func json(_ on: Bool, _ language: Language) -> String { word(on ? "jsonOn" : "jsonOff", language) }

    static func speak(_ on: Bool, _ language: Language) -> String { word(on ? "speakOn" : "speakOff", language) }

    static func unansweredAtEnd(_ language: Language) -> String { word("unansweredAtEnd", language) }

    /// Ctrl-D while `workout` (already worded) runs in a REPL hosting the gateway: `kept` when the
    /// store keeps it for recovery, else it is lost.
    static func leaveWarning(workout: String, kept: Bool, _ language: Language) -> String {
        let article = workout.first.map { "aeiouAEIOU".contains($0) } == true ? "An" : "A"
        return word(kept ? "leaveKept" : "leaveLost", language, ["workout": workout, "Article": article])
    }

    static func waited(_ duration: Duration, _ language: Language) -> String {
        word("waited", language, ["duration": formatDuration(duration)])
    }

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
