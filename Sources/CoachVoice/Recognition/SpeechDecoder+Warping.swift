// SpeechDecoder+Warping: decoding at a chosen frequency-warping factor (VTLN) without a decoder
// per factor. The decoder's own front end has one filterbank, fixed when it starts; Coach computes
// the cepstra itself with one sphinxbase front end per factor (`WarpedFrontEnd`: a filterbank and
// a few buffers) and feeds them with ps_process_cep. N factors cost N searches, never N acoustic
// models (~150 MB each). docs/voice.md, "lower and higher voices".

import CoachNative
import Foundation

extension SpeechDecoder {
    /// sphinxbase keeps the warp parameters in globals while it builds a filterbank (its warp
    /// modules' static state), so filterbanks — a decoder's at ps_init, a WarpedFrontEnd's — are
    /// built one at a time in this process.
    static let buildingFilterbanks = NSLock()  // not a Mutex: what is built is a C pointer, not Sendable

    /// `build` under buildingFilterbanks.
    static func buildingFilterbank<T>(_ build: () -> T) -> T {
        buildingFilterbanks.lock()
        defer { buildingFilterbanks.unlock() }
        return build()
    }

    /// Decodes one whole utterance with the cepstra `frontEnd` computes (its warp factor); the same
    /// level and hiss as `decode`, and the utterance's own cepstral mean.
    func decode(_ samples: [Int16], warpedBy frontEnd: WarpedFrontEnd) -> Result {
        let started = Self.cpuSeconds()
        var cepstra = frontEnd.cepstra(of: heard(samples))
        _ = ps.ps_start_utt(decoder)
        cepstra.withRows { rows, count in _ = ps.ps_process_cep(decoder, rows, Int32(count), 0, 1) }
        _ = ps.ps_end_utt(decoder)
        return result(since: started)
    }

    /// Decodes one whole utterance at every front end's factor: the best fit's result (its CPU
    /// time all the decodes'), its index, and every decode's fit in `frontEnds`' order. The first
    /// front end is decoded last: a whole decode leaves its cepstral mean behind as the prior of
    /// the next utterance decoded while spoken (sphinxbase's batch CMN, cmn.c, writes the mean its live CMN subtracts),
    /// so the factor listed first — unwarped — is the one left.
    func decodeBest(_ samples: [Int16], among frontEnds: [WarpedFrontEnd]) -> (result: Result, index: Int, fits: [WarpChoice.Fit]) {
        var results = [Result?](repeating: nil, count: frontEnds.count)
        for i in frontEnds.indices.reversed() { results[i] = decode(samples, warpedBy: frontEnds[i]) }
        let done = results.map { $0! }
        // A decode where nothing in the grammar matched scores 0: no fit at all, never the best.
        let fits = zip(frontEnds, done).map { fe, r in
            WarpChoice.Fit(factor: fe.factor, score: Double(r.score), frames: r.hypothesis == nil ? 0 : r.frames)
        }
        let i = WarpChoice.best(fits) ?? 0
        let r = done[i]
        return (Result(hypothesis: r.hypothesis, score: r.score, acousticPerFrame: r.acousticPerFrame, frames: r.frames,
                       seconds: done.reduce(0) { $0 + $1.seconds }), i, fits)
    }
}

/// A sphinxbase front end (fe_t) whose filterbank is warped by one factor (inverse linear); the
/// model's feature parameters (its feat.params) otherwise, like the decoder's own front end.
final class WarpedFrontEnd: @unchecked Sendable {  // one thread at a time, like the decoder
    let factor: Double
    private let ps: PocketSphinxLibrary
    private let fe: OpaquePointer
    private let config: OpaquePointer
    /// Coefficients per frame (13).
    let width: Int

