// SpeechLevel: a quiet utterance is raised to a working level before it is decoded. The decoder's
// batch cepstral mean removes a constant gain, but NoiseFloor's fixed hiss does not scale with the
// speech: a laptop microphone recording at -40 dBFS had its speech under the hiss. Measured on
// flite's commands 20 dB quieter: 20/60 heard before, 30 dB quieter 5/60 (docs/voice.md, "Audio").
// Loud utterances are left alone, so nothing changes for audio at a normal level.

public enum SpeechLevel {
    /// Where the loud end of an utterance is brought (the 99.9th percentile of |sample|, -6 dBFS).
    public static let target = 16_384.0
    /// At most this gain (30 dB): more would raise a silent stretch's hum to speech level.
    public static let maximumGain = 31.6

    /// `samples` with gain applied when they are quiet.
    public static func raised(_ samples: [Int16]) -> [Int16] {
        applied(gain(samples), to: samples)
    }

    /// `samples` times `gain`; untouched when the gain is (nearly) 1.
    public static func applied(_ gain: Double, to samples: [Int16]) -> [Int16] {
        guard gain > 1.05 else { return samples }
        return samples.map { Int16(clamping: Int32((Double($0) * gain).rounded())) }
    }

    /// The gain that brings `samples` to the working level (1: loud enough already).
    public static func gain(_ samples: [Int16]) -> Double {
        guard !samples.isEmpty else { return 1 }
        // A percentile, not the peak: one click must not decide the gain.
        var histogram = [Int](repeating: 0, count: 32_769)
        for s in samples { histogram[Int(s.magnitude)] += 1 }
        var remaining = samples.count / 1_000
        var loud = 32_768
        while loud > 0, remaining >= histogram[loud] {
            remaining -= histogram[loud]
            loud -= 1
        }
        return max(1, min(maximumGain, target / Double(max(loud, 1))))
    }
}
