// ResponseCatalog: spoken/printed texts per intent × response code (SiriKit codes such as
// "success", "failureNoMatchingWorkout") and global errors ("notUnderstood", "didYouMean"),
// from `responses:` in Intents/<lang>/*.yaml (the vocabulary's _responses.yaml, ResponseTexts),
// with `{placeholder}` substitution.

import CoachWire

public struct ResponseCatalog: Sendable {
    /// language → intent → code → text. Global errors live under intent "errors".
    var texts: [Language: [String: [String: String]]] = [:]
    /// language → group ("activities", "locations", "states", "phrases", "units") → key → text.
    var phrases: [Language: [String: [String: String]]] = [:]

    public init() {}

    /// The texts of every language of `vocabulary`.
    public init(_ vocabulary: Vocabulary) {
        for (language, words) in vocabulary.languages {
            texts[language] = words.responses.texts
            phrases[language] = words.responses.phrases
        }
    }

    /// The texts of an Intents/ directory alone, without reading its sentences: what a client
    /// (the REPL over the socket) needs to word what the gateway asked (~15 ms less of a release start).
    public init(intentsDirectory: String) throws(VocabularyError) {
        self.init(try Vocabulary.load(intentsDirectory: intentsDirectory, only: ["responses"]))
    }

    /// The built-in Intents/ directory's texts (empty when it cannot be found).
    public static let builtIn = ResponseCatalog(Vocabulary.builtIn(only: ["responses"]))

    /// A word or phrase from a table of the responses file, e.g. `phrase("activities", "running", .en)`
    /// → "run"; nil when the table has no such key.
    public func phrase(_ group: String, _ key: String, language: Language) -> String? {
        phrases[language]?[group]?[key]
    }

    /// Fills `{name}` placeholders in any text with `values` (unknown ones stay as written).
    public func fill(_ template: String, values: [String: String]) -> String { Self.fill(template, values) }

    /// True when the catalog has a text for this intent and code (or global error code).
    public func has(intent: String, code: String, language: Language) -> Bool {
        texts[language]?[intent]?[code] != nil || texts[language]?["errors"]?[code] != nil
    }

    /// The text for `intent` × `code`, falling back to the global errors, then English, then
    /// the code itself; `{name}` placeholders are replaced from `values` (unknown ones stay).
    public func text(intent: String, code: String, language: Language, values: [String: String] = [:]) -> String {
        let template = texts[language]?[intent]?[code] ?? texts[language]?["errors"]?[code]
            ?? texts[.en]?[intent]?[code] ?? texts[.en]?["errors"]?[code] ?? code
        return Self.fill(template, values)
    }

    static func fill(_ template: String, _ values: [String: String]) -> String {
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { out += rest[open...]; return out }
            let key = String(rest[rest.index(after: open) ..< close]).trimmingCharacters(in: .whitespaces)
            out += values[key] ?? String(rest[open ... close])
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }
}

import CoachWire
import Foundation
