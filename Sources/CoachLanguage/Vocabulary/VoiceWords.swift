// VoiceWords: the speech keys of Intents/<lang>/_voice.yaml as read (CoachVoice's VoiceLexicon
// lower-cases and checks them): pronunciations, letter names, filler, written-only words, the
// second opinion's ignored words, word priors and the language's own wake phrase.

import CoachWire
import Yams

public struct VoiceWords: WordSection {
    /// word → its pronunciations as written (one or a list), document order.
    public var pronunciations: [NamedWords] = []
    public var letters: [WordPair] = []
    public var filler: [String] = [], writtenOnly: [String] = [], secondOpinionIgnores: [String] = []
    /// word → weight in the grammar (0 < weight ≤ 1 is checked where it is used).
    public var priors: [(word: String, weight: Double)] = []
    public var wakePhrase: String?

    public init() {}

    /// The top-level keys of a file this section reads.
    public static let keys: Set<String> = ["pronunciations", "letters", "filler", "written_only", "second_opinion_ignores", "priors", "wake_phrase"]

    static var lists: [(key: String, path: WritableKeyPath<Self, [String]>)] {
        [("filler", \.filler), ("written_only", \.writtenOnly), ("second_opinion_ignores", \.secondOpinionIgnores)]
    }
    static var pairs: [(key: String, path: WritableKeyPath<Self, [WordPair]>)] { [("letters", \.letters)] }
    static var others: [String] { ["pronunciations", "priors", "wake_phrase"] }

    mutating func readOther(_ key: String, _ node: Node, _ field: String, _ yaml: VocabularyYAML) throws(VocabularyError) -> Bool {
        switch key {
        case "pronunciations":
            for (word, value) in try yaml.fields(node, field) {
                pronunciations.append(NamedWords(name: word, words: try yaml.textOrTexts(value, VocabularyYAML.path(field, word))))
            }
        case "priors":
            for (word, value) in try yaml.fields(node, field) {
                priors.append((word, try yaml.number(value, VocabularyYAML.path(field, word))))
            }
        case "wake_phrase": wakePhrase = try yaml.text(node, field)
        default: return false
        }
        return true
    }

    public static func == (a: VoiceWords, b: VoiceWords) -> Bool {
        a.pronunciations == b.pronunciations && a.letters == b.letters && a.filler == b.filler && a.writtenOnly == b.writtenOnly
            && a.secondOpinionIgnores == b.secondOpinionIgnores && a.priors.map(\.word) == b.priors.map(\.word)
            && a.priors.map(\.weight) == b.priors.map(\.weight) && a.wakePhrase == b.wakePhrase
    }
}
