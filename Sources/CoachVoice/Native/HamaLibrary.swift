// HamaLibrary: hama's libhama.so (PyPI `hama` 1.7.0, Apache-2.0; `coach voice install` takes it out
// of the wheel) resolved at run time. Only the waveform → phoneme CTC model's four calls, with the
// signatures hama's own ctypes binding (`hama/_engine.py`) gives them. The library is statically
// linked (Zig) and needs nothing else.

import CoachNative

struct HamaLibrary: Sendable {
    /// `hama_asr_load(bytes, length) -> handle` (nil: the model's bytes were refused).
    let asrLoad: @convention(c) (UnsafePointer<UInt8>?, Int) -> OpaquePointer?
    let asrFree: @convention(c) (OpaquePointer?) -> Void
    /// Output frames for so many input samples (16 kHz in, 50 frames a second out).
    let asrNumFrames: @convention(c) (Int64) -> Int64
    /// `hama_asr_run(handle, samples, count, logProbsOut[frames × 191], framesOut) -> status` (< 0: failed).
    let asrRun: @convention(c) (OpaquePointer?, UnsafePointer<Float>?, Int64, UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Int64>?) -> Int64

    /// Loads the library at `path` (a file, not a soname: it lives in Coach's models directory).
    static func load(path: String) throws(NativeLibraryError) -> HamaLibrary {
        let lib = try NativeLibrary.open(name: "hama", soname: path, package: "hama")
        return HamaLibrary(
            asrLoad: try lib.symbol("hama_asr_load", as: (@convention(c) (UnsafePointer<UInt8>?, Int) -> OpaquePointer?).self),
            asrFree: try lib.symbol("hama_asr_free", as: (@convention(c) (OpaquePointer?) -> Void).self),
            asrNumFrames: try lib.symbol("hama_asr_num_frames", as: (@convention(c) (Int64) -> Int64).self),
            asrRun: try lib.symbol("hama_asr_run", as: (@convention(c) (OpaquePointer?, UnsafePointer<Float>?, Int64, UnsafeMutablePointer<Float>?, UnsafeMutablePointer<Int64>?) -> Int64).self))
    }
}
