// The typed Vocabulary holds what the untyped readers it replaced read: every section compared
// with the same files read as plain values (Yams' `load`, as ClauseData, FallbackData,
// AnswerWords, ResponseCatalog, UnitTable, IntentStates and the voice readers walked them).

import CoachWire
import Foundation
import Testing
@testable import CoachLanguage

@Suite struct VocabularyEquivalenceTests {
    static let vocabulary = try! Vocabulary.load(intentsDirectory: TestSupport.intentsDirectory)

    /// Every file of `language` as plain values, in the order the Vocabulary reads them.
    static func plainFiles(_ language: Language) throws -> [[String: Any]] {
        try Vocabulary.yamlFiles(in: TestSupport.intentsDirectory + "/" + language.rawValue).compactMap { try VocabularyYAML.plain($0) }
    }

    static func words(_ value: Any?) -> [String] { (value as? [Any] ?? []).map { "\($0)" } }

    /// name → its words over every file, each sorted (plain mappings have no order).
    static func grouped(_ groups: [NamedWords]) -> [String: [String]] {
        Dictionary(groups.map { ($0.name, $0.words) }, uniquingKeysWith: +).mapValues { $0.sorted() }
    }

    func compare<S: WordSection>(_ typed: S, _ files: [[String: Any]], section: String?, _ language: Language) {
        let bodies = files.compactMap { file in section.map { file[$0] as? [String: Any] } ?? file }
        for (key, path) in S.lists {
            #expect(typed[keyPath: path] == bodies.flatMap { Self.words($0[key]) }, "\(language) \(section ?? "") \(key)")
        }
        for (key, path) in S.groups {
            var want: [String: [String]] = [:]
            for body in bodies {
                for (name, list) in body[key] as? [String: Any] ?? [:] { want[name, default: []] += Self.words(list) }
            }
            #expect(Self.grouped(typed[keyPath: path]) == want.mapValues { $0.sorted() }, "\(language) \(section ?? "") \(key)")
        }
        for (key, path) in S.pairs {
            let want = bodies.flatMap { ($0[key] as? [String: Any] ?? [:]).map { "\($0.key)=\($0.value)" } }.sorted()
            #expect(typed[keyPath: path].map { "\($0.key)=\($0.value)" }.sorted() == want, "\(language) \(section ?? "") \(key)")
        }
        for (key, path) in S.numbers where bodies.contains(where: { $0[key] != nil }) {
            #expect(typed[keyPath: path] == bodies.compactMap { $0[key] as? Int }.last, "\(language) \(key)")
        }
    }

    @Test(arguments: Language.allCases)
    func wordSectionsHoldWhatTheFilesSay(_ language: Language) throws {
        let files = try Self.plainFiles(language)
        let words = try #require(Self.vocabulary.languages[language])
        compare(words.clauses, files, section: "clauses", language)
        compare(words.fallback, files, section: "fallback", language)
        compare(words.answers, files, section: "answers", language)
        compare(words.permission, files, section: "permission", language)
        compare(words.save, files, section: "save", language)
        compare(words.voice, files, section: nil, language)
        #expect(!words.clauses.commandWords.isEmpty && !words.fallback.cues.isEmpty && !words.answers.yes.isEmpty)
    }

