// SpeechFrontEnd: speexdsp's preprocessor on the incoming 16 kHz stream, before the decoder — noise
// suppression, and optionally automatic gain and dereverberation — for rooms with a fan, a
// treadmill or music. One per stream (it keeps a running noise estimate), fed in any chunk sizes:
// it works on whole 10 ms frames and holds the rest for the next chunk. The preprocessor's output
// lags its input by one frame (its overlap-add); that lag is taken off here, so sample i out is
// sample i in, and DenoisedStream can hand the decoder exactly the span the VAD cut. What each part
// gains or costs, per condition, is measured in docs/voice.md ("A front end for real rooms").

import Foundation

public final class SpeechFrontEnd: @unchecked Sendable {  // one stream, one thread at a time
    public struct Options: Sendable, Equatable {
        public var denoise = true
        /// Most the noise is lowered, dB (speexdsp's default is -15).
        public var noiseSuppress: Int32 = -15
        public var agc = false
        /// AGC's target level (speexdsp's default 8000, about -12 dBFS).
        public var agcLevel: Float = 8000
        /// speexdsp 1.2's dereverberation is a stub (its reverb model is commented out); kept so that
        /// it can be measured, which shows nothing changes.
        public var dereverb = false
        public init() {}

        /// Parses "denoise,agc,dereverb,suppress=-25" (a hidden option of `coach listen`, to measure).
        public init?(parsing text: String) {
            var o = Options()
            o.denoise = false
            for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
                switch part {
                case "denoise": o.denoise = true
                case "agc": o.agc = true
                case "dereverb": o.dereverb = true
                default:
                    let kv = part.split(separator: "=", maxSplits: 1).map(String.init)
                    guard kv.count == 2 else { return nil }
                    switch kv[0] {
                    case "suppress": guard let v = Int32(kv[1]), v <= 0 else { return nil }; o.noiseSuppress = v
                    case "agc-level": guard let v = Float(kv[1]), v > 0 else { return nil }; o.agcLevel = v; o.agc = true
                    default: return nil
                    }
                }
            }
            self = o
        }
    }

    /// 10 ms at 16 kHz: the VAD's frame too.
    public static let frameSize = 160
    public let options: Options
    let dsp: SpeexDSPLibrary
    let state: OpaquePointer
    private var pending: [Int16] = []
    /// Output samples still to drop: the preprocessor's one-frame lag.
    private var lag = SpeechFrontEnd.frameSize
    private var taken = 0, given = 0

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public init(library dsp: SpeexDSPLibrary, options: Options = Options()) throws(Failure) {
        guard let state = dsp.speex_preprocess_state_init(Int32(Self.frameSize), 16_000) else {
            throw Failure(description: "speexdsp could not start its preprocessor")
        }
        self.dsp = dsp
        self.state = state
        self.options = options
        let accepted = dsp.setInt(state, .setDenoise, options.denoise ? 1 : 0)
            && dsp.setInt(state, .setNoiseSuppress, options.noiseSuppress)
            && dsp.setInt(state, .setAGC, options.agc ? 1 : 0)
            && (!options.agc || dsp.setFloat(state, .setAGCLevel, options.agcLevel))
            && dsp.setInt(state, .setDereverb, options.dereverb ? 1 : 0)
            && (!options.dereverb || (dsp.setFloat(state, .setDereverbDecay, 0.4) && dsp.setFloat(state, .setDereverbLevel, 0.3)))
        guard accepted else {
            dsp.speex_preprocess_state_destroy(state)
            throw Failure(description: "speexdsp refused the front end's settings")
        }
    }

    deinit { dsp.speex_preprocess_state_destroy(state) }

    /// The processed audio for every whole frame so far; a partial frame waits for the next chunk.
    public func process(_ chunk: [Int16]) -> [Int16] {
        taken += chunk.count
        return run(chunk)
    }

    private func run(_ chunk: [Int16]) -> [Int16] {
        pending += chunk
        let whole = pending.count / Self.frameSize * Self.frameSize
        guard whole > 0 else { return [] }
        var out = Array(pending.prefix(whole))
        pending.removeFirst(whole)
        out.withUnsafeMutableBufferPointer { buffer in
            var offset = 0
            while offset < whole {
                _ = dsp.speex_preprocess_run(state, buffer.baseAddress! + offset)
                offset += Self.frameSize
            }
        }
        let dropped = min(lag, out.count)
        lag -= dropped
        given += out.count - dropped
        return Array(out.dropFirst(dropped))
    }

    /// The rest of the stream (silence pushed through for the last partial frame and the lag): as
    /// many samples out, in all, as went in.
    public func finish() -> [Int16] {
        let rest = run([Int16](repeating: 0, count: 2 * Self.frameSize))
        let out = Array(rest.prefix(max(0, taken - given + rest.count)))
        given = taken
        return out
    }
}
