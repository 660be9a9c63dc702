// ClauseTests: the command inside a longer line (method clause) and the typo method's limits
// (issue #28). Each line here was written for the test; the corpora measure the rest.

import CoachWire
import Testing
@testable import CoachLanguage

@Suite struct ClauseTests {
    let rec = TestSupport.recognizer

    @Test(arguments: [
        ("my laces came undone, pause", Language.en, "PauseWorkout", "pause"),
        ("ok that's enough for today, end my workout", .en, "EndWorkout", "end my workout"),
        ("forget it, cancel the workout", .en, "CancelWorkout", "cancel the workout"),
        ("pause, I need a drink", .en, "PauseWorkout", "pause"),
        ("uh pause", .en, "PauseWorkout", "pause"),
        ("er, resume please", .en, "ResumeWorkout", "resume"),
        ("my legs are burning so pause", .en, "PauseWorkout", "pause"),
        ("疲れたので一時停止", .ja, "PauseWorkout", "一時停止"),
        ("着いたから終了して", .ja, "EndWorkout", "終了して"),
        ("再開して、行こう", .ja, "ResumeWorkout", "再開して"),
        ("えっと、一時停止", .ja, "PauseWorkout", "一時停止"),
        ("ダンベルで筋トレ開始", .ja, "StartWorkout", "筋トレ開始"),
    ])
    func theCommandClauseIsFound(_ text: String, _ language: Language, _ intent: String, _ heard: String) {
        let r = rec.recognize(text, language: language)
        #expect(r.intent == intent, "\(text)")
        #expect(r.method == .clause)
        #expect(r.heard == heard)
        #expect(r.confidence < 1)
        // End and Cancel found inside a longer line are confirmed before they act.
        #expect(r.needsConfirmation == (intent == "EndWorkout" || intent == "CancelWorkout"))
    }

    @Test func slotsOfTheClausePointIntoTheLine() {
        let text = "right, start a 30 minute run"
        let r = rec.recognize(text, language: .en)
        #expect(r.intent == "StartWorkout")
        #expect(r.slots.goal == WorkoutGoal.time(seconds: 1800))
        let span = r.slots.spans["activity"]!
        let scalars = Array(text.unicodeScalars)
        #expect(String(String.UnicodeScalarView(scalars[span.start..<span.end])) == "run")
    }

    @Test(arguments: [
        "she said, pause",                        // someone else's words
        "if it rains, stop the workout",          // a condition
        "the baby woke up, pause the movie",      // the command is about something else
        "I'm bored, stop the music",
        "pause for a second and think about it",  // "and" joins a second instruction
        "hold on, let me check",                  // "hold on" is a command only alone
        "is it raining? pause",                   // a question is not an aside
        "pause, resume",                          // two commands: neither is an aside
        "the video froze, pause",                 // another device
        "映画を一時停止して",
        "彼が止めてって言ったので終了",
        "雨が降ったら終了して",
        "書類をPDFで保存して",                     // で after a phrase, and not a start
        "海まで車でどれくらい？",
    ])
    func linesThatAreNotAnAsideAndACommand(_ text: String) {
        #expect(rec.recognize(text).intent == nil, "\(text)")
    }

    @Test func realWordsOneLetterFromACommandWordAreCorrectedOnlyByAddingOrDroppingALetter() {
        let stat = rec.recognize("stat a run", language: .en)
        #expect(stat.intent == "StartWorkout")
        #expect(stat.method == .typo)
        #expect(stat.heard == "start a run")
        // Substitutions are how real words differ: never corrected.
        for text in ["pose for the photo", "pass the salt", "paste it here", "pose", "gone for the day"] {
            #expect(rec.recognize(text, language: .en).intent == nil, "\(text)")
        }
        // A one-word line and End/Cancel never come from correcting a real word.
        #expect(rec.recognize("stat", language: .en).intent == nil)
        // "ends" is one dropped letter from "end", but a real word never becomes End or Cancel.
        #expect(rec.recognize("ends the workout", language: .en).intent == nil)
    }

    @Test func parseJSONReportsTheMethodAndWhatWasHeard() {
        let json = rec.recognize("uh, pause", language: .en).json()
        #expect(json.contains(#""method":"clause""#))
        #expect(json.contains(#""heard":"pause""#))
        // An exact match keeps DESIGN.md's object unchanged.
        #expect(!rec.recognize("pause", language: .en).json().contains("method"))
    }
}

/// The state as evidence (Intents/intents.yaml `possible_when`).
@Suite struct StateEvidenceTests {
    let rec = TestSupport.recognizer

    @Test func aGuessTheStateRulesOutIsRefusedButAnExactCommandStillReachesTheHandler() {
        let paused: RecognitionContext = ["workout": .string("paused")]
        let running: RecognitionContext = ["workout": .string("running")]
        #expect(rec.recognize("paus", language: .en, context: running).intent == "PauseWorkout")
        #expect(rec.recognize("paus", language: .en, context: paused).intent == nil)
        #expect(rec.recognize("uh, resume", language: .en, context: paused).intent == "ResumeWorkout")
        #expect(rec.recognize("uh, resume", language: .en, context: running).intent == nil)
        #expect(rec.recognize("えっと、一時停止", language: .ja, context: paused).intent == nil)
        // Exact: the handler answers (failureNoMatchingWorkout and friends), so it is not refused here.
        #expect(rec.recognize("pause", language: .en, context: paused).intent == "PauseWorkout")
        #expect(rec.recognize("resume", language: .en, context: running).intent == "ResumeWorkout")
        // Without a context (coach parse) nothing is ruled out.
        #expect(rec.recognize("uh, resume", language: .en).intent == "ResumeWorkout")
    }
}
