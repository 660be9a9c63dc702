// EchoCanceller: speexdsp's echo canceller takes a reply out of an utterance given the reply as
// the far end — played back quieter and a little later than placed — and leaves the speech said
// over it. Noise bursts stand in for speech (OwnVoiceGuardTests.speech).

import CoachVoice
import Foundation
import Testing

@Suite struct EchoCancellerTests {
    static func rms(_ x: ArraySlice<Int16>) -> Double {
        (x.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(x.count, 1))).squareRoot()
    }

    @Test func theReplyIsTakenOutAndTheSpeechOverItStays() throws {
        let reply = OwnVoiceGuardTests.speech(OwnVoiceGuardTests.reply, seed: 1)
        let other = OwnVoiceGuardTests.speech(OwnVoiceGuardTests.other, seed: 2)
        let delay = 480  // 30 ms later than placed: within the filter's reach
        let start = reply.count - 4_800  // the other speech begins 0.3 s before the reply ends
        var recorded = [Int16](repeating: 0, count: delay + start + other.count)
        for (i, s) in reply.enumerated() { recorded[delay + i] = Int16(Double(s) * 0.6) }
        for (i, s) in other.enumerated() { recorded[start + i] &+= s }
        let played = reply + [Int16](repeating: 0, count: recorded.count - reply.count)
        let canceller = EchoCanceller(library: try SpeexDSPLibrary.load())
        let cleaned = try #require(canceller.cancel(recorded, played: played))
        #expect(cleaned.count == recorded.count)
        // Where the reply sounds alone it falls by 20 dB or more; the other speech after it stays.
        let replyOnly = delay + 4_000 ..< start
        let otherOnly = delay + reply.count + 800 ..< recorded.count
        let drop = 20 * log10(Self.rms(recorded[replyOnly]) / max(Self.rms(cleaned[replyOnly]), 1))
        #expect(drop >= 20, "reply lowered by \(drop) dB")
        let kept = Self.rms(cleaned[otherOnly]) / Self.rms(recorded[otherOnly])
        #expect(kept > 0.8 && kept < 1.25, "speech over it kept at \(kept)")
    }

    /// What is decoded after cancelling: from 150 ms before the first frame within 30 dB of the
    /// loudest to 150 ms after the last; the reply's faint residue in front is left out.
    @Test func whatRemainsIsWhereTheSpeechIs() {
        let residue = [Int16](repeating: 40, count: 16_000)  // -58 dBFS, a second of it
        let speech = OwnVoiceGuardTests.speech(OwnVoiceGuardTests.other, seed: 2)
        let span = EchoCanceller.speechSpan(residue + speech + [Int16](repeating: 0, count: 8_000))
        #expect(span == 16_000 - 2_400 ..< 16_000 + speech.count - 800 + 2_400, "\(String(describing: span))")
        // Only the residue: nothing to decode.
        #expect(EchoCanceller.speechSpan(residue) == nil)
    }
}
