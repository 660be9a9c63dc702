// LanguageVocabulary: everything Intents/<lang>/ (and the user's <lang>/ beside it) says, each
// file parsed once and every key read into its typed section: hassil's sentences and lists,
// responses, answers, clause and fallback words, number words, speech data, the command line's words. A key no section knows is an error.

import CoachWire
import Foundation
import Yams

public struct LanguageVocabulary: Sendable {
    public let language: Language
    /// The directories read, built-in first (FallbackData reads their `_dictionary*.txt`).
    public internal(set) var directories: [String] = []
    var definitions: IntentDefinitions
    var responses = ResponseTexts()
    var answers = AnswerSection()
    var permission = PermissionSection()
    var save = SaveSection()
    var clauses = ClauseWords()
    var fallback = FallbackWords()
    public internal(set) var voice = VoiceWords()
    public internal(set) var numbers = NumberWords()
    public internal(set) var commandLine = CommandLineWords()
    /// `location:` of `lists.activity` entries: the entry's `in` template → the location it implies.
    var activityLocations: [WordPair] = []

    init(language: Language) {
        self.language = language
        definitions = IntentDefinitions(language: language.rawValue)
    }

    /// Every top-level key a vocabulary file may hold.
    static let keys: Set<String> = IntentDefinitions.keys.union(VoiceWords.keys)
        .union(["responses", "answers", "permission", "save", "clauses", "fallback", "numbers", CommandLineWords.key])

    /// Reads one parsed file into the sections.
    mutating func read(_ root: Node, file: String, fromUser: Bool) throws(VocabularyError) {
        let yaml = VocabularyYAML(file: file)
        for (key, node) in try yaml.fields(root, "", known: Self.keys) {
            switch key {
            case "responses": try responses.read(node, key, yaml)
            case "answers": try yaml.section(node, key, into: &answers)
            case "permission": try yaml.section(node, key, into: &permission)
            case "save": try yaml.section(node, key, into: &save)
            case "clauses": try yaml.section(node, key, into: &clauses)
            case "fallback": try yaml.section(node, key, into: &fallback)
            case "numbers": try numbers.read(node, key, yaml)
            case CommandLineWords.key: try commandLine.read(node, key, yaml)
            case _ where VoiceWords.keys.contains(key): _ = try yaml.read(key, node, key, into: &voice)
            default: try definitions.read(key, node, yaml, fromUser: fromUser, locations: &activityLocations)
            }
        }
    }

    /// Yes / no / dismiss words to a question, in that order.
    public var answerWords: [String] { answers.yes + answers.no + answers.dismiss }
}
