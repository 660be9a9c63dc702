// SpeexDSPLibrary: libspeexdsp.so.1 (Debian 12: libspeexdsp1) resolved at run time; the
// preprocessor only (noise suppression, automatic gain, dereverberation), which SpeechFrontEnd runs
// on the microphone's frames before the VAD and the decoder. Debian builds it in floating point, so
// the AGC works (a fixed-point build ignores it). Signatures and request numbers from
// speex/speex_preprocess.h (speexdsp 1.2).

import CoachNative

public struct SpeexDSPLibrary: Sendable {
    /// `speex_preprocess_ctl` requests (speex_preprocess.h).
    enum Request: Int32 {
        case setDenoise = 0
        case setAGC = 2
        case setAGCLevel = 6  // float
        case setDereverb = 8
        case setDereverbLevel = 10  // float
        case setDereverbDecay = 12  // float
        case setNoiseSuppress = 18  // int32, dB (negative)
        case setAGCMaxGain = 30  // int32, dB
    }

    let speex_preprocess_state_init: @convention(c) (Int32, Int32) -> OpaquePointer?
    let speex_preprocess_ctl: @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Int32
    let speex_preprocess_run: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int16>?) -> Int32
    let speex_preprocess_state_destroy: @convention(c) (OpaquePointer?) -> Void

    public static let soname = "libspeexdsp.so.1"
    public static let package = "libspeexdsp1"

    public static func load() throws(NativeLibraryError) -> SpeexDSPLibrary {
        let lib = try NativeLibrary.open(name: "speexdsp", soname: soname, package: package)
        return SpeexDSPLibrary(
            speex_preprocess_state_init: try lib.symbol("speex_preprocess_state_init", as: (@convention(c) (Int32, Int32) -> OpaquePointer?).self),
            speex_preprocess_ctl: try lib.symbol("speex_preprocess_ctl", as: (@convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Int32).self),
            speex_preprocess_run: try lib.symbol("speex_preprocess_run", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Int16>?) -> Int32).self),
            speex_preprocess_state_destroy: try lib.symbol("speex_preprocess_state_destroy", as: (@convention(c) (OpaquePointer?) -> Void).self)
        )
    }

    /// Sets an integer (int32) parameter; false when the library refused the request.
    func setInt(_ state: OpaquePointer, _ request: Request, _ value: Int32) -> Bool {
        var v = value
        return speex_preprocess_ctl(state, request.rawValue, &v) == 0
    }

    /// Sets a float parameter.
    func setFloat(_ state: OpaquePointer, _ request: Request, _ value: Float) -> Bool {
        var v = value
        return speex_preprocess_ctl(state, request.rawValue, &v) == 0
    }
}
