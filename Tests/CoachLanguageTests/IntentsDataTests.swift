// IntentsDataTests: the repository's vocabulary — every positive test sentence in
// Intents/tests/<lang>/*.yaml (intent and slots), every negative (no intent), and the
// held-out paraphrases (understood fraction, with a floor we actually reach).

import CoachWire
import Testing
@testable import CoachLanguage

@Suite struct IntentsDataTests {
    @Test(arguments: Language.allCases)
    func everyPositiveSentence(_ language: Language) {
        let cases = TestSupport.positives(language)
        #expect(!cases.isEmpty)
        for c in cases {
            let r = TestSupport.recognizer.recognize(c.text, language: language, context: c.context)
            #expect(r.intent == c.intent, "\(c.text)")
            #expect(r.isExact, "\(c.text)")
            #expect(TestSupport.slotsMatch(c.slots, r.slots.values), "\(c.text): \(r.slots.values) ≠ \(c.slots)")
        }
    }

    @Test(arguments: Language.allCases)
    func everyNegativeIsRejected(_ language: Language) {
        let cases = TestSupport.negatives(language)
        #expect(!cases.isEmpty)
        // No sentence may be both a negative and a paraphrase (「ちょっと休憩」 was: a short
        // break is a pause request, so it is a paraphrase now).
        let paraphrases = Set(TestSupport.paraphrases(language).map(\.text))
        #expect(cases.allSatisfy { !paraphrases.contains($0.text) })
        for c in cases {
            let r = TestSupport.recognizer.recognize(c.text, language: language)
            #expect(r.intent == nil, "\(c.text) → \(r.intent ?? "")")
        }
    }

    /// Off-topic lines (round 3): every one must be rejected — no intent, and in particular
    /// never a workout command. ≥ 30 English and ≥ 15 Japanese lines.
    @Test(arguments: [(Language.en, 30), (Language.ja, 15)])
    func everyOffTopicLineIsRejected(_ language: Language, _ minimum: Int) {
        let cases = TestSupport.offTopicNegatives(language)
        #expect(cases.count >= minimum)
        for c in cases {
            let r = TestSupport.recognizer.recognize(c.text, language: language)
            #expect(r.intent == nil, "\(c.text) → \(r.intent ?? "")")
            // Not even suggested as an End/Cancel (the REPL would ask "did you mean: end?").
            #expect(!(r.suggestedIntent.map(LanguageModel.isDestructive) ?? false), "\(c.text) → suggested \(r.suggestedIntent ?? "")")
        }
    }

    /// Context (hassil's intent_context): small talk is a command only while a workout is on.
    @Test func contextDecidesSmallTalk() {
        let rec = TestSupport.recognizer
        #expect(rec.recognize("how's it going", language: .en).intent == nil)
        #expect(rec.recognize("how's it going", language: .en, context: ["workout": .string("idle")]).intent == nil)
        #expect(rec.recognize("how's it going", language: .en, context: ["workout": .string("running")]).intent == "WorkoutStatus")
        #expect(rec.recognize("ただいま", language: .ja).intent == nil)
        #expect(rec.recognize("ただいま", language: .ja, context: ["workout": .string("paused")]).intent == "ResumeWorkout")
        #expect(rec.recognize("ただいま", language: .ja, context: ["workout": .string("running")]).intent == nil)
        // excludes_context: "never mind the workout" with a question pending is an answer, not a
        // cancel; a bare "never mind" is a dismissal in every state (#40).
        #expect(rec.recognize("never mind the workout", language: .en).intent == "CancelWorkout")
        #expect(rec.recognize("never mind the workout", language: .en, context: ["question": .string("pending")]).intent == nil)
        #expect(rec.recognize("never mind", language: .en, context: ["workout": .string("running")]).intent == nil)
    }

    /// One answer list for the gateway and the REPL, from Intents/<lang>/_answers.yaml.
    @Test func answerWordsAreData() {
        let a = TestSupport.recognizer.answers
        #expect(a.classify("Sure!") == .yes)
        #expect(a.classify("はい") == .yes)
        #expect(a.classify("nope") == .no)
        #expect(a.classify("never mind") == .dismiss)
        #expect(a.classify("start a run") == nil)
        #expect(AnswerWords.builtIn == a)
    }

