// FallbackWords: `fallback:` of Intents/<lang>/_fallback.yaml as read (FallbackData normalises
// it and documents each key).

import CoachWire
import Yams

public struct FallbackWords: WordSection {
    /// `questions:` — cues that count only about the user's own workout.
    struct Questions: Sendable, Equatable {
        var intent = "WorkoutStatus"
        var cues: [String] = [], selfPhrases: [String] = [], allowed: [String] = []
    }

    /// `goals:` — a set phrase with its goal ("half an hour" → 30 minute).
    struct Goal: Sendable, Equatable {
        var input: String
        var value: Double
        var unit: String
    }

    var negativeWords: [String] = [], statementEndings: [String] = [], openGoal: [String] = []
    var locationIgnore: [String] = [], stopWords: [String] = [], exactOnly: [String] = []
    var questionStarts: [String] = [], questionLeads: [String] = [], fillers: [String] = [], objects: [String] = []
    var cues: [NamedWords] = [], verbs: [NamedWords] = []
    var activityHints: [WordPair] = []
    var questions: [Questions] = []
    var goals: [Goal] = []

    public init() {}

    static var lists: [(key: String, path: WritableKeyPath<Self, [String]>)] {
        [("negative_words", \.negativeWords), ("statement_endings", \.statementEndings), ("open_goal", \.openGoal),
         ("location_ignore", \.locationIgnore), ("stop_words", \.stopWords), ("exact_only", \.exactOnly),
         ("question_starts", \.questionStarts), ("question_leads", \.questionLeads), ("fillers", \.fillers), ("objects", \.objects)]
    }
    static var groups: [(key: String, path: WritableKeyPath<Self, [NamedWords]>)] { [("cues", \.cues), ("verbs", \.verbs)] }
    static var pairs: [(key: String, path: WritableKeyPath<Self, [WordPair]>)] { [("activity_hints", \.activityHints)] }
    static var others: [String] { ["questions", "goals"] }

    mutating func readOther(_ key: String, _ node: Node, _ field: String, _ yaml: VocabularyYAML) throws(VocabularyError) -> Bool {
        switch key {
        case "questions":
            var q = Questions()
            for (k, v) in try yaml.fields(node, field, known: ["intent", "cues", "self", "allowed"]) {
                let f = VocabularyYAML.path(field, k)
                switch k {
                case "intent": q.intent = try yaml.text(v, f)
                case "cues": q.cues = try yaml.texts(v, f)
                case "self": q.selfPhrases = try yaml.texts(v, f)
                default: q.allowed = try yaml.texts(v, f)
                }
            }
            questions.append(q)
        case "goals":
            guard let items = node.sequence else { throw yaml.fail(node, field, "expected a list of {in, value, unit}") }
            for (i, item) in items.enumerated() {
                let f = "\(field)[\(i)]"
                let entry = try yaml.fields(item, f, known: ["in", "value", "unit"])
                func value(_ k: String) throws(VocabularyError) -> Node {
                    guard let v = entry.first(where: { $0.key == k })?.value else { throw yaml.fail(item, f, "needs \(k):") }
                    return v
                }
                goals.append(Goal(input: try yaml.text(try value("in"), f + ".in"), value: try yaml.number(try value("value"), f + ".value"),
                                  unit: try yaml.text(try value("unit"), f + ".unit")))
            }
        default: return false
        }
        return true
    }
}
