// Decoding while the person speaks (UtteranceListener `.whileSpoken`, the default for the
// microphone and `--input -`): the same commands must be heard as when each utterance is decoded
// whole (the default for files). Speed itself is a benchmark, not a test: Benchmarks/voice/latency.sh.

import Foundation
import Testing

@Suite struct VoiceStreamingTests {
    /// flite's four voices in turn, clean, decoded while spoken (`--decoding streaming` on the
    /// file: the same path a pipe takes). Measured 57/60 intents and 52/60 slots (whole: 60/60 and
    /// 52/60; the voice changes every command, the running cepstral mean's worst case).
    @Test func commandsAreHeardWhileSpoken() async throws {
        let (intentsRight, slotsRight, count, report) = try await VoiceListenTests.heardRight(
            "commands.txt", flite: true, extra: ["--decoding", "streaming"])
        print("voice: flite, decoded while spoken: " + report)
        #expect(Double(intentsRight) >= 0.85 * Double(count), "\(report)")
        #expect(Double(slotsRight) >= 0.75 * Double(count), "\(report)")
    }

    /// A pipe (as `arecord | coach listen --input -`), read as it arrives and decoded while spoken,
    /// hears each command once, in order. One voice says both, as one person at a microphone
    /// would: the running cepstral mean carries from one utterance to the next, so a voice that
    /// changes between commands is heard worse (docs/voice.md, "Speed").
    @Test func aPipeIsHeardInOrder() async throws {
        let home = try ScratchHome()
        func silence(_ seconds: Double) -> [Int16] { Array(repeating: 0, count: Int(seconds * 16_000)) }
        let samples = silence(1) + (try await VoiceListenTests.said("pause my workout", in: home.root)) + silence(1.2)
            + (try await VoiceListenTests.said("resume my workout", in: home.root)) + silence(1.2)
        let rawFile = home.root.appendingPathComponent("in.raw")
        try samples.withUnsafeBytes { Data($0) }.write(to: rawFile)
        let coach = try #require(CoachBinary.path())
        var env = home.environment
        env["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "coach-voice-test-cache"
        let r = try await runProcess("/bin/sh", ["-c", "dd if='\(rawFile.path)' bs=640 status=none | '\(coach)' listen --input - --no-act --json"],
                                     environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        let intents = r.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let o = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return o["intent"] as? String
        }
        #expect(intents == ["PauseWorkout", "ResumeWorkout"], "\(r.stdout)")
    }
}
