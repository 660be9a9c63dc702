// NeuralDenoiser: RNNoise (RNNoiseLibrary) on the 16 kHz stream — up to 48 kHz (ThirdRateFilter),
// 10 ms frames of 480 samples through the network, back down — for the noise speexdsp's estimate
// cannot follow (babble, music; docs/voice.md, "RNNoise"). One per stream (the network keeps state),
// fed in any chunk sizes. RNNoise's output lags two frames (960 samples at 48 kHz: measured by
// cross-correlation on pyrnnoise 0.4.5's library, not the one frame rnnoise.h suggests) and each
// filter 60: 360 samples at 16 kHz in all, taken off here so that sample i out is sample i in
// (NeuralDenoiserTests lines a voiced sound up at a shift of 0). A share of the
// input may be mixed back (`keep`; measured at 0.15 and 0.3 it kept clean speech and lost what
// RNNoise gains in music, so the default is none: Coach gives RNNoise's output to the VAD only —
// docs/voice.md, "RNNoise").

import CoachNative

public final class NeuralDenoiser: NoiseFrontEnd, @unchecked Sendable {  // one stream, one thread at a time
    static let frame = 480
    /// Output samples (16 kHz) still to drop: RNNoise's two frames and both filters' delay.
    static let lag = (2 * frame + 2 * ThirdRateFilter.delay) / 3
    let library: RNNoiseLibrary
    let state: OpaquePointer
    private var filter = ThirdRateFilter()
    private var pending: [Float] = []
    private var lag = NeuralDenoiser.lag
    private var taken = 0, given = 0
    /// The share of the input mixed back into the output.
    public let keep: Float
    /// Input samples not yet matched with their denoised sample (oldest first).
    private var dry: [Int16] = []
    /// The measured default of `keep`.
    public static let defaultKeep: Float = 0
    /// The network's speech probability of the last frame (0–1).
    public private(set) var speechProbability: Float = 0

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The denoiser with the library at `path` (an installed model's `librnnoise.so`).
    public convenience init(libraryPath path: String, keep: Float = NeuralDenoiser.defaultKeep) throws(Failure) {
        let library: RNNoiseLibrary
        do { library = try RNNoiseLibrary.load(path: path) } catch { throw Failure(description: error.reason) }
        try self.init(library: library, keep: keep)
    }

    init(library: RNNoiseLibrary, keep: Float = NeuralDenoiser.defaultKeep) throws(Failure) {
        guard library.frameSize() == Int32(Self.frame) else {
            throw Failure(description: "RNNoise works on \(library.frameSize())-sample frames, not \(Self.frame)")
        }
        guard let state = library.create(nil) else { throw Failure(description: "RNNoise could not start") }
        self.library = library
        self.state = state
        self.keep = max(0, min(1, keep))
    }

    deinit { library.destroy(state) }

    public func process(_ chunk: [Int16]) -> [Int16] {
        taken += chunk.count
        dry += chunk
        return run(chunk)
    }

    private func run(_ chunk: [Int16]) -> [Int16] {
        pending += filter.up(chunk.map(Float.init))
        let whole = pending.count / Self.frame * Self.frame
        guard whole > 0 else { return [] }
        var frames = Array(pending.prefix(whole))
        pending.removeFirst(whole)
        frames.withUnsafeMutableBufferPointer { buffer in
            for offset in stride(from: 0, to: whole, by: Self.frame) {
                let p = buffer.baseAddress! + offset
                speechProbability = library.processFrame(state, p, p)
            }
        }
        let wet = filter.down(frames)
        let dropped = min(lag, wet.count)
        lag -= dropped
        let count = wet.count - dropped
        given += count
        // Sample i out is denoised sample i mixed with input sample i (silence past the input's end).
        var out = [Int16](repeating: 0, count: count)
        for i in 0..<count {
            let x = i < dry.count ? Float(dry[i]) : 0
            out[i] = Int16(max(-32_768, min(32_767, ((1 - keep) * wet[dropped + i] + keep * x).rounded())))
        }
        dry.removeFirst(min(count, dry.count))
        return out
    }

    public func finish() -> [Int16] {
        let rest = run([Int16](repeating: 0, count: Self.lag + Self.frame / 3 + 3))
        let out = Array(rest.prefix(max(0, taken - given + rest.count)))
        given = taken
        return out
    }
}
