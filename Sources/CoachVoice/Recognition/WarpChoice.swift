// WarpChoice: which frequency-warping factor (pocketsphinx's inverse-linear VTLN) fits a voice —
// pure decisions, no decoding. Per utterance: the decode whose best path scored highest per frame
// (the same audio, so the same frames, heard through differently warped filterbanks: the fit
// picks the factor, as maximum-likelihood VTLN does). Per speaker: the factor with the best score
// over the first utterances, then kept (a microphone's speaker rarely changes mid-session, and
// deciding once spares N decodes per command), unless it fits no better than none by a margin.
// docs/voice.md, "lower and higher voices".

/// How the decoder's filterbank is warped: not at all, one fixed factor, or chosen (`auto`).
public enum WarpMode: Sendable, Equatable {
    case off
    case fixed(Double)
    case auto

    /// The factors `auto` chooses among, nearest to none first (a tie keeps the lesser warp):
    /// 0.7–1.3, measured on voices moved a third of an octave down and up (sox `pitch ∓400`;
    /// 0.8–1.2 left the lowered espeak-ng voice at 37/60 where 0.7 hears 47: docs/voice.md).
    public static let factors: [Double] = [1.0, 0.9, 1.1, 0.8, 1.2, 0.7, 1.3]

    /// `off`, `auto` or a factor from 0.6 to 1.5 (pocketsphinx's sensible range; 1 is none).
    public init?(parsing text: String) {
        switch text {
        case "off": self = .off
        case "auto": self = .auto
        default:
            guard let f = Double(text), (0.6...1.5).contains(f) else { return nil }
            self = f == 1 ? .off : .fixed(f)
        }
    }
}

extension WarpMode {
    /// The default where `--warp` does not say: none, for the microphone too. A factor per
    /// speaker, learnt from its first utterances, cost espeak-ng's clean voice 58 → 54 of 60 (its
    /// first commands fit 1.2 best); a file at every factor is ~6 times the CPU and cost flite
    /// awb 50 → 49 (docs/voice.md): asked for, not assumed.
    public static func byDefault(fromMicrophone: Bool) -> WarpMode { .off }
}

public enum WarpChoice {
    /// One decode's fit: its factor and its best path's score per frame.
    public struct Fit: Sendable, Equatable {
        public let factor: Double
        public let score: Double
        public let frames: Int
        public init(factor: Double, score: Double, frames: Int) {
            self.factor = factor
            self.score = score
            self.frames = frames
        }
        var perFrame: Double { frames > 0 ? score / Double(frames) : -.infinity }
    }

    /// The index of the best fit (highest score per frame; the earlier on a tie, so list 1.0 first
    /// to keep the unwarped decode when nothing fits better). Nil for none.
    public static func best(_ fits: [Fit]) -> Int? {
        var best: Int?
        for i in fits.indices where best.map({ fits[i].perFrame > fits[$0].perFrame }) ?? true { best = i }
        return best
    }
}

/// One speaker's factor, learnt from the first utterances of a session and then kept.
public struct SpeakerWarp: Sendable, Equatable {
    public let factors: [Double]
    /// How many utterances are heard at every factor before one is kept.
    public let learning: Int
    /// How much better per frame than unwarped (factor 1) the best factor must fit over the
    /// learning utterances to be kept: a few utterances are a small sample, and a wrong factor costs
    /// every command after them (docs/voice.md: chosen on the tune lines).
    public let margin: Double
    private(set) var totals: [Double]
    private(set) var frames: [Int]
    private(set) var heard = 0

    public init(factors: [Double] = WarpMode.factors, learning: Int = 4, margin: Double = SpeakerWarp.defaultMargin) {
        self.factors = factors
        self.learning = learning
        self.margin = margin
        totals = Array(repeating: 0, count: factors.count)
        frames = Array(repeating: 0, count: factors.count)
    }

    public static let defaultMargin = 1.5

    /// The factor kept for the rest of the session, once learnt: after `learning` utterances,
    /// whether or not they taught anything (1 when none did), so learning never costs more.
    public var chosen: Double? {
        guard heard >= learning else { return nil }
        guard frames.allSatisfy({ $0 > 0 }) else { return 1 }
        let fits = factors.indices.map { WarpChoice.Fit(factor: factors[$0], score: totals[$0], frames: frames[$0]) }
        guard let best = WarpChoice.best(fits) else { return 1 }
        if let unwarped = factors.firstIndex(of: 1), fits[best].perFrame - fits[unwarped].perFrame < margin { return 1 }
        return factors[best]
    }

    /// One utterance heard at every factor (`fits` in `factors`' order); ignored once learnt. One
    /// where some factor matched nothing counts as heard but adds no scores: a factor that fails
    /// on it cannot be compared.
    public mutating func heard(_ fits: [WarpChoice.Fit]) {
        guard heard < learning, fits.count == factors.count else { return }
        heard += 1
        guard fits.allSatisfy({ $0.frames > 0 }) else { return }
        for i in fits.indices {
            totals[i] += fits[i].score
            frames[i] += fits[i].frames
        }
    }
}
