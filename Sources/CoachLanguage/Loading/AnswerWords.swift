// AnswerWords: yes / no / "never mind" answers to a pending question, from the `answers:`
// key of Intents/<lang>/*.yaml (hassil ignores it). The gateway and the REPL share this one list.
// The `permission:` key holds the words of the REPL's permission prompt (allow / deny / choose).

import CoachWire
import Foundation

public struct AnswerWords: Sendable, Equatable {
    public enum Answer: Sendable, Equatable { case yes, no, dismiss }
    /// An answer at the permission prompt: allow everything asked, nothing, or choose type by type.
    public enum PermissionAnswer: Sendable, Equatable { case allow, deny, choose }

    var words: [String: Answer] = [:]
    var permissionWords: [String: PermissionAnswer] = [:]
    /// Words that ask an end to save (`save:`), and phrases that say the opposite.
    var saveWords: [String] = []
    var saveExceptions: [String] = []

    public init() {}

    /// Every language of `vocabulary`, merged.
    public init(_ vocabulary: Vocabulary) {
        for language in Language.allCases {
            guard let v = vocabulary.languages[language] else { continue }
            for (list, kind) in [(v.answers.yes, Answer.yes), (v.answers.no, .no), (v.answers.dismiss, .dismiss)] {
                for w in list { words[Self.normalised(w)] = kind }
            }
            for (list, kind) in [(v.permission.allow, PermissionAnswer.allow), (v.permission.deny, .deny), (v.permission.choose, .choose)] {
                for w in list { permissionWords[Self.normalised(w)] = kind }
            }
            saveWords += v.save.words.map(Self.normalised)
            saveExceptions += v.save.except.map(Self.normalised)
        }
    }

    /// The answers of the built-in Intents/ directory (empty when it cannot be found).
    public static let builtIn = AnswerWords(Vocabulary.builtIn(only: ["answers", "permission", "save"]))

    /// What `text` answers, or nil when it is not an answer (then it is a new command).
    public func classify(_ text: String) -> Answer? { words[Self.normalised(text)] }

    /// Whether an end asks to save ("end and save", 「保存して終了」) rather than not to.
    public func asksToSave(_ text: String) -> Bool {
        let line = Self.normalised(text)
        return saveWords.contains { line.contains($0) } && !saveExceptions.contains { line.contains($0) }
    }

    /// What a line typed at the permission prompt answers, or nil when it is no answer.
    public func permission(_ text: String) -> PermissionAnswer? { permissionWords[Self.normalised(text)] }

    /// Lower-cased, punctuation dropped, whitespace trimmed and collapsed.
    public static func normalised(_ text: String) -> String {
        let kept = text.lowercased().unicodeScalars.filter {
            ![.otherPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
              .dashPunctuation, .connectorPunctuation].contains($0.properties.generalCategory)
        }
        return String(String.UnicodeScalarView(kept)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
