// SpeechDecoder: one pocketsphinx decoder with Coach's grammar loaded (grammar search), decoding
// one utterance at a time: whole (`decode`: batch CMN, as the model's feat.params asks; voice.md
// §7) or fed while it is spoken (SpeechDecoder+Streaming.swift).

import CoachNative
import Foundation

public struct SpeechDecoderError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

public final class SpeechDecoder: @unchecked Sendable {  // one thread at a time (the decoder is not thread-safe)
    public struct Result: Sendable {
        /// The words heard (nil: nothing in the grammar matched).
        public let hypothesis: String?
        public let score: Int32
        /// Acoustic score per frame of the best path (higher is a better fit).
        public let acousticPerFrame: Double
        public let frames: Int
        /// CPU time the decoding took (this thread): on a shared machine wall time says little.
        public let seconds: Double
        /// The phoneme engine's margin: how far below the free phone loop the grammar's path
        /// scored, per frame of speech (PhonemeDecoder; nil from pocketsphinx).
        public var margin: Double? = nil
        /// Julius's confidence (cmscore) of its least sure word (JuliusDecoder; nil elsewhere).
        public var confidence: Double? = nil
        /// The phoneme engine's: every way the grammar may go on after the words heard (nil: too
        /// many to judge, or another engine). VoiceRecognizer+Ahead ends on it.
        public var continuations: [[String]]? = nil
    }

    public static let defaultModelDirectory = "/usr/share/pocketsphinx/model/en-us"

    let ps: PocketSphinxLibrary
    let decoder: OpaquePointer
    let config: OpaquePointer
    /// The directory holding the generated dictionary and grammar, removed with the decoder.
    let scratch: String?
    /// The dictionary's alternate pronunciations, written into every grammar given to the decoder
    /// (FSGAlternatePronunciations: pocketsphinx's own way is 40 % of the start).
    let alternates: [String: [String]]
    /// Peak of the hiss added before decoding (NoiseFloor); 0 for none.
    public var noiseFloor: Int32 = NoiseFloor.amplitude
    /// The feat.params the decoder read: WarpedFrontEnd builds its filterbanks from the same.
    let featureParametersFile: String

