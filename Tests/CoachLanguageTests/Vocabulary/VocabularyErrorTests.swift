// A broken vocabulary file is reported as FILE:LINE: field: problem — malformed YAML, a
// misspelt section or key, a list where a mapping belongs and the reverse, a word that should be
// a number, a list without values, a unit of no family — and nothing is half loaded.

import CoachWire
import Foundation
import Testing
@testable import CoachLanguage

@Suite struct VocabularyErrorTests {
    /// A scratch Intents/ directory holding `en/_broken.yaml` (and `intents.yaml` when given).
    static func load(_ text: String, contract: String? = nil) throws -> (file: String, error: VocabularyError?) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("vocab-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/en", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let file = contract == nil ? root + "/en/_broken.yaml" : root + "/intents.yaml"
        try (contract ?? text).write(toFile: file, atomically: true, encoding: .utf8)
        if contract != nil { try text.write(toFile: root + "/en/_ok.yaml", atomically: true, encoding: .utf8) }
        let result = Result { () throws(VocabularyError) in try Vocabulary.load(intentsDirectory: root) }
        if case .failure(let error) = result { return (file, error) }
        return (file, nil)
    }

    static let cases: [(text: String, line: Int, field: String, problem: String)] = [
        ("language: en\nclauses:\n  conjunctions: [so, because\n", 4, "",
         "not YAML: while parsing a flow sequence did not find expected ',' or ']'"),
        ("language: en\nclauses:\n  hesitations: [uh]\nfallbak:\n  cues: {}\n", 4, "fallbak",
         "unknown field (expected one of answers, clauses, command_line, expansion_rules, fallback, filler, intents, language, letters, lists, numbers, permission, priors, pronunciations, responses, save, second_opinion_ignores, settings, skip_words, wake_phrase, written_only)"),
        ("clauses:\n  command_words: [pause, stop]\n", 2, "clauses.command_words", "expected a mapping (key: value lines)"),
        ("clauses:\n  conjunctions:\n    so: 1\n", 3, "clauses.conjunctions", "expected a list ([a, b] or - lines)"),
        ("clauses:\n  binders: [to]\n  conjuctions: [so]\n", 3, "clauses.conjuctions",
         "unknown field (expected one of addressee, aside_starts, bare_starts, binders, blockers, command_words, conjunctions, connective_continuations, connectives, discard_about, discard_reasons, hesitations, interruptions, max_characters, max_words, not_stated, noun_particles, plain_in_state, relatives, request_endings, request_prefixes, request_questions, request_suffixes, self, spelling_variants, strong_words)"),
        ("fallback:\n  goals:\n    - {in: half an hour, value: 30, unit: minute}\n    - {in: a while, value: lots, unit: minute}\n", 4,
         "fallback.goals[1].value", "expected a number"),
        ("clauses:\n  max_words: ten\n", 2, "clauses.max_words", "expected a whole number"),
        ("answers:\n  yes: [yes, yeah]\n  no:\n    - [no, nope]\n", 4, "answers.no[0]", "expected a word or phrase, not a list or mapping"),
        ("lists:\n  activity:\n    valuess: [run]\n", 3, "lists.activity.valuess", "unknown field (expected one of range, values, wildcard)"),
        ("lists:\n  minutes:\n    range: {from: 1}\n", 3, "lists.minutes.range", "a range needs from: and to:"),
        ("intents:\n  PauseWorkout:\n    data:\n      - sentence: [pause]\n", 4, "intents.PauseWorkout.data[0].sentence",
         "unknown field (expected one of excludes_context, expansion_rules, lists, metadata, required_keywords, requires_context, response, sentences, slots)"),
        ("responses:\n  intents:\n    PauseWorkout:\n      success:\n        - Paused.\n", 5, "responses.intents.PauseWorkout.success",
         "expected a word or phrase, not a list or mapping"),
        ("command_line:\n  say: [The utterance.]\n", 2, "command_line.say", "expected a mapping (key: value lines)"),
        ("command_line:\n  say:\n    abstract:\n      - Say one utterance.\n", 4, "command_line.say.abstract",
         "expected a word or phrase, not a list or mapping"),
    ]

    @Test(arguments: 0 ..< cases.count)
    func brokenFileNamesLineAndField(_ i: Int) throws {
        let want = Self.cases[i]
        let (file, error) = try Self.load(want.text)
        let got = try #require(error)
        #expect(got == VocabularyError(file: file, line: want.line, field: want.field, problem: want.problem))
        #expect(got.description.hasPrefix("\(file):\(want.line): "))
    }

    @Test func contractUnitOfNoFamily() throws {
        let (file, error) = try Self.load("language: en\n", contract: "units:\n  time: {minute: 60}\n  speed:\n    kph: 1\n")
        let got = try #require(error)
        #expect(got.description == "\(file):4: units.speed: unknown family (expected distance, energy or time)")
    }

    @Test func theRepositoryVocabularyLoads() throws {
        let vocabulary = try Vocabulary.load(intentsDirectory: TestSupport.intentsDirectory)
        #expect(Set(vocabulary.languages.keys) == [.en, .ja])
        #expect(vocabulary.contract.units.contains { $0.name == "kilometer" && $0.family == "distance" && $0.factor == 1000 })
    }
}
