// TestSupport: the shared recogniser over the repository's Intents/, test-case loading, and
// small grammars written to temporary directories.

import CoachWire
import Foundation
@testable import CoachLanguage

enum TestSupport {
    static let intentsDirectory: String = Recognizer.builtInIntentsDirectory()!

    /// Compiled once for all tests (the compiled structure is immutable and Sendable).
    static let recognizer: Recognizer = try! Recognizer(intentsDirectory: intentsDirectory)

    struct Case: Sendable, CustomStringConvertible {
        var text: String
        var intent: String?
        var slots: [String: SlotValue]
        /// The caller's intent_context (`context:` beside `sentences:` in a test file).
        var context: RecognitionContext = [:]
        var description: String { text }
    }

    static func cases(_ language: Language, file: String? = nil, key: String) -> [Case] {
        let dir = (intentsDirectory as NSString).appendingPathComponent("tests/\(language.rawValue)")
        let files = file.map { [(dir as NSString).appendingPathComponent($0)] }
            ?? Vocabulary.yamlFiles(in: dir).filter { !($0 as NSString).lastPathComponent.hasPrefix("_") }
        var out: [Case] = []
        for f in files {
            guard let root = try? VocabularyYAML.plain(f), let items = root[key] as? [Any] else { continue }
            for item in items {
                if let text = item as? String {
                    out.append(Case(text: text, intent: nil, slots: [:]))
                    continue
                }
                guard let dict = item as? [String: Any], let intent = dict["intent"] as? [String: Any] else { continue }
                let slots = (intent["slots"] as? [String: Any] ?? [:]).mapValues(IntentDefinitions.slotValue)
                let context = (dict["context"] as? [String: Any] ?? [:]).mapValues(IntentDefinitions.slotValue)
                for s in dict["sentences"] as? [String] ?? [] {
                    out.append(Case(text: s, intent: intent["name"] as? String, slots: slots, context: context))
                }
            }
        }
        return out
    }

    static func positives(_ l: Language) -> [Case] { cases(l, key: "tests") }
    static func negatives(_ l: Language) -> [Case] { cases(l, file: "_negatives.yaml", key: "negatives") }
    static func paraphrases(_ l: Language) -> [Case] { cases(l, file: "_paraphrases.yaml", key: "paraphrases") }
    /// Off-topic lines that use workout words (distance/time questions, games, media, travel,
    /// timers, shopping): written in round 3 for the "acted on a non-workout line" bugs.
    static func offTopicNegatives(_ l: Language) -> [Case] { cases(l, file: "_negatives_offtopic.yaml", key: "negatives") }
    /// A second Japanese holdout, written and committed before the round-3 Japanese cues.
    static func freshHoldoutParaphrases(_ l: Language) -> [Case] { cases(l, file: "_holdout_fresh.yaml", key: "paraphrases") }
    static func freshHoldoutNegatives(_ l: Language) -> [Case] { cases(l, file: "_holdout_fresh.yaml", key: "negatives") }
    /// The holdout set, written before the fallback was tuned (never tuned on).
    static func holdoutParaphrases(_ l: Language) -> [Case] { cases(l, file: "_holdout.yaml", key: "paraphrases") }
    static func holdoutNegatives(_ l: Language) -> [Case] { cases(l, file: "_holdout.yaml", key: "negatives") }

    /// Expected template slots vs recognised ones; numbers compare numerically.
    static func slotsMatch(_ expected: [String: SlotValue], _ got: [String: SlotValue]) -> Bool {
        guard Set(expected.keys) == Set(got.keys) else { return false }
        for (k, v) in expected {
            guard let g = got[k] else { return false }
            if let a = v.doubleValue, let b = g.doubleValue, case .number = g {
                if abs(a - b) > 1e-9 { return false }
            } else if v != g && v.stringValue != g.stringValue {
                return false
            }
        }
        return true
    }

    /// Paraphrase expectations use template slot names; keyword results fill the same names.
    static func paraphraseUnderstood(_ c: Case, _ r: Recognition) -> Bool {
        guard r.intent == c.intent else { return false }
        return slotsMatch(c.slots, r.slots.values.filter { ["activity", "location", "goal_value", "goal_unit"].contains($0.key) })
    }

    /// Removes this process's temporary folder at exit (evaluated once).
    static let registerCleanup: Void = {
        atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "/coach-tests-\(getpid())") }
    }()

    /// A language directory with the given files, in a fresh temporary directory.
    static func temporaryIntents(_ files: [String: String]) throws -> String {
        _ = registerCleanup
        let root = (NSTemporaryDirectory() as NSString).appendingPathComponent("coach-tests-\(getpid())/\(UUID().uuidString)")
        for (path, text) in files {
            let full = (root as NSString).appendingPathComponent(path)
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return root
    }
}
