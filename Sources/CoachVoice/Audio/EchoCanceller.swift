// EchoCanceller: speexdsp's acoustic echo canceller over one utterance that holds Coach's own
// reply (#29). The far end is the reply synthesised again and placed where OwnVoiceGuard found it
// (OwnVoiceGuard.farEnd); what is left is what a person said over it, which the recogniser then
// decodes as any utterance. Whole utterances, not a stream: the speaker and the listener are
// different processes, so the played audio is known only once the spoken log names it. The
// adaptive filter learns the path's delay (within its length) and gain (a quieter or louder
// playback), so the placement only needs to be roughly right. Figures: docs/voice.md, "Never
// acting on its own voice".

import Foundation

public struct EchoCanceller: Sendable {
    public struct Options: Sendable, Equatable {
        /// The echo path the filter can model, in samples at 16 kHz (100 ms): the placement's error
        /// (10 ms contour frames), the lead given to the reference, and a room's reverberation.
        public var filterLength = 1_600
        /// Times the utterance goes through the same filter: speexdsp adapts cautiously (made for
        /// live calls), so one pass over a 2 s reply lowers it only ~10 dB; each pass starts from
        /// what the last one learnt, and the reply's first syllables are cancelled too.
        public var passes = 3
        /// speexdsp's preprocessor on the last pass's output, told the echo state: suppresses the
        /// echo the filter left (another ~25 dB on a file's reply; its noise suppression too).
        public var residualSuppression = true
        public init() {}
    }

    static let frameSize = 160
    let dsp: SpeexDSPLibrary
    public let options: Options

    public init(library: SpeexDSPLibrary, options: Options = Options()) {
        dsp = library
        self.options = options
    }

    /// `recorded` (16 kHz) less the echo of `played` (the far end, as long as `recorded`, sample i
    /// played at or before sample i was recorded); nil when speexdsp would not start.
    public func cancel(_ recorded: [Int16], played: [Int16]) -> [Int16]? {
        let n = Self.frameSize
        let count = recorded.count
        // Whole frames; one more for the preprocessor's one-frame lag.
        let frames = (count + n - 1) / n + (options.residualSuppression ? 1 : 0)
        let rec = recorded + [Int16](repeating: 0, count: frames * n - count)
        let play = Array(played.prefix(frames * n)) + [Int16](repeating: 0, count: max(0, frames * n - played.count))
        guard let echo = dsp.speex_echo_state_init(Int32(n), Int32(options.filterLength)) else { return nil }
        defer { dsp.speex_echo_state_destroy(echo) }
        _ = dsp.setEchoInt(echo, .setSamplingRate, 16_000)
        var out = [Int16](repeating: 0, count: rec.count)
        let passes = max(1, options.passes)
        for pass in 0 ..< passes {
            var pre: OpaquePointer?
            if options.residualSuppression, pass == passes - 1 {
                pre = dsp.speex_preprocess_state_init(Int32(n), 16_000)
                if let pre, !dsp.setEchoState(pre, echo) { dsp.speex_preprocess_state_destroy(pre); return nil }
            }
            defer { if let pre { dsp.speex_preprocess_state_destroy(pre) } }
            rec.withUnsafeBufferPointer { r in
                play.withUnsafeBufferPointer { p in
                    out.withUnsafeMutableBufferPointer { o in
                        for f in 0 ..< frames {
                            dsp.speex_echo_cancellation(echo, r.baseAddress! + f * n, p.baseAddress! + f * n, o.baseAddress! + f * n)
                            if let pre { _ = dsp.speex_preprocess_run(pre, o.baseAddress! + f * n) }
                        }
                    }
                }
            }
        }
        // The preprocessor's output lags by one frame (SpeechFrontEnd): sample i out is sample i in.
        let lag = options.residualSuppression ? n : 0
        return Array(out[lag ..< lag + count])
    }

    /// Where speech remains in `cleaned`, with 150 ms either side: the frames within 30 dB of the
    /// loudest and above -47 dBFS; nil when none is (the reply alone, cancelled). The reply's
    /// residue in front is left out so that the decoder does not make words of it and its quiet
    /// does not pull down the utterance's cepstral mean. Unlike cutting where the reply ends (tried
    /// before: "un pause my workout"), this keeps a command's first syllables said over the reply.
    public static func speechSpan(_ cleaned: [Int16]) -> Range<Int>? {
        let n = frameSize
        let levels = stride(from: 0, to: cleaned.count, by: n).map { start in
            let frame = cleaned[start ..< min(start + n, cleaned.count)]
            return frame.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(frame.count)
        }
        guard let peak = levels.max() else { return nil }
        let floor = max(peak / 1_000, 150.0 * 150.0)
        guard let first = levels.firstIndex(where: { $0 >= floor }), let last = levels.lastIndex(where: { $0 >= floor }) else { return nil }
        return max(0, (first - 15) * n) ..< min(cleaned.count, (last + 16) * n)
    }
}
