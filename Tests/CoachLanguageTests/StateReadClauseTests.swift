// StateReadClauseTests: round 4 of issue #40 — a command said after its reason in the one state
// that reads it (`plain_in_state`), English contractions typed without their apostrophe
// (`spelling_variants`) and Japanese connectives inside a word (`connective_continuations`).
// Each line was written for the test; the corpora measure the rest.

import CoachWire
import Testing
@testable import CoachLanguage

@Suite struct StateReadClauseTests {
    let rec = TestSupport.recognizer

    static func state(_ s: String) -> RecognitionContext { ["workout": .string(s)] }

    /// After its reason, in its state, a go-on or hold-on idiom is the command.
    @Test(arguments: [
        ("the cramp's gone, let's roll", Language.en, "paused", "ResumeWorkout"),
        ("my phone call is over, carry on", .en, "paused", "ResumeWorkout"),
        ("got to fix my shoelace, hang on a sec", .en, "running", "PauseWorkout"),
        ("トイレ済んだ、続けて", .ja, "paused", "ResumeWorkout"),
    ])
    func anIdiomAfterItsReasonInItsState(_ text: String, _ language: Language, _ state: String, _ intent: String) {
        let r = rec.recognize(text, language: language, context: Self.state(state))
        #expect(r.intent == intent, "\(text)")
        #expect(r.method == .clause)
        // In any other state the same words mean nothing.
        for other in ["idle", "running", "paused"] where other != state {
            #expect(rec.recognize(text, language: language, context: Self.state(other)).intent == nil, "\(text) (\(other))")
        }
    }

    /// Said first, with a remark after, the idiom speaks to someone; another device in the reason
    /// leaves it about that device; a Japanese "wait" with its reason asks a person to wait.
    @Test(arguments: [
        ("hang on, let me find my glasses", Language.en, "running"),
        ("carry on, I'm listening", .en, "paused"),
        ("press play on the tv, I'm ready", .en, "paused"),
        ("傘を取ってくるから待って", .ja, "running"),
        ("続けて、聞いてるから", .ja, "paused"),
    ])
    func notAnIdiomAfterItsReason(_ text: String, _ language: Language, _ state: String) {
        #expect(rec.recognize(text, language: language, context: Self.state(state)).intent == nil, "\(text)")
    }

    /// "dont", "whats", "im" are read as "don't", "what's", "i'm" once no template took the line.
    @Test(arguments: [
        ("dont save this run, discard it", "running", "CancelWorkout"),
        ("whats my pace at", "running", "WorkoutStatus"),
        ("im going for a run, start tracking", "idle", "StartWorkout"),
    ])
    func contractionsWithoutTheirApostrophe(_ text: String, _ state: String, _ intent: String) {
        let r = rec.recognize(text, language: .en, context: Self.state(state))
        #expect(r.intent == intent, "\(text)")
        #expect(r.confidence < 1)
    }

    /// し inside お願いします or おかしい cuts no reason off: the bare start and the discard reason stay whole.
    @Test func aJapaneseConnectiveInsideAWordIsNoCut() {
        let start = rec.recognize("のんびり散歩するので記録お願いします", language: .ja, context: Self.state("idle"))
        #expect(start.intent == "StartWorkout")
        #expect(start.slots.activity == "walking")
        let discard = rec.recognize("心拍の数字がおかしいから破棄", language: .ja, context: Self.state("running"))
        #expect(discard.intent == "CancelWorkout")
        #expect(discard.needsConfirmation)
    }
}