    init(library ps: PocketSphinxLibrary, factor: Double, featureParameters: String) throws(SpeechDecoderError) {
        self.ps = ps
        self.factor = factor
        let options = ["coach", "-warp_type", "inverse_linear", "-warp_params", String(factor)]
        var cArgs: [UnsafeMutablePointer<CChar>?] = options.map { strdup($0) }
        defer { cArgs.forEach { free($0) } }
        guard let config = ps.cmd_ln_parse_r(nil, ps.ps_args(), Int32(cArgs.count), &cArgs, 1) else {
            throw SpeechDecoderError(description: "pocketsphinx refused the warp factor \(factor)")
        }
        _ = ps.cmd_ln_parse_file_r(config, ps.ps_args(), featureParameters, 0)
        guard let fe = SpeechDecoder.buildingFilterbank({ ps.fe_init_auto_r(config) }) else {
            _ = ps.cmd_ln_free_r(config)
            throw SpeechDecoderError(description: "sphinxbase could not build a front end warped by \(factor) from \(featureParameters)")
        }
        self.config = config
        self.fe = fe
        width = Int(ps.fe_get_output_size(fe))
    }

    deinit {
        _ = ps.fe_free(fe)
        _ = ps.cmd_ln_free_r(config)
    }

    /// The cepstra of a whole utterance, as pocketsphinx computes them from raw audio given whole
    /// (its acmod_process_full_raw: the frames its VAD keeps, then the last partial frame).
    func cepstra(of samples: [Int16]) -> Cepstra {
        _ = ps.fe_start_utt(fe)
        var cepstra = Cepstra(width: width)
        samples.withUnsafeBufferPointer { audio in
            var left = audio.count
            var most: Int32 = 0
            _ = ps.fe_process_frames(fe, nil, &left, nil, &most, nil)  // how many frames at most
            cepstra.values = [Float](repeating: 0, count: (Int(most) + 1) * width)
            var next = audio.baseAddress
            var made = most
            cepstra.withRows(all: Int(most) + 1) { rows, _ in
                _ = ps.fe_process_frames(fe, &next, &left, rows, &made, nil)
                var tail: Int32 = 0
                _ = ps.fe_end_utt(fe, rows[Int(made)], &tail)
                made += tail
            }
            cepstra.count = Int(made)
        }
        return cepstra
    }

    /// Starts an utterance fed in pieces (SpeechDecoder.Stream).
    func begin() { _ = ps.fe_start_utt(fe) }

    /// The frames a piece of an utterance completes.
    func cepstra(ofMore samples: [Int16]) -> Cepstra {
        var cepstra = Cepstra(width: width)
        samples.withUnsafeBufferPointer { audio in
            var left = audio.count
            var most: Int32 = 0
            _ = ps.fe_process_frames(fe, nil, &left, nil, &most, nil)
            guard most > 0 else {  // too short for a frame: kept for the next piece
                var next = audio.baseAddress, none: Int32 = 0
                var dummy: Float = 0
                withUnsafeMutablePointer(to: &dummy) { d in
                    var row: UnsafeMutablePointer<Float>? = d
                    _ = ps.fe_process_frames(fe, &next, &left, &row, &none, nil)
                }
                return
            }
            cepstra.values = [Float](repeating: 0, count: Int(most) * width)
            var next = audio.baseAddress
            var made = most
            cepstra.withRows(all: Int(most)) { rows, _ in _ = ps.fe_process_frames(fe, &next, &left, rows, &made, nil) }
            cepstra.count = Int(made)
        }
        return cepstra
    }

    /// The last partial frame of an utterance fed in pieces (none or one).
    func end() -> Cepstra {
        var cepstra = Cepstra(width: width)
        cepstra.values = [Float](repeating: 0, count: width)
        var tail: Int32 = 0
        cepstra.withRows(all: 1) { rows, _ in _ = ps.fe_end_utt(fe, rows[0], &tail) }
        cepstra.count = Int(tail)
        return cepstra
    }
}

/// Frames of cepstral coefficients, row after row.
struct Cepstra {
    let width: Int
    var values: [Float] = []
    var count = 0

    /// Calls `body` with pocketsphinx's view (an array of row pointers) of the first `all` rows
    /// (default: the frames made).
    mutating func withRows(all: Int? = nil, _ body: (UnsafeMutablePointer<UnsafeMutablePointer<Float>?>, Int) -> Void) {
        let n = all ?? count
        let width = width
        values.withUnsafeMutableBufferPointer { v in
            var rows: [UnsafeMutablePointer<Float>?] = (0..<max(n, 1)).map { i in v.baseAddress.map { $0 + i * width } }
            rows.withUnsafeMutableBufferPointer { body($0.baseAddress!, n) }
        }
    }
}
