// Non-commands said after the wake phrase (#29): "hey coach, what's the weather", "hey coach my
// knee hurts" must be refused or not understood, never acted on — the second opinion
// (WakeSecondOpinion, `--strict-wake`) refuses a command the general English model does not repeat. A sample
// of the fresh sentences (wake-noncommands.txt, never tuned on: every 5th) in espeak-ng's voices
// with noise, and a sample of the commands (every 4th of commands.txt) after "hey coach, " in
// flite's voices. The whole sets are measured by Benchmarks/voice/wake-noncommands.sh, not here
// (~15 min of CPU).

import CoachVoice
import Foundation
import Testing

@Suite(.serialized) struct WakeNonCommandTests {
    /// Every `step`-th line of a corpus, from the first.
    static func sample(_ name: String, every step: Int) throws -> [(split: String, text: String)] {
        try VoiceListenTests.corpus(name).enumerated().filter { $0.offset % step == 0 }.map(\.element)
    }

    @Test(.timeLimit(.minutes(10))) func nonCommandsAfterTheWakePhraseNeverAct() async throws {
        let home = try ScratchHome()
        let sentences = try Self.sample("wake-noncommands.txt", every: 5)
        let (wav, spoken) = try await VoiceListenTests.speak(sentences, into: home.root)
        let heard = try await VoiceListenTests.listen(wav, home: home, extra: ["--wake", "--strict-wake"])
        let acting = spoken.flatMap { s in
            VoiceListenTests.results(for: s, in: heard).filter { $0.intent != nil }
                .map { "\(s.text) [\(s.condition)] → \($0.heard ?? "") \($0.intent ?? "")" }
        }
        print("voice: wake + non-commands acting: \(acting.count)/\(spoken.count)\n" + acting.joined(separator: "\n"))
        #expect(spoken.count >= 12)
        #expect(acting.isEmpty, "\(acting)")
    }

    /// The other side of the trade: commands after the wake phrase are still heard, right.
    @Test(.timeLimit(.minutes(10))) func commandsAfterTheWakePhraseAreStillHeard() async throws {
        let home = try ScratchHome()
        let sentences = try Self.sample("commands.txt", every: 4).map { ($0.split, "hey coach, " + $0.text) }
        let (wav, spoken) = try await VoiceListenTests.speak(sentences, into: home.root, flite: true)
        let heard = try await VoiceListenTests.listen(wav, home: home, extra: ["--wake", "--strict-wake"])
        let parsed = try await VoiceListenTests.parse(spoken.map { String($0.text.dropFirst("hey coach, ".count)) }, in: home.root)
        let right = zip(spoken, parsed).filter { s, expected in
            let got = VoiceListenTests.results(for: s, in: heard).filter { $0.intent != nil }
            return got.count == 1 && got[0].intent == expected.intent
        }.count
        print("voice: wake + commands heard right (flite): \(right)/\(spoken.count)")
        #expect(right >= Self.commandFloor, "\(right)/\(spoken.count)")
    }

    static let commandFloor = 5  // measured: 8 of 15 (the whole 60: 20; docs/voice.md)
}
