// A quiet utterance is raised before decoding (SpeechLevel), so the fixed hiss added after it
// (NoiseFloor) stays far below the speech; audio at a normal level is left as it is.

import CoachVoice
import Foundation
import Testing

@Suite struct SpeechLevelTests {
    static func tone(peak: Double, count: Int = 16_000) -> [Int16] {
        (0..<count).map { Int16((peak * sin(2 * .pi * 200 * Double($0) / 16_000)).rounded()) }
    }

    static func loudEnd(_ x: [Int16]) -> Int { Int(x.map(\.magnitude).sorted()[x.count * 999 / 1_000]) }

    @Test func aQuietUtteranceIsRaisedToTheWorkingLevel() {
        let quiet = Self.tone(peak: 1_000)  // about -30 dBFS: a gain of 16, under the cap
        let raised = SpeechLevel.raised(quiet)
        #expect(abs(Self.loudEnd(raised) - Int(SpeechLevel.target)) < 200, "\(Self.loudEnd(raised))")
        // The shape is kept: the same sign and proportions, sample by sample.
        #expect(zip(quiet, raised).allSatisfy { q, r in q == 0 ? r == 0 : (q > 0) == (r > 0) })
    }

    @Test func normalLevelsAreLeftAloneAndTheGainIsCapped() {
        let normal = Self.tone(peak: 20_000)
        #expect(SpeechLevel.raised(normal) == normal)
        let whisper = Self.tone(peak: 20)  // the hum of a silent stretch: at most 30 dB more
        #expect(Self.loudEnd(SpeechLevel.raised(whisper)) <= Int(20 * SpeechLevel.maximumGain) + 1)
        #expect(SpeechLevel.raised([]) == [])
    }

    @Test func oneClickDoesNotDecideTheGain() {
        var quiet = Self.tone(peak: 500)
        quiet[8_000] = 32_000  // a single click at full scale
        #expect(Self.loudEnd(SpeechLevel.raised(quiet)) > 10_000, "the click held the speech down")
    }
}
