// DenoisedStream: the front end's output kept beside the raw stream, so that the VAD cuts the raw
// audio and the decoder hears the denoised samples of the same span. The VAD on the denoised stream
// was measured and rejected: speexdsp's residual noise swings frame by frame (its gain follows each
// band's speech probability), the VAD's floor fell into the dips, and in continuous noise an
// utterance never ended — flite's slt voice at 10 dB pink noise: 13 of 60 commands heard with it,
// 37 without the front end (docs/voice.md, "A front end for real rooms").

public final class DenoisedStream: @unchecked Sendable {  // one stream, one thread at a time
    public let frontEnd: any NoiseFrontEnd
    private var kept: [Int16] = []
    /// Stream index of `kept[0]`.
    private var keptStart = 0
    /// How much denoised audio is kept: longer than the VAD's longest utterance and its padding.
    static let keep = 20 * 16_000

    public init(_ frontEnd: any NoiseFrontEnd) { self.frontEnd = frontEnd }

    /// Takes the next raw chunk (the same one the VAD is given).
    public func feed(_ chunk: [Int16]) { append(frontEnd.process(chunk)) }

    /// The end of the input: the front end's last samples.
    public func finish() { append(frontEnd.finish()) }

    private func append(_ samples: [Int16]) {
        kept += samples
        if kept.count > Self.keep + 16_000 {
            let drop = kept.count - Self.keep
            kept.removeFirst(drop)
            keptStart += drop
        }
    }

    /// `utterance` with its samples taken from the denoised stream; unchanged when that span is
    /// not (or no longer) all there.
    public func denoised(_ utterance: VoiceActivityDetector.Utterance) -> VoiceActivityDetector.Utterance {
        let from = utterance.start - keptStart, to = utterance.end - keptStart
        guard from >= 0, to <= kept.count, from < to, to - from == utterance.samples.count else { return utterance }
        var u = utterance
        u.samples = Array(kept[from..<to])
        return u
    }

    /// The denoised samples of the stream's span [start, start + count), or nil when that span is
    /// not (or no longer) all there (decoding while spoken takes an utterance piece by piece).
    public func samples(from start: Int, count: Int) -> [Int16]? {
        let from = start - keptStart, to = from + count
        guard from >= 0, count > 0, to <= kept.count else { return nil }
        return Array(kept[from..<to])
    }
}
