// EspeakLibrary: libespeak-ng.so.1 (Debian 12: libespeak-ng1, data in espeak-ng-data) resolved at
// run time; the classic speak_lib API in synchronous mode (samples come back through a callback).

import CoachNative

public struct EspeakLibrary: Sendable {
    /// `int cb(short *wav, int numsamples, espeak_EVENT *events)`; return 0 to go on, 1 to stop.
    public typealias SynthCallback = @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutableRawPointer?) -> Int32

    let espeak_Initialize: @convention(c) (Int32, Int32, UnsafePointer<CChar>?, Int32) -> Int32
    let espeak_SetVoiceByName: @convention(c) (UnsafePointer<CChar>?) -> Int32
    let espeak_SetSynthCallback: @convention(c) (SynthCallback?) -> Void
    let espeak_SetParameter: @convention(c) (Int32, Int32, Int32) -> Int32
    let espeak_Synth: @convention(c) (UnsafeRawPointer?, Int, UInt32, Int32, UInt32, UInt32, UnsafeMutablePointer<UInt32>?, UnsafeMutableRawPointer?) -> Int32
    /// `const char *espeak_TextToPhonemes(const void **textptr, int textmode, int phonememode)`: one
    /// clause's phonemes; `*textptr` moves past it (NULL at the end).
    let espeak_TextToPhonemes: @convention(c) (UnsafeMutablePointer<UnsafeRawPointer?>?, Int32, Int32) -> UnsafePointer<CChar>?

    public static let packages = ["libespeak-ng1"]

    public static func load() throws(NativeLibraryError) -> EspeakLibrary {
        let lib = try NativeLibrary.open(name: "espeak-ng", soname: "libespeak-ng.so.1", package: "libespeak-ng1")
        return EspeakLibrary(
            espeak_Initialize: try lib.symbol("espeak_Initialize", as: (@convention(c) (Int32, Int32, UnsafePointer<CChar>?, Int32) -> Int32).self),
            espeak_SetVoiceByName: try lib.symbol("espeak_SetVoiceByName", as: (@convention(c) (UnsafePointer<CChar>?) -> Int32).self),
            espeak_SetSynthCallback: try lib.symbol("espeak_SetSynthCallback", as: (@convention(c) (SynthCallback?) -> Void).self),
            espeak_SetParameter: try lib.symbol("espeak_SetParameter", as: (@convention(c) (Int32, Int32, Int32) -> Int32).self),
            espeak_Synth: try lib.symbol("espeak_Synth", as: (@convention(c) (UnsafeRawPointer?, Int, UInt32, Int32, UInt32, UInt32, UnsafeMutablePointer<UInt32>?, UnsafeMutableRawPointer?) -> Int32).self),
            espeak_TextToPhonemes: try lib.symbol("espeak_TextToPhonemes", as: (@convention(c) (UnsafeMutablePointer<UnsafeRawPointer?>?, Int32, Int32) -> UnsafePointer<CChar>?).self)
        )
    }
}
