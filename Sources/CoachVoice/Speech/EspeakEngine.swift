// EspeakEngine: English (and fallback Japanese) speech with libespeak-ng in-process. espeak-ng is
// one global synthesiser per process, so every call of every engine goes through one lock (static:
// a Speaker's engine and another's, or a test's, share the library), and the voice set is the
// process's; samples arrive through a C callback that cannot capture, hence the collector behind
// the same lock.

import CoachNative
import Foundation

public final class EspeakEngine: @unchecked Sendable {  // all state behind `lock`
    private let lib: EspeakLibrary
    private let lock = EspeakEngine.sharedLock
    public let rate: Int
    private static let sharedLock = NSLock()
    /// The voice espeak-ng has now (only touched with the lock held).
    nonisolated(unsafe) private static var currentVoice: String?
    private var voice: String? {
        get { Self.currentVoice }
        set { Self.currentVoice = newValue }
    }

    /// Samples of the synthesis in progress (only touched with `lock` held).
    nonisolated(unsafe) private static var collected: [Int16] = []
    nonisolated(unsafe) private static var cancelled = false

    public init(library: EspeakLibrary) throws(AudioFormatError) {
        lib = library
        Self.sharedLock.lock()
        defer { Self.sharedLock.unlock() }
        let r = lib.espeak_Initialize(2, 0, nil, 0)  // AUDIO_OUTPUT_SYNCHRONOUS
        Self.currentVoice = nil  // initialising again resets it
        guard r > 0 else {
            throw AudioFormatError("espeak-ng could not start (espeak_Initialize returned \(r)): reinstall espeak-ng-data")
        }
        rate = Int(r)
        lib.espeak_SetSynthCallback { wav, count, _ in
            if let wav, count > 0 { EspeakEngine.collected.append(contentsOf: UnsafeBufferPointer(start: wav, count: Int(count))) }
            return EspeakEngine.cancelled ? 1 : 0
        }
    }

    /// Speech for `text` in espeak-ng voice `voice` ("en-us", "ja", …) at `wordsPerMinute`.
    public func synthesize(_ text: String, voice: String, wordsPerMinute: Int = 175) throws(AudioFormatError) -> PCMAudio {
        lock.lock()
        defer { lock.unlock() }
        if self.voice != voice {
            guard lib.espeak_SetVoiceByName(voice) == 0 else { throw AudioFormatError("espeak-ng has no voice '\(voice)'") }
            self.voice = voice
        }
        _ = lib.espeak_SetParameter(1, Int32(wordsPerMinute), 0)  // espeakRATE
        Self.collected = []
        Self.cancelled = false
        let bytes = Array(text.utf8) + [0]
        let rc = bytes.withUnsafeBytes { lib.espeak_Synth($0.baseAddress, bytes.count, 0, 1, 0, 1, nil, nil) }  // POS_CHARACTER, espeakCHARS_UTF8
        guard rc == 0 else { throw AudioFormatError("espeak-ng could not synthesise the text (error \(rc))") }
        let samples = Self.collected
        Self.collected = []
        return PCMAudio(samples: samples, rate: rate)
    }

    /// `text` as espeak-ng's IPA phonemes, clause by clause, each with the punctuation that ended it
    /// ("." "?" "!" "," ":" ";", or nil): what a Piper voice is trained on (PiperVoice). espeak-ng 1.51
    /// has no espeak_TextToPhonemesWithTerminator, so the punctuation is read from the text the
    /// clause took — up to where the pointer stopped, less the one character espeak-ng reads ahead
    /// (it keeps that one for the next clause).
    public func phonemeClauses(_ text: String, voice: String) throws(AudioFormatError) -> [(phonemes: String, terminator: Character?)] {
        lock.lock()
        defer { lock.unlock() }
        if self.voice != voice {
            guard lib.espeak_SetVoiceByName(voice) == 0 else { throw AudioFormatError("espeak-ng has no voice '\(voice)'") }
            self.voice = voice
        }
        let bytes = Array(text.utf8) + [0]
        return bytes.withUnsafeBytes { buffer in
            let base = buffer.baseAddress!
            var pointer: UnsafeRawPointer? = base
            var start = 0
            var clauses: [(phonemes: String, terminator: Character?)] = []
            while pointer != nil {
                let phonemes = lib.espeak_TextToPhonemes(&pointer, 1, 0x02)  // espeakCHARS_UTF8, espeakPHONEMES_IPA
                var end = pointer.map { $0 - base } ?? bytes.count - 1
                if pointer != nil {
                    end -= 1
                    while end > start, bytes[end] & 0xC0 == 0x80 { end -= 1 }  // back over a whole UTF-8 character
                }
                let taken = String(decoding: bytes[start..<max(start, end)], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                let terminator = taken.last.flatMap { ".?!,:;".contains($0) ? $0 : nil }
                clauses.append((phonemes.map { String(cString: $0) } ?? "", terminator))
                start = max(start, end)
            }
            return clauses
        }
    }
}
