// FuzzyTests: typo tolerance, the End/Cancel safety rule, non-workout lines.

import CoachWire
import Testing
@testable import CoachLanguage

@Suite struct FuzzyTests {
    let rec = TestSupport.recognizer

    @Test(arguments: [("strat a run", "StartWorkout"), ("puase", "PauseWorkout"), ("resme", "ResumeWorkout"),
                      ("paus the workout", "PauseWorkout")])
    func typosAreCorrected(_ text: String, _ intent: String) {
        let r = rec.recognize(text, language: .en)
        #expect(r.intent == intent)
        #expect(r.method == .typo)
        #expect(!r.isExact)
        #expect(r.confidence < 1 && r.confidence >= FuzzyModel.threshold)
    }

    @Test func typoCorrectedSlotsKeepSpans() {
        let r = rec.recognize("strat a 30 minute run", language: .en)
        #expect(r.slots.activity == "running")
        #expect(r.slots.goal == WorkoutGoal.time(seconds: 1800))
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

    @Test(arguments: [("could we stop for a sec", "PauseWorkout"), ("I'm stopping at a red light", "PauseWorkout"),
                      ("ready to roll again", "ResumeWorkout")])
    func cuesDecideTheIntent(_ text: String, _ intent: String) {
        let r = rec.recognize(text, language: .en)
        #expect(r.intent == intent)
        #expect(r.method == .keywords)
        #expect(r.slots.goal == nil)  // "for a sec" is temporariness, not a one-second goal
    }

    /// Precision first (issue #11): a cue with a word nothing explains ("say") is asked about,
    /// not acted on.
    @Test func aStrayWordTurnsAGuessIntoAQuestion() {
        let r = rec.recognize("what does the clock say", language: .en)
        #expect(r.intent == nil)
        #expect(r.suggestedIntent == "WorkoutStatus")
        #expect(r.confidence < FuzzyModel.threshold)
    }

    @Test func negativeWordInsideACueDoesNotCount() {
        // "red light" is a cue; "lights" on their own are a non-workout object.
        #expect(rec.recognize("I'm stopping at a red light", language: .en).intent == "PauseWorkout")
        #expect(rec.recognize("turn on the lights", language: .en).intent == nil)
        #expect(rec.recognize("lap of luxury", language: .en).intent == nil)
    }

    @Test func setPhraseGoalAnywhere() {
        let r = rec.recognize("I'm gonna do half an hour on the treadmill", language: .en)
        #expect(r.intent == "StartWorkout")
        #expect(r.slots.goal == WorkoutGoal.time(seconds: 1800))
        #expect(r.slots.location == "indoor")
    }

    @Test func endCuesAreOnlySuggested() {
        // A cue for End/Cancel is never acted on: not understood, with a suggestion.
        let r = rec.recognize("finish up and save", language: .en)
        if r.method != .template {
            #expect(r.intent == nil)
        }
        for text in ["I'm wrapping things up for good", "scrap that", "今のはなかったことに"] {
            let g = rec.recognize(text, language: text.unicodeScalars.first!.value > 0x3000 ? .ja : .en)
            #expect(g.method == .template || (g.intent != "EndWorkout" && g.intent != "CancelWorkout"), "\(text)")
        }
    }

    @Test func japaneseBreakIsAPause() {
        #expect(rec.recognize("ちょっと休憩", language: .ja).intent == "PauseWorkout")
        #expect(rec.recognize("休憩おわり", language: .ja).intent == "ResumeWorkout")
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
