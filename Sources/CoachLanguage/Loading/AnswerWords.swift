// AnswerWords: yes / no / "never mind" answers to a pending question, read from the `answers:`
// key of Intents/<lang>/*.yaml (hassil ignores it). The gateway and the REPL share this one list.

import Foundation

public struct AnswerWords: Sendable, Equatable {
    public enum Answer: Sendable, Equatable { case yes, no, dismiss }

    var words: [String: Answer] = [:]

    public init() {}

    /// Every language directory under `intentsDirectory` (and the user's extension), merged.
    public init(intentsDirectory: String, userDirectory: String? = nil) {
        for language in Language.allCases {
            var dirs = [(intentsDirectory as NSString).appendingPathComponent(language.rawValue)]
            if let user = userDirectory { dirs.append((user as NSString).appendingPathComponent(language.rawValue)) }
            for dir in dirs {
                for file in IntentDefinitions.yamlFiles(in: dir) {
                    guard let root = try? IntentDefinitions.loadYAML(file), let answers = root["answers"] as? [String: Any]
                    else { continue }
                    for (key, kind) in [("yes", Answer.yes), ("no", .no), ("dismiss", .dismiss)] {
                        for w in answers[key] as? [Any] ?? [] { words[Self.normalised("\(w)")] = kind }
                    }
                }
            }
        }
    }

    /// The answers of the built-in Intents/ directory (empty when it cannot be found).
    public static let builtIn: AnswerWords = Recognizer.builtInIntentsDirectory().map { AnswerWords(intentsDirectory: $0) }
        ?? AnswerWords()

    /// What `text` answers, or nil when it is not an answer (then it is a new command).
    public func classify(_ text: String) -> Answer? { words[Self.normalised(text)] }

    /// Lower-cased, punctuation dropped, whitespace trimmed and collapsed.
    public static func normalised(_ text: String) -> String {
        let kept = text.lowercased().unicodeScalars.filter {
            ![.otherPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
              .dashPunctuation, .connectorPunctuation].contains($0.properties.generalCategory)
        }
        return String(String.UnicodeScalarView(kept)).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
