// `coach listen --warp auto` end to end: a voice a third of an octave lower (espeak-ng en-us moved
// with sox `pitch -400`, formants and all) is heard better choosing the warp factor per utterance
// (a file) or per speaker (decoded while spoken) than unwarped, the same voice at its own pitch no
// worse, and the unwarped factor of the choice
// is exactly the decoder's own decode (Coach's front end computes what pocketsphinx's would).
// Six commands each way: about 130 decodes in all, ~50 s of CPU (docs/voice.md, "lower and higher voices").

import CoachVoice
import Foundation
import Testing

@Suite struct WarpListenTests {
    /// Tune lines of the voice tests' commands (never the fresh ones the figures are reported on).
    static let sentences: [(split: String, text: String)] = [
        ("tune", "pause my workout"), ("tune", "resume"), ("tune", "mark a lap"),
        ("tune", "start a run outside"), ("tune", "start a three mile run"), ("tune", "pause"),
    ]

    /// The sentences said by espeak-ng en-us, moved by `cents` (0: as said), in one file.
    static func spoken(_ home: ScratchHome, cents: Int) async throws -> (URL, [VoiceListenTests.Spoken]) {
        let (samples, spoken) = try await VoiceListenTests.saidOneByOne(sentences, in: home.root, condition: "\(cents)")
        let said = home.root.appendingPathComponent("all.wav")
        try Data(WAV.encode(PCMAudio(samples: samples, rate: 16_000))).write(to: said)
        guard cents != 0 else { return (said, spoken) }
        let moved = home.root.appendingPathComponent("moved.wav")
        let r = try await runProcess("/usr/bin/sox", [said.path, moved.path, "pitch", "\(cents)"])
        try #require(r.status == 0, "sox pitch failed: \(r.stderr)")
        return (moved, spoken)
    }

    @Test func aLowerVoiceIsHeardBetterWithTheWarpChosen() async throws {
        let home = try ScratchHome()
        let (wav, spoken) = try await Self.spoken(home, cents: -400)
        let off = try await VoiceListenTests.intentsRight(spoken, try await VoiceListenTests.listen(wav, home: home, extra: ["--engine", "pocketsphinx", "--warp", "off"]), in: home.root)
        let auto = try await VoiceListenTests.intentsRight(spoken, try await VoiceListenTests.listen(wav, home: home, extra: ["--engine", "pocketsphinx", "--warp", "auto"]), in: home.root)
        print("voice: espeak-ng en-us pitch -400, intents of \(spoken.count): unwarped \(off), --warp auto \(auto)")
        #expect(auto >= off + 2, "unwarped \(off), auto \(auto)")
    }

    /// Decoded while spoken (the microphone's path): the speaker's factor learnt from the first
    /// four commands, the rest fed through it.
    @Test func aLowerVoiceIsHeardBetterWithTheSpeakersWarpWhileSpoken() async throws {
        let home = try ScratchHome()
        let (wav, spoken) = try await Self.spoken(home, cents: -400)
        let streaming = ["--decoding", "streaming"]
        let off = try await VoiceListenTests.intentsRight(spoken, try await VoiceListenTests.listen(wav, home: home, extra: streaming + ["--engine", "pocketsphinx", "--warp", "off"]), in: home.root)
        let auto = try await VoiceListenTests.intentsRight(spoken, try await VoiceListenTests.listen(wav, home: home, extra: streaming + ["--engine", "pocketsphinx", "--warp", "auto"]), in: home.root)
        print("voice: espeak-ng en-us pitch -400 while spoken, intents of \(spoken.count): unwarped \(off), --warp auto \(auto)")
        #expect(auto >= off + 2, "unwarped \(off), auto \(auto)")
    }

    @Test func theVoiceAtItsOwnPitchIsNoWorse() async throws {
        let home = try ScratchHome()
        let (wav, spoken) = try await Self.spoken(home, cents: 0)
        let off = try await VoiceListenTests.intentsRight(spoken, try await VoiceListenTests.listen(wav, home: home, extra: ["--engine", "pocketsphinx", "--warp", "off"]), in: home.root)
        let auto = try await VoiceListenTests.intentsRight(spoken, try await VoiceListenTests.listen(wav, home: home, extra: ["--engine", "pocketsphinx", "--warp", "auto"]), in: home.root)
        print("voice: espeak-ng en-us, intents of \(spoken.count): unwarped \(off), --warp auto \(auto)")
        #expect(auto >= off, "unwarped \(off), auto \(auto)")
    }

    /// COACH_VOICE_SCORES prints the unwarped decode's score and, with auto, every factor's: the
    /// factor 1 through Coach's front end scores what the decoder's own front end does.
    @Test func theUnwarpedChoiceIsTheDecodersOwnDecode() async throws {
        let home = try ScratchHome()
        let samples = try await VoiceListenTests.said("pause my workout", in: home.root)
        let wav = home.root.appendingPathComponent("one.wav")
        try Data(WAV.encode(PCMAudio(samples: [Int16](repeating: 0, count: 8_000) + samples, rate: 16_000))).write(to: wav)
        let coach = try #require(CoachBinary.path())
        var env = home.environment
        env["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "coach-voice-test-cache"
        env["COACH_VOICE_SCORES"] = "1"
        func scores(_ warp: String) async throws -> [Substring] {
            let r = try await runProcess(coach, ["listen", "--input", wav.path, "--no-act", "--engine", "pocketsphinx", "--warp", warp], environment: env)
            try #require(r.status == 0, "\(r.stderr)")
            return r.stderr.split(separator: "\n")
        }
        let off = try #require(try await scores("off").first { $0.hasPrefix("scores: ") })
        let perFrame = try #require(off.dropFirst("scores: ".count).split(separator: " ").first)
        let auto = try #require(try await scores("auto").first { $0.hasPrefix("warp: ") })
        #expect(auto.contains("1.00 \(perFrame)"), "off: \(off); auto: \(auto)")
    }
}
