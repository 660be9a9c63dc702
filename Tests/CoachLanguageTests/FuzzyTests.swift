// FuzzyTests: typo tolerance, the End/Cancel safety rule, non-workout lines.

import Testing
@testable import CoachLanguage

@Suite struct FuzzyTests {
    let rec = TestSupport.recognizer

    @Test(arguments: [("strat a run", "StartWorkout"), ("puase", "PauseWorkout"), ("resme", "ResumeWorkout"),
                      ("paus the workout", "PauseWorkout")])
    func typosAreCorrected(_ text: String, _ intent: String) {
        let r = rec.recognize(text, language: .en)
        #expect(r.intent == intent)
        #expect(r.method == .typoCorrected)
        #expect(!r.isExact)
        #expect(r.confidence < 1 && r.confidence >= FuzzyModel.threshold)
    }

    @Test func typoCorrectedSlotsKeepSpans() {
        let r = rec.recognize("strat a 30 minute run", language: .en)
        #expect(r.slots.activity == "running")
        #expect(r.slots.goal == WorkoutGoal(type: .time, value: 1800))
        #expect(r.slots.spans["activity"] == SlotSpan(start: 18, end: 21))
    }

    @Test func shortWordsNeedExactMatches() {
        // "pin" is one substitution from nothing useful and must not become a command.
        #expect(rec.recognize("pin", language: .en).intent == nil)
        #expect(EditDistance.budget(forLength: 2) == 0)
    }

    @Test func endFromATypoNeedsConfirmation() {
        let r = rec.recognize("ned workout", language: .en)
        #expect(r.intent == "EndWorkout")
        #expect(r.needsConfirmation)
    }

    @Test func exactEndDoesNotNeedConfirmation() {
        let r = rec.recognize("end workout", language: .en)
        #expect(r.intent == "EndWorkout")
        #expect(!r.needsConfirmation)
    }

    @Test func endAndCancelAreNeverReturnedFromKeywords() {
        for language in Language.allCases {
            for c in TestSupport.paraphrases(language) {
                let r = rec.recognize(c.text, language: language)
                if r.method == .keywords {
                    #expect(r.intent != "EndWorkout" && r.intent != "CancelWorkout", "\(c.text)")
                }
            }
        }
    }

    @Test(arguments: ["pause the music", "start the car", "set a timer for 10 minutes", "stop the video",
                      "puase the music", "cancel my subscription"])
    func nonWorkoutLinesAreRejected(_ text: String) {
        #expect(rec.recognize(text, language: .en).intent == nil)
    }

    @Test(arguments: ["音楽を一時停止", "タイマーを開始", "車を止めて"])
    func nonWorkoutJapaneseLinesAreRejected(_ text: String) {
        #expect(rec.recognize(text, language: .ja).intent == nil)
    }

    @Test func paraphraseWithActivityAndLocation() {
        let r = rec.recognize("I fancy a quick jog outside", language: .en)
        #expect(r.intent == "StartWorkout")
        #expect(r.method == .keywords)
        #expect(r.slots.activity == "running")
        #expect(r.slots.location == "outdoor")
        #expect(r.confidence < 1)
    }

    @Test func gibberishIsNotUnderstood() {
        let r = rec.recognize("florp zanzibar quux", language: .en)
        #expect(r.intent == nil)
        #expect(r.suggestion == nil)
    }

    @Test func languageIsDetected() {
        #expect(rec.recognize("ランニングを開始して").language == .ja)
        #expect(rec.recognize("pause").language == .en)
    }
}
