// ClauseWords: `clauses:` of Intents/<lang>/_clauses.yaml as read (ClauseData normalises it and
// documents each key).

import CoachWire
import Yams

public struct ClauseWords: WordSection {
    var conjunctions: [String] = [], relatives: [String] = [], connectives: [String] = [], nounParticles: [String] = []
    var requestEndings: [String] = [], hesitations: [String] = [], asideStarts: [String] = [], binders: [String] = []
    var blockers: [String] = [], notStated: [String] = [], discardReasons: [String] = [], addressee: [String] = []
    var selfWords: [String] = [], discardAbout: [String] = [], bareStarts: [String] = []
    var requestPrefixes: [String] = [], requestSuffixes: [String] = []
    var connectiveContinuations: [String] = [], interruptions: [String] = []
    var commandWords: [NamedWords] = [], strongWords: [NamedWords] = []
    var requestQuestions: [WordPair] = [], spellingVariants: [WordPair] = []
    /// `max_words` (English) or `max_characters` (Japanese): the longest aside.
    var maxAsideLength: Int?
    /// `plain_in_state`: intent → context key → the values in which the intent is its templates' one meaning.
    var plainInState: [String: [String: [String]]] = [:]

    public init() {}

    static var lists: [(key: String, path: WritableKeyPath<Self, [String]>)] {
        [("conjunctions", \.conjunctions), ("relatives", \.relatives), ("connectives", \.connectives),
         ("noun_particles", \.nounParticles), ("request_endings", \.requestEndings), ("hesitations", \.hesitations),
         ("aside_starts", \.asideStarts), ("binders", \.binders), ("blockers", \.blockers), ("not_stated", \.notStated),
         ("discard_reasons", \.discardReasons), ("addressee", \.addressee), ("self", \.selfWords),
         ("discard_about", \.discardAbout), ("bare_starts", \.bareStarts), ("request_prefixes", \.requestPrefixes),
         ("request_suffixes", \.requestSuffixes), ("connective_continuations", \.connectiveContinuations),
         ("interruptions", \.interruptions)]
    }
    static var groups: [(key: String, path: WritableKeyPath<Self, [NamedWords]>)] {
        [("command_words", \.commandWords), ("strong_words", \.strongWords)]
    }
    static var pairs: [(key: String, path: WritableKeyPath<Self, [WordPair]>)] {
        [("request_questions", \.requestQuestions), ("spelling_variants", \.spellingVariants)]
    }
    static var numbers: [(key: String, path: WritableKeyPath<Self, Int?>)] {
        [("max_words", \.maxAsideLength), ("max_characters", \.maxAsideLength)]
    }
    static var others: [String] { ["plain_in_state"] }

    mutating func readOther(_ key: String, _ node: Node, _ field: String, _ yaml: VocabularyYAML) throws(VocabularyError) -> Bool {
        guard key == "plain_in_state" else { return false }
        for (intent, rules) in try yaml.fields(node, field) {
            let intentField = VocabularyYAML.path(field, intent)
            for (contextKey, values) in try yaml.fields(rules, intentField) {
                plainInState[intent, default: [:]][contextKey, default: []] += try yaml.texts(values, VocabularyYAML.path(intentField, contextKey))
            }
        }
        return true
    }
}
