// ResponseCatalog: spoken/printed texts per intent × response code (SiriKit codes such as
// "success", "failureNoMatchingWorkout") and global errors ("notUnderstood", "didYouMean"),
// from `responses:` in Intents/<lang>/*.yaml (the vocabulary's _responses.yaml), with
// `{placeholder}` substitution.

public struct ResponseCatalog: Sendable {
    /// language → intent → code → text. Global errors live under intent "errors".
    var texts: [Language: [String: [String: String]]] = [:]
    /// language → group ("activities", "locations", "states", "phrases", "units") → key → text.
    var phrases: [Language: [String: [String: String]]] = [:]

    public init() {}

    /// The texts of an Intents/ directory alone, without compiling its sentences: what a client
    /// (the REPL over the socket) needs to word what the gateway asked.
    public init(intentsDirectory: String) {
        for language in Language.allCases {
            try? load(language: language, directories: [(intentsDirectory as NSString).appendingPathComponent(language.rawValue)])
        }
    }

    /// The built-in Intents/ directory's texts (empty when it cannot be found).
    public static let builtIn = Recognizer.builtInIntentsDirectory().map { ResponseCatalog(intentsDirectory: $0) } ?? ResponseCatalog()

    mutating func load(language: Language, directories: [String]) throws {
        for dir in directories {
            for file in IntentDefinitions.yamlFiles(in: dir) where Self.mayHoldResponses(file) {
                guard let root = try IntentDefinitions.loadYAML(file), let responses = root["responses"] as? [String: Any]
                else { continue }
                for (intent, codes) in responses["intents"] as? [String: Any] ?? [:] {
                    for (code, text) in codes as? [String: Any] ?? [:] {
                        texts[language, default: [:]][intent, default: [:]][code] = IntentDefinitions.string(text)
                    }
                }
                for (code, text) in responses["errors"] as? [String: Any] ?? [:] {
                    texts[language, default: [:]]["errors", default: [:]][code] = IntentDefinitions.string(text)
                }
                // Word tables used to fill placeholders: activities, locations, states, phrases, units.
                for (group, entries) in responses where group != "intents" && group != "errors" {
                    for (key, text) in entries as? [String: Any] ?? [:] {
                        phrases[language, default: [:]][group, default: [:]][key] = IntentDefinitions.string(text)
                    }
                }
            }
        }
    }

    /// False for a file that cannot have a `responses:` key, seen without parsing it: a client
    /// that needs only the words (`coach history`, the REPL, the widget) would otherwise parse
    /// every sentence file too, ~15 ms of a release start. An unreadable file is parsed, to fail there.
    static func mayHoldResponses(_ file: String) -> Bool {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { return true }
        return text.contains("responses")
    }

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
