// What can be heard in each state (VoiceStates, from Intents/intents.yaml and _answers.yaml), the
// state grammars built from it (StateGrammars), and ListeningFocus, which picks the search from
// what the gateway says (docs/voice.md, "Grammars that follow the state").

@testable import CoachVoice
import CoachLanguage
import Foundation
import Testing

@Suite struct VoiceStatesTests {
    static let intents = SkipPhraseTests.intents

    @Test func eachStateHearsOnlyTheIntentsThatApplyThere() throws {
        let states = try VoiceStates.load(intentsDirectory: Self.intents, userDirectory: nil)
        let all = ["StartWorkout", "PauseWorkout", "ResumeWorkout", "EndWorkout", "CancelWorkout", "WorkoutStatus", "MarkLap"]
        #expect(states.intents(in: .idle, of: all) == ["StartWorkout", "WorkoutStatus"])
        #expect(states.intents(in: .running, of: all) == ["PauseWorkout", "EndWorkout", "CancelWorkout", "WorkoutStatus", "MarkLap"])
        #expect(states.intents(in: .paused, of: all) == ["ResumeWorkout", "EndWorkout", "CancelWorkout", "WorkoutStatus", "MarkLap"])
        #expect(states.intents(in: .confirm, of: all) == nil)
        #expect(states.answers.contains("yes") && states.answers.contains("no") && states.answers.contains("never mind"))
        #expect(!states.answers.contains("y"), "one-letter answers are typed, not said")
    }

    @Test func aStateGrammarKeepsOtherStatesWordsInTheGarbageLoopOnly() throws {
        let source = try SentenceSource.load(intentsDirectory: Self.intents, userDirectory: nil, language: .en)
        var options = VoiceRecognizer.Options()
        options.useFiller = true
        let full = SpeechGrammar(source: source, filler: ["weather"], fillerWeight: 0.005, skipWeight: 0.3)
        let grammars = StateGrammars(source: source, lexicon: VoiceLexicon(), options: options,
                                     states: try VoiceStates.load(intentsDirectory: Self.intents, userDirectory: nil),
                                     commandWords: StateGrammars.commandWords(of: full))
        let idle = grammars.grammar(for: .idle)
        #expect(idle.jsgf.contains("<i_StartWorkout>") && !idle.jsgf.contains("<i_PauseWorkout>"))
        #expect(idle.words["resume"] == nil, "no command path says resume while idle")
        #expect(idle.fillerWords.contains(SpeechGrammar.fillerMark + "resume"), "…but the garbage loop does")
        let confirm = grammars.grammar(for: .confirm)
        #expect(confirm.jsgf.contains("<i_answer>") && !confirm.jsgf.contains("<i_StartWorkout>"))
        #expect(confirm.words["yes"] != nil && confirm.fillerWords.contains(SpeechGrammar.fillerMark + "pause"))
    }

    @Test func aQuestionTurnsTheFocusToItsAnswersForAWhile() {
        var focus = ListeningFocus()
        #expect(focus.state(at: 0) == .idle)
        focus.gatewayState("prepared")
        #expect(focus.state(at: 1) == .idle, "the countdown reads as idle, as the gateway's own context does")
        focus.gatewayState("running")
        #expect(focus.state(at: 2) == .running)
        focus.replied(code: "confirmationRequired", state: "running", at: 10)
        #expect(focus.state(at: 11) == .confirm)
        #expect(focus.state(at: 10 + ListeningFocus.answerWindow + 1) == .running, "an unanswered question lets commands back in")
        focus.replied(code: "success", state: "ended", at: 12)
        #expect(focus.state(at: 13) == .idle)
        focus.gatewayState("paused")
        #expect(focus.state(at: 14) == .paused)
    }
}
