// OwnVoiceGuardTests: the loudness-contour match that keeps Coach from acting on its own voice
// (OwnVoiceGuard) — a playback of what it said matches at any offset and after resampling; other
// speech, or its own speech with more after it, does not; its speech with a person's over its tail
// is found in place (the far end for the echo canceller). Syllable-like bursts stand in for speech.

import CoachVoice
import CoachWire
import Foundation
import Testing

struct OwnVoiceGuardTests {
    /// Bursts of noise, one per entry of `syllables` (amplitude, length in 10 ms frames), 50 ms apart.
    static func speech(_ syllables: [(Int16, Int)], seed: UInt64, rate: Int = 16_000) -> [Int16] {
        var g = SplitMix64(seed: seed)
        var out: [Int16] = []
        for (amplitude, frames) in syllables {
            out += (0 ..< frames * rate / 100).map { _ in Int16(Int(g.next() % UInt64(2 * Int(amplitude) + 1)) - Int(amplitude)) }
            out += [Int16](repeating: 0, count: rate / 20)
        }
        return out
    }

    static let reply: [(Int16, Int)] = [(8000, 18), (3000, 10), (12000, 25), (2000, 8), (9000, 14), (5000, 30), (1500, 12)]
    static let other: [(Int16, Int)] = [(4000, 30), (10000, 9), (2500, 20), (11000, 12), (3000, 25), (7000, 10)]

    @Test func aPlaybackOfWhatCoachSaidMatches() {
        var guardian = OwnVoiceGuard()
        guardian.add(text: "Starting your run.", audio: PCMAudio(samples: Self.speech(Self.reply, seed: 1, rate: 22_050), rate: 22_050))
        // As the VAD hands it over: 16 kHz, with quiet padding either side.
        let pad = [Int16](repeating: 0, count: 4_000)
        let played = pad + Self.speech(Self.reply, seed: 1) + pad
        #expect(guardian.match(played) == "Starting your run.")
    }

    @Test func otherSpeechAndCoachsSpeechWithMoreAfterItDoNotMatch() {
        var guardian = OwnVoiceGuard()
        guardian.add(text: "Starting your run.", audio: PCMAudio(samples: Self.speech(Self.reply, seed: 1), rate: 16_000))
        #expect(guardian.match(Self.speech(Self.other, seed: 2)) == nil)
        // A person speaking right after the reply: one utterance, not Coach's alone — not refused
        // as Coach's (the grammar decides what it is).
        #expect(guardian.match(Self.speech(Self.reply, seed: 1) + Self.speech(Self.other, seed: 3)) == nil)
        // Nothing remembered: nothing matches.
        #expect(OwnVoiceGuard().match(Self.speech(Self.reply, seed: 1)) == nil)
    }

    /// The reply with other speech starting 0.3 s before its end: not Coach's alone, but found where
    /// it lies, to within a 10 ms frame, also played quieter.
    @Test func aReplyWithSpeechOverItsTailIsFoundInPlace() {
        var guardian = OwnVoiceGuard()
        let reply = Self.speech(Self.reply, seed: 1)
        guardian.add(text: "Starting your run.", audio: PCMAudio(samples: reply, rate: 16_000))
        let other = Self.speech(Self.other, seed: 2)
        let lead = 6_400  // 0.4 s of quiet before the reply, as the VAD's padding
        var mixed = [Int16](repeating: 0, count: lead + reply.count - 4_800 + other.count)
        for (i, s) in reply.enumerated() { mixed[lead + i] = s / 2 }
        for (i, s) in other.enumerated() { mixed[lead + reply.count - 4_800 + i] &+= s }
        #expect(guardian.match(mixed) == nil)
        guard case .overlapping(let placement) = guardian.verdict(mixed) else {
            Issue.record("not found: \(guardian.verdict(mixed))")
            return
        }
        #expect(placement.text == "Starting your run.")
        #expect(abs(placement.offset - lead) <= 160, "\(placement)")
        // The reply alone is Coach's; other speech alone is nobody's.
        #expect(guardian.verdict(reply) == .own("Starting your run."))
        #expect(guardian.verdict(other + other) == .notOwn)
    }

    /// The far end holds the reply `lead` samples before where it was found, clipped to the utterance.
    @Test func theFarEndPlacesTheReplyAheadOfItsEcho() {
        let reply: [Int16] = [1, 2, 3, 4]
        #expect(OwnVoiceGuard.farEnd(reply, at: 3, lead: 1, count: 8) == [0, 0, 1, 2, 3, 4, 0, 0])
        #expect(OwnVoiceGuard.farEnd(reply, at: 1, lead: 2, count: 4) == [2, 3, 4, 0])
        #expect(OwnVoiceGuard.farEnd(reply, at: 6, lead: 0, count: 8) == [0, 0, 0, 0, 0, 0, 1, 2])
    }

    /// The spoken log keeps the audio played beside each text, the latest for a text said again,
    /// and drops audio no kept line names (the last 50).
    @Test func theSpokenLogKeepsTheAudioPlayed() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("spoken-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = dir.appendingPathComponent("coach/spoken.tsv").path
        let first = PCMAudio(samples: Self.speech(Self.reply, seed: 1), rate: 16_000)
        let again = PCMAudio(samples: Self.speech(Self.reply, seed: 2), rate: 16_000)
        SpokenLog.append("Starting your run.", language: "en", audio: first, path: log)
        #expect(SpokenLog.audio("Starting your run.", language: "en", path: log)?.samples == first.samples)
        #expect(SpokenLog.audio("Starting your run.", language: "ja", path: log) == nil)
        SpokenLog.append("Starting your run.", language: "en", audio: again, path: log)
        #expect(SpokenLog.audio("Starting your run.", language: "en", path: log)?.samples == again.samples)
        #expect(SpokenLog.recent(within: 60, path: log).map(\.text) == ["Starting your run.", "Starting your run."])
        for i in 0 ..< 50 { SpokenLog.append("Lap \(i).", language: "en", audio: first, path: log) }
        #expect(SpokenLog.audio("Starting your run.", language: "en", path: log) == nil)
        #expect(SpokenLog.audio("Lap 49.", language: "en", path: log) != nil)
        let kept = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("coach/spoken").path)
        #expect(kept.count == 50)
    }
}
