// PhoneticModel: hama's waveform → phoneme model, loaded once. Audio in (16 kHz mono), per 20 ms
// frame the log-probability of each of its 191 tokens out (IPA phones, a word boundary, the CTC
// blank). What the tokens mean to Coach's English phones is PhoneSet's business.

import CoachNative
import Foundation

public struct PhoneticModelError: Error, CustomStringConvertible, Sendable {
    public let description: String
}

public final class PhoneticModel: @unchecked Sendable {  // one utterance at a time (hama's handle)
    /// The model's tokens in output order: the decoder vocabulary, then `<wb>` and `<blank>`.
    public let tokens: [String]
    private let library: HamaLibrary
    private let handle: OpaquePointer

    /// `libraryPath`: libhama.so; `modelPath`: asr_waveform.hama; `vocabularyPath`: g2p_vocab.json.
    public init(libraryPath: String, modelPath: String, vocabularyPath: String) throws(PhoneticModelError) {
        let library: HamaLibrary
        do { library = try HamaLibrary.load(path: libraryPath) } catch {
            throw PhoneticModelError(description: "cannot load \(libraryPath): \(error.reason)")
        }
        guard let vocabulary = FileManager.default.contents(atPath: vocabularyPath),
              let root = try? JSONSerialization.jsonObject(with: vocabulary) as? [String: Any],
              let decoder = root["decoder"] as? [String], !decoder.isEmpty else {
            throw PhoneticModelError(description: "cannot read the model's token list \(vocabularyPath)")
        }
        tokens = decoder + ["<wb>", "<blank>"]
        guard let bytes = FileManager.default.contents(atPath: modelPath), !bytes.isEmpty else {
            throw PhoneticModelError(description: "cannot read the model \(modelPath)")
        }
        let loaded = bytes.withUnsafeBytes { raw in library.asrLoad(raw.bindMemory(to: UInt8.self).baseAddress, raw.count) }
        guard let loaded else { throw PhoneticModelError(description: "the model \(modelPath) was refused by libhama (corrupt or another version)") }
        self.library = library
        handle = loaded
    }

    deinit { library.asrFree(handle) }

    /// Per frame, every token's log-probability (frames × tokens.count, row by row).
    public struct Frames: Sendable {
        public let count: Int
        public let width: Int
        public let logProbabilities: [Float]
        public subscript(frame: Int, token: Int) -> Float { logProbabilities[frame * width + token] }
    }

    /// Runs the network over one utterance (16 kHz mono samples).
    public func frames(of samples: [Int16]) throws(PhoneticModelError) -> Frames {
        let floats = samples.map { Float($0) / 32768 }
        let capacity = Int(library.asrNumFrames(Int64(floats.count)))
        guard capacity > 0 else { return Frames(count: 0, width: tokens.count, logProbabilities: []) }
        var out = [Float](repeating: 0, count: capacity * tokens.count)
        var produced: Int64 = 0
        let status = floats.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { library.asrRun(handle, input.baseAddress, Int64(input.count), $0.baseAddress, &produced) }
        }
        guard status >= 0 else { throw PhoneticModelError(description: "libhama could not run the model (status \(status))") }
        let count = max(0, min(capacity, Int(produced)))
        if count < capacity { out.removeLast((capacity - count) * tokens.count) }
        return Frames(count: count, width: tokens.count, logProbabilities: out)
    }
}

extension PhoneticModel {
    /// The model `coach voice install` put in place (VoiceModels), or why there is none to use.
    /// Every file's sha256 is checked at start-up: libhama runs a model with flipped weights
    /// without a word (PhonemeEngineTests), and a damaged library must never be loaded.
    public static func installed(environment: [String: String] = ProcessInfo.processInfo.environment) throws(PhoneticModelError) -> PhoneticModel {
        guard let model = VoiceModels.hama(environment: environment, check: .digests) else {
            throw PhoneticModelError(description: "hama's model is not installed (in \(VoiceModels.root(environment: environment))); install it with: \(VoiceModels.installCommand)")
        }
        if let problem = model.problem { throw PhoneticModelError(description: problem) }
        return try PhoneticModel(libraryPath: model.libraryPath, modelPath: model.modelPath, vocabularyPath: model.vocabularyPath)
    }
}