    /// Builds a decoder for `grammar` (an FSG file's text) with the pronunciations in `dictionary` (cmudict text).
    public convenience init(library ps: PocketSphinxLibrary, grammar: String, dictionary: String,
                            modelDirectory: String = SpeechDecoder.defaultModelDirectory, extraOptions: [String] = []) throws(SpeechDecoderError) {
        let dir = (NSTemporaryDirectory() as NSString).appendingPathComponent("coach-voice-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let dictionaryFile = dir + "/coach.dict"
        let grammarFile = dir + "/coach.fsg"
        let alternates = FSGAlternatePronunciations.alternates(inDictionary: dictionary)
        let expanded = FSGAlternatePronunciations.expanded(grammar, alternates: alternates)
        guard FileManager.default.createFile(atPath: dictionaryFile, contents: Data(dictionary.utf8)),
              FileManager.default.createFile(atPath: grammarFile, contents: Data(expanded.utf8)) else {
            throw SpeechDecoderError(description: "cannot write the pronunciation dictionary and grammar to \(dir)")
        }
        try self.init(library: ps, modelDirectory: modelDirectory,
                      search: ["-dict", dictionaryFile, "-fsg", grammarFile, "-fsgusealtpron", "no"],
                      alternates: alternates, extraOptions: extraOptions, scratch: dir)
    }

    /// A decoder with the model's general English trigram model and whole dictionary: no grammar,
    /// so it hears what was said as well as it can (WakeSecondOpinion's second decode).
    public convenience init(freeFormWith ps: PocketSphinxLibrary, modelDirectory: String = SpeechDecoder.defaultModelDirectory) throws(SpeechDecoderError) {
        let lm = modelDirectory + "/en-us.lm.bin", dict = modelDirectory + "/cmudict-en-us.dict"
        guard FileManager.default.fileExists(atPath: lm), FileManager.default.fileExists(atPath: dict) else {
            throw SpeechDecoderError(description: "no general English model in \(modelDirectory): install it with sudo apt-get install pocketsphinx-en-us")
        }
        try self.init(library: ps, modelDirectory: modelDirectory, search: ["-dict", dict, "-lm", lm], alternates: [:], extraOptions: [],
                      scratch: nil)
    }

    private init(library ps: PocketSphinxLibrary, modelDirectory: String, search: [String], alternates: [String: [String]],
                 extraOptions: [String], scratch: String?) throws(SpeechDecoderError) {
        self.ps = ps
        self.alternates = alternates
        self.scratch = scratch
        let hmm = modelDirectory + "/en-us"
        guard FileManager.default.fileExists(atPath: hmm + "/mdef") else {
            throw SpeechDecoderError(description: "no English acoustic model in \(hmm): install it with sudo apt-get install pocketsphinx-en-us")
        }
        let featureParameters = Self.featureParameters(model: hmm, scratch: scratch)
        featureParametersFile = featureParameters.last ?? hmm + "/feat.params"
        let options = ["coach", "-hmm", hmm] + search + featureParameters
            + ["-logfn", ProcessInfo.processInfo.environment["COACH_VOICE_PSLOG"] ?? "/dev/null"] + extraOptions  // its log, to look into
        var cArgs: [UnsafeMutablePointer<CChar>?] = options.map { strdup($0) }
        defer { cArgs.forEach { free($0) } }
        guard let config = ps.cmd_ln_parse_r(nil, ps.ps_args(), Int32(cArgs.count), &cArgs, 1) else {
            if let scratch { try? FileManager.default.removeItem(atPath: scratch) }
            throw SpeechDecoderError(description: "pocketsphinx refused its options \(options.dropFirst().joined(separator: " "))")
        }
        guard let decoder = Self.buildingFilterbank({ ps.ps_init(config) }) else {
            _ = ps.cmd_ln_free_r(config)
            if let scratch { try? FileManager.default.removeItem(atPath: scratch) }
            throw SpeechDecoderError(description: "pocketsphinx could not start with the model in \(hmm) and the generated grammar (see coach listen --print-grammar)")
        }
        self.config = config
        self.decoder = decoder
    }

    deinit {
        _ = ps.ps_free(decoder)
        _ = ps.cmd_ln_free_r(config)
        if let scratch { try? FileManager.default.removeItem(atPath: scratch) }
    }

    /// CPU time of the calling thread (s).
    public static func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Decodes one utterance of 16 kHz mono samples.
    public func decode(_ samples: [Int16]) -> Result {
        let started = Self.cpuSeconds()
        _ = ps.ps_start_utt(decoder)
        heard(samples).withUnsafeBufferPointer { _ = ps.ps_process_raw(decoder, $0.baseAddress, $0.count, 0, 1) }
        _ = ps.ps_end_utt(decoder)
        return result(since: started)
    }

    /// A whole utterance as the decoder hears it: brought to a working level, with the hiss.
    func heard(_ samples: [Int16]) -> [Int16] {
        let level = SpeechLevel.raised(samples)
        return noiseFloor > 0 ? NoiseFloor.added(to: level, amplitude: noiseFloor) : level
    }

    /// The ended utterance's hypothesis and scores; CPU time counted from `started`.
    func result(since started: Double) -> Result {
        var score: Int32 = 0
        let hyp = ps.ps_get_hyp(decoder, &score).map { String(cString: $0) }
        let frames = Int(ps.ps_get_n_frames(decoder))
        var acoustic: Int64 = 0
        var seg = ps.ps_seg_iter(decoder)
        while let s = seg {
            var ascr: Int32 = 0, lscr: Int32 = 0, lback: Int32 = 0
            _ = ps.ps_seg_prob(s, &ascr, &lscr, &lback)
            acoustic += Int64(ascr)
            seg = ps.ps_seg_next(s)
        }
        let seconds = Self.cpuSeconds() - started
        let text = hyp.flatMap { $0.isEmpty ? nil : $0 }
        return Result(hypothesis: text, score: score, acousticPerFrame: frames > 0 ? Double(acoustic) / Double(frames) : 0,
                      frames: frames, seconds: seconds)
    }
}
