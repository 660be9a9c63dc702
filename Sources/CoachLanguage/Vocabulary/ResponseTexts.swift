// ResponseTexts: `responses:` of Intents/<lang>/_responses.yaml as read — texts per intent and
// SiriKit code, global errors, and the word tables placeholders are filled from (activities,
// units, feed, plan, events, repl …). ResponseCatalog looks them up.

import CoachWire
import Yams

public struct ResponseTexts: Sendable, Equatable {
    /// intent → code → text; the global errors under "errors".
    var texts: [String: [String: String]] = [:]
    /// group → key → text.
    var phrases: [String: [String: String]] = [:]

    public init() {}

    mutating func read(_ node: Node, _ field: String, _ yaml: VocabularyYAML) throws(VocabularyError) {
        for (group, body) in try yaml.fields(node, field) {
            let f = VocabularyYAML.path(field, group)
            switch group {
            case "intents":
                for (intent, codes) in try yaml.fields(body, f) {
                    for (code, text) in try yaml.fields(codes, VocabularyYAML.path(f, intent)) {
                        texts[intent, default: [:]][code] = try yaml.text(text, VocabularyYAML.path(f, intent + "." + code))
                    }
                }
            case "errors":
                for (code, text) in try yaml.fields(body, f) { texts["errors", default: [:]][code] = try yaml.text(text, VocabularyYAML.path(f, code)) }
            default:
                for (key, text) in try yaml.fields(body, f) { phrases[group, default: [:]][key] = try yaml.text(text, VocabularyYAML.path(f, key)) }
            }
        }
    }
}
