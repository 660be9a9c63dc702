// Decoding while the person speaks (UtteranceListener `.whileSpoken`, the default for the
// microphone and `--input -`): the same commands must be heard as when each utterance is decoded
// whole (the default for files). Speed itself is a benchmark, not a test: Benchmarks/voice/latency.sh.

import Foundation
import Testing

@Suite struct VoiceStreamingTests {
    /// flite's four voices, clean, decoded while spoken (`--decoding streaming` on the file: the
    /// same path a pipe takes). Measured whole 60/60 intents; streaming: docs/voice.md, "Speed".
    @Test func commandsAreHeardWhileSpoken() async throws {
        let (intentsRight, slotsRight, count, report) = try await VoiceListenTests.heardRight(
            "commands.txt", flite: true, extra: ["--decoding", "streaming"])
        print("voice: flite, decoded while spoken: " + report)
        #expect(Double(intentsRight) >= 0.85 * Double(count), "\(report)")
        #expect(Double(slotsRight) >= 0.75 * Double(count), "\(report)")
    }

    /// A pipe (as `arecord | coach listen --input -`), read as it arrives and decoded while spoken,
    /// hears each command once, in order.
    @Test func aPipeFedInPiecesIsHeardInOrder() async throws {
        let home = try ScratchHome()
        let (wav, _) = try await VoiceListenTests.speak([("tune", "pause my workout"), ("tune", "resume my workout")], into: home.root, flite: true)
        let coach = try #require(CoachBinary.path())
        var env = home.environment
        env["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "coach-voice-test-cache"
        let r = try await runProcess("/bin/sh", ["-c", "dd if='\(wav.path)' bs=640 status=none | '\(coach)' listen --input - --no-act --json"],
                                     environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let intents = r.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return o["intent"] as? String
        }
        #expect(intents == ["PauseWorkout", "ResumeWorkout"], "\(r.stdout)")
    }
}
