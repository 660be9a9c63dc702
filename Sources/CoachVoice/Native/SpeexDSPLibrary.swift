// SpeexDSPLibrary: libspeexdsp.so.1 (Debian 12: libspeexdsp1) resolved at run time: the
// preprocessor (noise suppression, automatic gain, dereverberation), which SpeechFrontEnd runs on
// the microphone's frames before the VAD and the decoder, and the acoustic echo canceller, which
// EchoCanceller runs to take Coach's own reply out of an utterance (#29). Debian builds it in
// floating point, so the AGC works (a fixed-point build ignores it). Signatures and request
// numbers from speex/speex_preprocess.h and speex/speex_echo.h (speexdsp 1.2).

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
        case setEchoState = 24  // SpeexEchoState*
        case setEchoSuppress = 26  // int32, dB (negative)
        case setEchoSuppressActive = 28  // int32, dB (negative)
    }

    /// `speex_echo_ctl` requests (speex_echo.h).
    enum EchoRequest: Int32 {
        case setSamplingRate = 24  // int32
    }

    let speex_preprocess_state_init: @convention(c) (Int32, Int32) -> OpaquePointer?
    let speex_preprocess_ctl: @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Int32
    let speex_preprocess_run: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int16>?) -> Int32
    let speex_preprocess_state_destroy: @convention(c) (OpaquePointer?) -> Void
    /// (frame_size, filter_length), both in samples.
    let speex_echo_state_init: @convention(c) (Int32, Int32) -> OpaquePointer?
    /// (state, recorded, played, out): one frame each.
    let speex_echo_cancellation: @convention(c) (OpaquePointer?, UnsafePointer<Int16>?, UnsafePointer<Int16>?, UnsafeMutablePointer<Int16>?) -> Void
    let speex_echo_ctl: @convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Int32
    let speex_echo_state_destroy: @convention(c) (OpaquePointer?) -> Void

    public static let soname = "libspeexdsp.so.1"
    public static let package = "libspeexdsp1"

    public static func load() throws(NativeLibraryError) -> SpeexDSPLibrary {
        let lib = try NativeLibrary.open(name: "speexdsp", soname: soname, package: package)
        return SpeexDSPLibrary(
            speex_preprocess_state_init: try lib.symbol("speex_preprocess_state_init", as: (@convention(c) (Int32, Int32) -> OpaquePointer?).self),
            speex_preprocess_ctl: try lib.symbol("speex_preprocess_ctl", as: (@convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Int32).self),
            speex_preprocess_run: try lib.symbol("speex_preprocess_run", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Int16>?) -> Int32).self),
            speex_preprocess_state_destroy: try lib.symbol("speex_preprocess_state_destroy", as: (@convention(c) (OpaquePointer?) -> Void).self),
            speex_echo_state_init: try lib.symbol("speex_echo_state_init", as: (@convention(c) (Int32, Int32) -> OpaquePointer?).self),
            speex_echo_cancellation: try lib.symbol("speex_echo_cancellation",
                                                    as: (@convention(c) (OpaquePointer?, UnsafePointer<Int16>?, UnsafePointer<Int16>?, UnsafeMutablePointer<Int16>?) -> Void).self),
            speex_echo_ctl: try lib.symbol("speex_echo_ctl", as: (@convention(c) (OpaquePointer?, Int32, UnsafeMutableRawPointer?) -> Int32).self),
            speex_echo_state_destroy: try lib.symbol("speex_echo_state_destroy", as: (@convention(c) (OpaquePointer?) -> Void).self)
        )
    }

    /// Sets an integer (int32) parameter; false when the library refused the request.
    func setInt(_ state: OpaquePointer, _ request: Request, _ value: Int32) -> Bool {
        var v = value
        return speex_preprocess_ctl(state, request.rawValue, &v) == 0
    }

    /// Points the preprocessor at an echo canceller's state (its residual echo suppression).
    func setEchoState(_ state: OpaquePointer, _ echo: OpaquePointer) -> Bool {
        speex_preprocess_ctl(state, Request.setEchoState.rawValue, UnsafeMutableRawPointer(echo)) == 0
    }

    /// Sets an integer parameter of an echo canceller.
    func setEchoInt(_ echo: OpaquePointer, _ request: EchoRequest, _ value: Int32) -> Bool {
        var v = value
        return speex_echo_ctl(echo, request.rawValue, &v) == 0
    }

    /// Sets a float parameter.
    func setFloat(_ state: OpaquePointer, _ request: Request, _ value: Float) -> Bool {
        var v = value
        return speex_preprocess_ctl(state, request.rawValue, &v) == 0
    }
}
