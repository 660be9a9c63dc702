// Vocabulary: the typed vocabulary — Intents/intents.yaml and every Intents/<lang>/ directory
// (extended by the user's), each file parsed once (VocabularyYAML) with FILE:LINE errors, and
// handed to every reader: the recogniser, responses, answers, the speech grammar and lexicon.

import CoachWire
import Foundation
import Yams

public struct Vocabulary: Sendable {
    public internal(set) var contract = VocabularyContract()
    /// The languages with at least one vocabulary file.
    public internal(set) var languages: [Language: LanguageVocabulary] = [:]

    public init() {}

    /// Loads `intentsDirectory` (its `intents.yaml` and `<lang>/*.yaml`), each language extended by
    /// `userDirectory/<lang>/*.yaml` when given. `only`: top-level keys wanted — a file whose text
    /// names none of them is not parsed (a client that needs only `responses` skips the sentences).
    public static func load(intentsDirectory: String, userDirectory: String? = nil, only: Set<String>? = nil) throws(VocabularyError)
        -> Vocabulary
    {
        var vocabulary = Vocabulary()
        let contract = (intentsDirectory as NSString).appendingPathComponent("intents.yaml")
        if FileManager.default.fileExists(atPath: contract), let root = try parse(contract, only: only) {
            vocabulary.contract = try VocabularyContract(root, file: contract)
        }
        for language in Language.allCases {
            var dirs = [(intentsDirectory as NSString).appendingPathComponent(language.rawValue)]
            if let user = userDirectory { dirs.append((user as NSString).appendingPathComponent(language.rawValue)) }
            var words = try load(language, directories: dirs, only: only)
            if words.numbers.units.isEmpty, words.definitions.intents.count > 0 { words.numbers = builtInNumbers(language) }
            if !words.directories.isEmpty { vocabulary.languages[language] = words }
        }
        return vocabulary
    }

    /// One language from its directories (built-in first; the later ones are the user's). A
    /// directory without vocabulary files is left out of `directories`.
    public static func load(_ language: Language, directories: [String], only: Set<String>? = nil) throws(VocabularyError)
        -> LanguageVocabulary
    {
        var words = LanguageVocabulary(language: language)
        for (i, dir) in directories.enumerated() {
            let files = yamlFiles(in: dir)
            if files.isEmpty { continue }
            words.directories.append(dir)
            for file in files {
                guard let root = try parse(file, only: only) else { continue }
                try words.read(root, file: file, fromUser: i > 0)
            }
        }
        return words
    }

    /// The built-in Intents/ directory's vocabulary, keys `only` (empty when it cannot be found or read).
    static func builtIn(only: Set<String>) -> Vocabulary {
        Recognizer.builtInIntentsDirectory().flatMap { try? load(intentsDirectory: $0, only: only) } ?? Vocabulary()
    }

    /// The built-in number words of `language`: a directory of sentences without `numbers:` (a
    /// test's grammar, Home Assistant's intents) reads numbers as the language says them.
    static func builtInNumbers(_ language: Language) -> NumberWords {
        guard let dir = Recognizer.builtInIntentsDirectory() else { return NumberWords() }
        let words = try? load(language, directories: [(dir as NSString).appendingPathComponent(language.rawValue)], only: ["numbers"])
        return words?.numbers ?? NumberWords()
    }

    static func yamlFiles(in directory: String) -> [String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
            .map { (directory as NSString).appendingPathComponent($0) }
    }

    private static func parse(_ file: String, only: Set<String>?) throws(VocabularyError) -> Yams.Node? {
        let text: String
        do { text = try String(contentsOfFile: file, encoding: .utf8) } catch {
            throw VocabularyError(file: file, line: nil, field: "", problem: "unreadable: \(error.localizedDescription)")
        }
        if let only, !only.contains(where: { text.contains($0) }) { return nil }
        return try VocabularyYAML.document(text, file: file)
    }
}
