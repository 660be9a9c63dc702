// `coach listen --state`: only what can apply in the state is heard (#29). "pause my workout" is
// not acted on while idle — refused by the recogniser, never sent to the gateway — and is heard
// while running; while a question is pending only its answers are (a search of their own).
// espeak-ng audio made at test time.

import CoachVoice
import Foundation
import Testing

@Suite struct StateGrammarListenTests {
    @Test func aStateSwitchChangesWhatCanBeHeard() async throws {
        let home = try ScratchHome()
        let silence = [Int16](repeating: 0, count: 16_000)
        let audio = silence + (try await VoiceListenTests.said("pause my workout", in: home.root)) + silence
            + (try await VoiceListenTests.said("yes", in: home.root)) + silence
        let wav = home.root.appendingPathComponent("pause-yes.wav")
        try Data(WAV.encode(PCMAudio(samples: audio, rate: 16_000))).write(to: wav)
        func intents(_ state: String) async throws -> [String] {
            try await VoiceListenTests.listen(wav, home: home, extra: ["--state", state]).compactMap { $0.heard == nil ? nil : $0.intent ?? $0.heard }
        }
        let idle = try await intents("idle")
        #expect(idle.isEmpty, "while idle nothing may act: \(idle)")
        let running = try await intents("running")
        #expect(running == ["PauseWorkout"], "while running: \(running)")
        let confirm = try await intents("confirm")
        #expect(confirm == ["yes"], "while a question is pending: \(confirm)")
    }
}