    /// The permission prompt's words are data too (`permission:` in _answers.yaml), in both languages.
    @Test func permissionPromptWordsComeFromTheAnswersFiles() {
        let words = AnswerWords.builtIn
        let expected: [(String, AnswerWords.PermissionAnswer?)] = [
            ("y", .allow), ("Yes", .allow), ("allow", .allow), ("N", .deny), ("no", .deny), ("don't allow", .deny),
            ("deny", .deny), ("choose", .choose), ("c", .choose), ("はい", .allow), ("いいえ", .deny), ("選ぶ", .choose),
            ("maybe", nil), ("start a run", nil),
        ]
        for (line, answer) in expected { #expect(words.permission(line) == answer, "\(line)") }
        // The general answers are another list: "sure" answers a question, not a permission prompt.
        #expect(words.classify("sure") == .yes)
        #expect(words.permission("sure") == nil)
    }

    /// "End and save" keeps a short workout; "end without saving" does not (`save:` in _answers.yaml).
    @Test func anEndAsksToSaveByTheAnswersFiles() {
        let words = AnswerWords.builtIn
        for line in ["end and save", "Stop and SAVE my run", "save and end it", "保存して終了"] {
            #expect(words.asksToSave(line), "\(line)")
        }
        for line in ["end my run", "end without saving", "stop, don't save it", "保存せずに終了", "終了"] {
            #expect(!words.asksToSave(line), "\(line)")
        }
    }

    /// Distance/time questions are status only about the user's own workout.
    @Test func questionsAboutTheWorkoutOnly() {
        let en: [(String, String?)] = [
            ("how far have I gone", "WorkoutStatus"), ("how long have I been running", "WorkoutStatus"),
            ("how far did I run", "WorkoutStatus"), ("how far?", "WorkoutStatus"), ("how much longer", "WorkoutStatus"),
            ("how many miles left", "WorkoutStatus"),
            ("how far is the airport", nil), ("how many miles is it to boston", nil), ("how long is the movie", nil),
            ("how long do I boil an egg", nil), ("how far can a cheetah run", nil), ("how far is the park", nil),
        ]
        for (text, intent) in en {
            #expect(TestSupport.recognizer.recognize(text, language: .en).intent == intent, "\(text)")
        }
        // A keyword guess below the calibrated threshold (0.8) is asked about, not acted on.
        #expect(TestSupport.recognizer.recognize("how long have we been out here", language: .en).suggestedIntent == "WorkoutStatus")
        let ja: [(String, String?)] = [
            ("あとどれくらい", "WorkoutStatus"), ("どれくらい走った", "WorkoutStatus"), ("ゴールまであとどのくらい", "WorkoutStatus"),
            ("空港までどれくらい", nil), ("東京から大阪まで何キロ", nil), ("卵は何分ゆでればいい", nil),
        ]
        for (text, intent) in ja {
            #expect(TestSupport.recognizer.recognize(text, language: .ja).intent == intent, "\(text)")
        }
    }

    /// "log" + an activity starts a workout and never ends one; "start a new game" is not a workout.
    @Test func logAndGames() {
        let cases: [(String, String?)] = [
            ("can you log a hike", "StartWorkout"), ("log my run", "StartWorkout"), ("log it", "EndWorkout"),
            ("save my run", "EndWorkout"), ("start a new game", nil), ("start a tennis match", "StartWorkout"),
            ("pause the match", nil), ("end the game", nil),
        ]
        for (text, intent) in cases {
            #expect(TestSupport.recognizer.recognize(text, language: .en).intent == intent, "\(text)")
        }
    }

    /// Understood (intent + slots right) and handled (End/Cancel suggested, never returned on
    /// a guess) fractions of a paraphrase set.
    static func score(_ cases: [TestSupport.Case], _ language: Language) -> (understood: Double, handled: Double) {
        var understood = 0
        var handled = 0
        for c in cases {
            let r = TestSupport.recognizer.recognize(c.text, language: language)
            if TestSupport.paraphraseUnderstood(c, r) { understood += 1 }
            if r.intent == c.intent || (r.intent == nil && r.suggestedIntent == c.intent) { handled += 1 }
        }
        let n = Double(max(cases.count, 1))
        return (Double(understood) / n, Double(handled) / n)
    }

    /// `score`, printed under `label`: the log keeps the measured fractions the floors are set from.
    static func reportedScore(_ label: String, _ cases: [TestSupport.Case], _ language: Language) -> (understood: Double, handled: Double) {
        let (understood, handled) = score(cases, language)
        print("\(label): understood \(understood), handled \(handled)")
        return (understood, handled)
    }

    /// The tuned paraphrase sets (the fallback cues and some idiom templates were written
    /// against them): measured 48/48 en, 25/25 ja when the floors were set; before the
    /// fallback rework 14/48 and 6/25. Issue #11 (precision first: every word explained, a
    /// command word present) costs English 6 idioms that now get a "did you mean" instead
    /// ("let me grab some water", "what does the clock say", "I want to burn 400 calories"):
    /// 42/48 = 87.5 %. The threshold calibrated on the fresh holdout (0.6 → 0.8, so acting is
    /// ≥ 99 % precise) turns more keyword guesses into questions: en 39/48 = 81 %, ja 20/25 = 80 %.
    @Test(arguments: [(Language.en, 0.8), (Language.ja, 0.8)])
    func paraphraseFloor(_ language: Language, _ floor: Double) {
        let cases = TestSupport.paraphrases(language)
        #expect(!cases.isEmpty)
        #expect(Self.reportedScore("paraphrases \(language.rawValue)", cases, language).understood >= floor)
    }

    /// The first holdout sets: measured en 36/45 = 80 %, ja 15/25 = 60 % before round 3. In
    /// round 3 the English one stayed untuned (37/45 = 82 %: "can you log a hike" is a template
    /// now); the Japanese one was used to pick the missing verb cues (こいでくる, 休む, 戻る,
    /// 続きを …) and End/Cancel templates, so its 24/25 = 96 % is no longer an honest measure —
    /// `freshHoldout` is.
    /// Issue #11 (threshold 0.8): en 35/45 = 78 % (handled 91 %), ja 21/25 = 84 % (handled 100 %).
    @Test(arguments: [(Language.en, 0.75), (Language.ja, 0.8)])
    func holdoutFloor(_ language: Language, _ floor: Double) {
        let cases = TestSupport.holdoutParaphrases(language)
        #expect(cases.count >= (language == .en ? 40 : 20))
        #expect(Self.reportedScore("holdout \(language.rawValue)", cases, language).understood >= floor)
    }

    /// Holdout negatives: en 21/24 before round 3 ("start a new game" by a template, "how far
    /// is the airport" and "how many miles is it to boston" as status guesses), 24/24 after
    /// (game/match need a sport; questions need a self reference); ja 12/12.
    @Test(arguments: [(Language.en, 24), (Language.ja, 12)])
    func holdoutNegatives(_ language: Language, _ floor: Int) {
        let cases = TestSupport.holdoutNegatives(language)
        #expect(cases.count >= (language == .en ? 20 : 10))
        let rejected = cases.filter { TestSupport.recognizer.recognize($0.text, language: language).intent == nil }.count
        print("holdout negatives \(language.rawValue): rejected \(rejected)/\(cases.count)")
        #expect(rejected >= floor)
    }

    /// The fresh Japanese holdout (_holdout_fresh.yaml), written and committed before the
    /// round-3 Japanese cues and never tuned on: 18/25 = 72 % before the cues, 19/25 = 76 %
    /// after (handled 22 → 23/25); its 5 negatives are all rejected. Issue #11's precision
    /// rules (every word explained) cost 2 more (17/25 = 68 %), the calibrated threshold (0.8)
    /// 4 more (13/25 = 52 %; handled, i.e. acted on or asked about, 23/25).
    @Test func freshHoldout() {
        let cases = TestSupport.freshHoldoutParaphrases(.ja)
        #expect(cases.count >= 20)
        #expect(Self.reportedScore("fresh holdout ja", cases, .ja).understood >= 0.5)
        for c in TestSupport.freshHoldoutNegatives(.ja) {
            #expect(TestSupport.recognizer.recognize(c.text, language: .ja).intent == nil, "\(c.text)")
        }
    }
}
