// ThirdRateFilter: 16 kHz ↔ 48 kHz for RNNoise (which works at 48 kHz) without another library: a
// 121-tap windowed-sinc low-pass (Blackman, cut at 7.5 kHz of 48 kHz) used as a polyphase
// interpolator up (each input sample gives three) and as the anti-alias filter down (every third
// output kept). Linear phase: each direction delays by 60 samples at 48 kHz (20 at 16 kHz), which
// NeuralDenoiser takes off with RNNoise's own lag. Streams: history carries across chunks.

import Foundation

struct ThirdRateFilter {
    static let taps = 121
    /// Samples of 48 kHz delay per direction: the filter's middle.
    static let delay = (taps - 1) / 2
    static let coefficients: [Float] = {
        let n = taps, cut = 7_500.0 / 48_000.0
        var h = (0..<n).map { j -> Double in
            let x = Double(j - (n - 1) / 2)
            let sinc = x == 0 ? 2 * cut : sin(2 * Double.pi * cut * x) / (Double.pi * x)
            let t = 2 * Double.pi * Double(j) / Double(n - 1)
            return sinc * (0.42 - 0.5 * cos(t) + 0.08 * cos(2 * t))
        }
        let sum = h.reduce(0, +)
        h = h.map { $0 / sum }
        return h.map(Float.init)
    }()

    /// The last 16 kHz inputs (newest last) for the interpolator.
    private var upHistory = [Float](repeating: 0, count: (taps + 2) / 3)
    /// The last taps − 1 samples at 48 kHz for the decimator.
    private var downHistory = [Float](repeating: 0, count: taps - 1)

    /// Three samples at 48 kHz for each one at 16 kHz.
    mutating func up(_ samples: [Float]) -> [Float] {
        let h = Self.coefficients, keep = upHistory.count
        let buffer = upHistory + samples
        var out = [Float](repeating: 0, count: 3 * samples.count)
        for n in 0..<samples.count {
            let newest = keep + n
            for p in 0..<3 {
                var acc: Float = 0, j = p, k = newest
                while j < Self.taps {
                    acc += h[j] * buffer[k]
                    j += 3
                    k -= 1
                }
                out[3 * n + p] = 3 * acc
            }
        }
        upHistory = Array(buffer.suffix(keep))
        return out
    }

    /// One sample at 16 kHz for each three at 48 kHz (`samples.count` a multiple of 3).
    mutating func down(_ samples: [Float]) -> [Float] {
        let h = Self.coefficients, keep = downHistory.count
        let buffer = downHistory + samples
        var out = [Float](repeating: 0, count: samples.count / 3)
        for i in 0..<out.count {
            let newest = keep + 3 * i
            var acc: Float = 0
            for j in 0..<Self.taps { acc += h[j] * buffer[newest - j] }
            out[i] = acc
        }
        downHistory = Array(buffer.suffix(keep))
        return out
    }
}