    @Test(arguments: Language.allCases)
    func fallbackGoalsQuestionsAndVoiceMaps(_ language: Language) throws {
        let files = try Self.plainFiles(language)
        let words = try #require(Self.vocabulary.languages[language])
        let goals = files.flatMap { ($0["fallback"] as? [String: Any])?["goals"] as? [[String: Any]] ?? [] }
        #expect(words.fallback.goals.map { "\($0.input) \($0.value) \($0.unit)" }
            == goals.map { goal in
                let value = Double("\(goal["value"]!)")!
                return "\(goal["in"]!) \(value) \(goal["unit"]!)"
            })
        let questions = files.compactMap { ($0["fallback"] as? [String: Any])?["questions"] as? [String: Any] }
        #expect(words.fallback.questions.map(\.cues) == questions.map { Self.words($0["cues"]) })
        #expect(words.fallback.questions.map(\.selfPhrases) == questions.map { Self.words($0["self"]) })
        let pronunciations = files.compactMap { $0["pronunciations"] as? [String: Any] }.flatMap { $0 }
        #expect(Dictionary(uniqueKeysWithValues: words.voice.pronunciations.map { ($0.name, $0.words) })
            == Dictionary(uniqueKeysWithValues: pronunciations.map { ($0.key, ($0.value as? [Any])?.map { "\($0)" } ?? ["\($0.value)"]) }))
        let priors = files.compactMap { $0["priors"] as? [String: Any] }.flatMap { $0 }
        let weights = priors.map { prior in (prior.key, Double("\(prior.value)") ?? -1) }
        #expect(words.voice.priors.map { "\($0.word)=\($0.weight)" }.sorted() == weights.map { "\($0.0)=\($0.1)" }.sorted())
    }

    @Test(arguments: Language.allCases)
    func responsesAreEveryTextOfTheFiles(_ language: Language) throws {
        let words = try #require(Self.vocabulary.languages[language])
        var texts: [String: [String: String]] = [:]
        var phrases: [String: [String: String]] = [:]
        for file in try Self.plainFiles(language) {
            for (group, body) in file["responses"] as? [String: Any] ?? [:] {
                for (key, value) in body as? [String: Any] ?? [:] {
                    switch group {
                    case "intents": for (code, text) in value as? [String: Any] ?? [:] { texts[key, default: [:]][code] = "\(text)" }
                    case "errors": texts["errors", default: [:]][key] = "\(value)"
                    default: phrases[group, default: [:]][key] = "\(value)"
                    }
                }
            }
        }
        #expect(words.responses.texts == texts)
        #expect(words.responses.phrases == phrases)
        #expect(texts.count > 5 && phrases.count > 5)
    }

    @Test(arguments: Language.allCases)
    func sentencesAndListsAreEveryTemplateOfTheFiles(_ language: Language) throws {
        let words = try #require(Self.vocabulary.languages[language])
        var sentences: [String: [String]] = [:]
        var lists: Set<String> = []
        for file in try Self.plainFiles(language) {
            for (intent, body) in file["intents"] as? [String: Any] ?? [:] {
                for block in (body as? [String: Any])?["data"] as? [[String: Any]] ?? [] {
                    sentences[intent, default: []] += Self.words(block["sentences"])
                }
            }
            lists.formUnion((file["lists"] as? [String: Any] ?? [:]).keys)
        }
        let typed = Dictionary(uniqueKeysWithValues: words.definitions.intents.map { ($0.name, $0.data.flatMap(\.sentences)) })
        #expect(typed == sentences)
        #expect(Set(words.definitions.lists.keys) == lists)
    }

    @Test func contractHoldsStatesUnitsAndDistanceActivities() throws {
        let plain = try #require(try VocabularyYAML.plain(TestSupport.intentsDirectory + "/intents.yaml"))
        let contract = Self.vocabulary.contract
        var possible: [String: [String: [String]]] = [:]
        var bare: [String: [String: [String: String]]] = [:]
        for (intent, body) in plain["intents"] as? [String: Any] ?? [:] {
            for (key, values) in (body as? [String: Any])?["possible_when"] as? [String: Any] ?? [:] {
                possible[intent, default: [:]][key] = Self.words(values)
            }
            for (key, states) in (body as? [String: Any])?["bare_in_state"] as? [String: Any] ?? [:] {
                bare[intent, default: [:]][key] = (states as? [String: Any] ?? [:]).mapValues { "\($0)" }
            }
        }
        #expect(contract.possibleWhen == possible && !possible.isEmpty)
        #expect(contract.bareInState == bare && !bare.isEmpty)
        var units: [String: Double] = [:]
        for (_, entries) in plain["units"] as? [String: Any] ?? [:] {
            for (unit, factor) in entries as? [String: Any] ?? [:] { units[unit] = Double("\(factor)") }
        }
        #expect(Dictionary(uniqueKeysWithValues: contract.units.map { ($0.name, $0.factor) }) == units)
        #expect(contract.distanceActivities == plain["distance_activities"] as? [String])
        // UnitTable and IntentStates, built from it, say what the contract says.
        #expect(UnitTable(contract).goal(value: 5, unit: "kilometer") == .distance(meters: 5000))
        #expect(IntentStates(contract).possibleWhen["PauseWorkout"]?["workout"] == Set(possible["PauseWorkout"]?["workout"] ?? []))
    }
}
