// AlsaLibrary: libasound.so.2 (Debian 12: libasound2) resolved at run time; the simple PCM calls
// for 16-bit interleaved capture (the microphone) and playback (speech). PipeWire and PulseAudio
// serve ALSA clients through the "default" device.

import CoachNative

public struct AlsaLibrary: Sendable {
    static let streamPlayback: Int32 = 0
    static let streamCapture: Int32 = 1
    static let formatS16LE: Int32 = 2
    static let accessRWInterleaved: Int32 = 3

    let snd_pcm_open: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, Int32, Int32) -> Int32
    let snd_pcm_set_params: @convention(c) (OpaquePointer?, Int32, Int32, UInt32, UInt32, Int32, UInt32) -> Int32
    let snd_pcm_readi: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UInt) -> Int
    let snd_pcm_writei: @convention(c) (OpaquePointer?, UnsafeRawPointer?, UInt) -> Int
    let snd_pcm_recover: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    let snd_pcm_drain: @convention(c) (OpaquePointer?) -> Int32
    let snd_pcm_drop: @convention(c) (OpaquePointer?) -> Int32
    let snd_pcm_close: @convention(c) (OpaquePointer?) -> Int32
    let snd_strerror: @convention(c) (Int32) -> UnsafePointer<CChar>?

    public static let packages = ["libasound2"]

    /// libasound's error hook (`snd_lib_error_handler_t`). The real type is variadic; a handler
    /// that reads none of the variadic arguments may be declared without them (SysV x86-64 and
    /// AAPCS64 on Linux pass them where a fixed-argument callee ignores them).
    typealias ErrorHandler = @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?) -> Void

    /// libasound prints its configuration errors itself ("ALSA lib confmisc.c:855:(parse_card)
    /// cannot find card '0'", eight lines on a machine without a sound card); Coach's own message
    /// says what matters and what to do, so the library's are silenced.
    static let quiet: ErrorHandler = { _, _, _, _, _ in }

    public static func load() throws(NativeLibraryError) -> AlsaLibrary {
        let lib = try NativeLibrary.open(name: "alsa", soname: "libasound.so.2", package: "libasound2")
        if let setHandler = try? lib.symbol("snd_lib_error_set_handler", as: (@convention(c) (ErrorHandler?) -> Int32).self) {
            _ = setHandler(quiet)
        }
        return AlsaLibrary(
            snd_pcm_open: try lib.symbol("snd_pcm_open", as: (@convention(c) (UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?, Int32, Int32) -> Int32).self),
            snd_pcm_set_params: try lib.symbol("snd_pcm_set_params", as: (@convention(c) (OpaquePointer?, Int32, Int32, UInt32, UInt32, Int32, UInt32) -> Int32).self),
            snd_pcm_readi: try lib.symbol("snd_pcm_readi", as: (@convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UInt) -> Int).self),
            snd_pcm_writei: try lib.symbol("snd_pcm_writei", as: (@convention(c) (OpaquePointer?, UnsafeRawPointer?, UInt) -> Int).self),
            snd_pcm_recover: try lib.symbol("snd_pcm_recover", as: (@convention(c) (OpaquePointer?, Int32, Int32) -> Int32).self),
            snd_pcm_drain: try lib.symbol("snd_pcm_drain", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            snd_pcm_drop: try lib.symbol("snd_pcm_drop", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            snd_pcm_close: try lib.symbol("snd_pcm_close", as: (@convention(c) (OpaquePointer?) -> Int32).self),
            snd_strerror: try lib.symbol("snd_strerror", as: (@convention(c) (Int32) -> UnsafePointer<CChar>?).self)
        )
    }

    func message(_ code: Int32) -> String { snd_strerror(code).map { String(cString: $0) } ?? "error \(code)" }
}

/// One open ALSA PCM (16-bit mono interleaved at `rate`), capture or playback.
public final class AlsaPCM: @unchecked Sendable {  // used from one thread at a time
    let alsa: AlsaLibrary
    let handle: OpaquePointer

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    public init(alsa: AlsaLibrary, device: String, capture: Bool, rate: Int) throws(Failure) {
        self.alsa = alsa
        var pcm: OpaquePointer?
        let stream = capture ? AlsaLibrary.streamCapture : AlsaLibrary.streamPlayback
        let rc = alsa.snd_pcm_open(&pcm, device, stream, 0)
        guard rc >= 0, let pcm else {
            let hint = capture
                ? "name another microphone with --device (arecord -L lists them), or give audio with --input FILE.wav"
                : "name another device with voice.output_device in the settings file (aplay -L lists them), or write the speech to a file with --speak-to"
            throw Failure(description: "cannot open ALSA device '\(device)' for \(capture ? "capture" : "playback"): \(alsa.message(rc)); \(hint)")
        }
        let set = alsa.snd_pcm_set_params(pcm, AlsaLibrary.formatS16LE, AlsaLibrary.accessRWInterleaved, 1, UInt32(rate), 1, 100_000)
        guard set >= 0 else {
            _ = alsa.snd_pcm_close(pcm)
            throw Failure(description: "ALSA device '\(device)' refuses 16-bit mono at \(rate) Hz: \(alsa.message(set))")
        }
        handle = pcm
    }

    /// Reads up to `count` samples; nil at a hard error.
    public func read(_ count: Int) -> [Int16]? {
        var buffer = [Int16](repeating: 0, count: count)
        while true {
            let n = buffer.withUnsafeMutableBytes { alsa.snd_pcm_readi(handle, $0.baseAddress, UInt(count)) }
            if n >= 0 { return Array(buffer.prefix(n)) }
            if alsa.snd_pcm_recover(handle, Int32(truncatingIfNeeded: n), 1) < 0 { return nil }
        }
    }

    /// Writes samples; returns false when playback failed (or was dropped by `stop`).
    @discardableResult
    public func write(_ samples: ArraySlice<Int16>) -> Bool {
        var rest = samples
        while !rest.isEmpty {
            let n = rest.withUnsafeBytes { alsa.snd_pcm_writei(handle, $0.baseAddress, UInt(rest.count)) }
            if n < 0 {
                if alsa.snd_pcm_recover(handle, Int32(truncatingIfNeeded: n), 1) < 0 { return false }
                continue
            }
            rest = rest.dropFirst(n)
        }
        return true
    }

    public func drain() { _ = alsa.snd_pcm_drain(handle) }
    public func stop() { _ = alsa.snd_pcm_drop(handle) }
    deinit { _ = alsa.snd_pcm_close(handle) }
}
