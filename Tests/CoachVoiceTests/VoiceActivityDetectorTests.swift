// The energy VAD (VoiceActivityDetector) cutting a stream into utterances: bursts of voiced sound
// separated by pauses, in digital silence and in continuous low-frequency noise 20 dB below them
// (a room, a fan, traffic). Judged frame by frame, such noise swung over its own floor and the
// first utterance never ended; judged over 50 ms it is cut like speech in silence.

import CoachVoice
import Foundation
import Testing

@Suite struct VoiceActivityDetectorTests {
    static let rate = 16_000

    /// A voiced burst: 140 Hz with harmonics, its loudness rising and falling four times a second
    /// like syllables, peak about −16 dBFS.
    static func burst(seconds: Double) -> [Double] {
        (0..<Int(seconds * Double(rate))).map { i in
            let t = Double(i) / Double(rate)
            let voice = sin(2 * .pi * 140 * t) + 0.5 * sin(2 * .pi * 280 * t) + 0.3 * sin(2 * .pi * 420 * t)
            return 5_000 * voice * (0.55 + 0.45 * sin(2 * .pi * 4 * t))
        }
    }

    /// Noise with most of its power at low frequencies (white noise through a one-pole low-pass),
    /// reproducible, scaled to `rms`.
    static func rumble(count: Int, rms: Double) -> [Double] {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        var y = 0.0
        var out = [Double](repeating: 0, count: count)
        for i in 0..<count {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let white = Double(Int64(bitPattern: seed >> 11) % 2_000_001 - 1_000_000) / 1_000_000
            y = 0.9 * y + white
            out[i] = y
        }
        let now = (out.reduce(0) { $0 + $1 * $1 } / Double(count)).squareRoot()
        return out.map { $0 * rms / now }
    }

    /// Three 1.2 s bursts, `gap` seconds apart, after 1 s; the true (start, end) of each in seconds.
    static func threeBursts(noiseBelowDB: Double?, gap: Double = 1.5) -> (samples: [Int16], truth: [(Double, Double)]) {
        var signal = [Double](repeating: 0, count: rate)
        var truth: [(Double, Double)] = []
        for _ in 0..<3 {
            let start = Double(signal.count) / Double(rate)
            signal += burst(seconds: 1.2)
            truth.append((start, Double(signal.count) / Double(rate)))
            signal += [Double](repeating: 0, count: Int(gap * Double(rate)))
        }
        if let below = noiseBelowDB {
            let speech = burst(seconds: 1.2)
            let speechRMS = (speech.reduce(0) { $0 + $1 * $1 } / Double(speech.count)).squareRoot()
            let noise = rumble(count: signal.count, rms: speechRMS / pow(10, below / 20))
            signal = zip(signal, noise).map(+)
        }
        return (signal.map { Int16(max(-32_768, min(32_767, $0.rounded()))) }, truth)
    }

    static func cut(_ samples: [Int16], _ config: VoiceActivityDetector.Configuration = .init()) -> [(Double, Double)] {
        var vad = VoiceActivityDetector(config)
        var found: [VoiceActivityDetector.Utterance] = []
        for chunk in stride(from: 0, to: samples.count, by: 1_600) {  // 100 ms reads, as from a device
            found += vad.feed(Array(samples[chunk..<min(chunk + 1_600, samples.count)]))
        }
        found += vad.finish()
        return found.map { (Double($0.start) / Double(rate), Double($0.end) / Double(rate)) }
    }

    static func matches(_ found: [(Double, Double)], _ truth: [(Double, Double)]) -> Bool {
        found.count == truth.count && zip(found, truth).allSatisfy { f, t in
            f.0 <= t.0 + 0.1 && f.0 >= t.0 - 0.5 && f.1 >= t.1 - 0.1 && f.1 <= t.1 + 0.6
        }
    }

    @Test func commandsSaidHalfASecondApartAreCutApart() {
        // Waiting for the quiet plus the padding (0.7 s) merged these into one utterance.
        let (samples, truth) = Self.threeBursts(noiseBelowDB: nil, gap: 0.5)
        let found = Self.cut(samples)
        #expect(Self.matches(found, truth), "found \(found), truth \(truth)")
    }

    @Test func aShortPauseInsideACommandDoesNotCutIt() {
        // "start a thirty minute, outdoor run": a 0.2 s pause is inside the command.
        var signal = [Int16](repeating: 0, count: Self.rate)
        signal += Self.burst(seconds: 0.8).map { Int16($0) }
        signal += [Int16](repeating: 0, count: Self.rate / 5)
        signal += Self.burst(seconds: 0.6).map { Int16($0) }
        signal += [Int16](repeating: 0, count: Self.rate)
        let found = Self.cut(signal)
        #expect(found.count == 1, "\(found)")
    }

    @Test func burstsInSilenceAreCutOneEach() {
        let (samples, truth) = Self.threeBursts(noiseBelowDB: nil)
        let found = Self.cut(samples)
        #expect(Self.matches(found, truth), "found \(found), truth \(truth)")
    }

    @Test func burstsInContinuousNoiseAreCutOneEach() {
        let (samples, truth) = Self.threeBursts(noiseBelowDB: 20)
        let found = Self.cut(samples)
        #expect(Self.matches(found, truth), "found \(found), truth \(truth)")
        // The noise is hard enough to matter: judged frame by frame (the old detector), it merges.
        var frameByFrame = VoiceActivityDetector.Configuration()
        frameByFrame.smoothingFrames = 1
        let old = Self.cut(samples, frameByFrame)
        #expect(!Self.matches(old, truth), "frame by frame also cut it right: \(old)")
    }

    @Test func quietSpeechIsCutToo() {
        // A quiet microphone: the same bursts 30 dB down (peaks about -46 dBFS) in near silence.
        let (samples, truth) = Self.threeBursts(noiseBelowDB: nil)
        let quiet = samples.map { Int16((Double($0) / 31.6).rounded()) }
        let found = Self.cut(quiet)
        #expect(Self.matches(found, truth), "found \(found), truth \(truth)")
    }

    @Test func aClickIsNoUtteranceAndEndlessSoundIsCutAtTheLimit() {
        var click = [Int16](repeating: 0, count: Self.rate)
        click += Self.burst(seconds: 0.12).map { Int16($0) }
        click += [Int16](repeating: 0, count: Self.rate)
        #expect(Self.cut(click).isEmpty)
        let endless = Self.burst(seconds: 15).map { Int16($0) }
        let found = Self.cut(endless)
        #expect(found.count == 2, "\(found)")
        #expect(found.first.map { $0.1 - $0.0 } ?? 0 <= VoiceActivityDetector.Configuration().maxLength + 0.01)
    }
}
