// The doctor's line for RNNoise, the neural noise front end (`coach voice install` takes librnnoise.so
// out of the pinned pyrnnoise wheel): installed and intact, or what to run. Optional: without it
// speexdsp's front end (or none) listens as before; with it, hama's VAD hears RNNoise's output by default.

import CoachVoice

extension DoctorCommand {
    static func rnnoiseRequirement() -> Requirement {
        guard let package = ModelPackage.rnnoise() else {
            return Requirement(what: "neural noise front end (RNNoise): none for this architecture", packages: [], present: false,
                               optional: true, advice: "coach listen uses speexdsp's front end")
        }
        let directory = VoiceModels.directory(of: package)
        let installed = VoiceModels.inspect(package, in: directory, check: .digests)
        let fallback = "coach listen hears music and other noise better with it (the default when installed; docs/voice.md)"
        return Requirement(
            what: "neural noise front end: RNNoise (\(package.name) \(package.version)) in \(directory)"
                + (installed == nil ? "" : installed!.isUsable ? "" : " (damaged)"),
            packages: [], present: installed?.isUsable == true, optional: true,
            advice: installed?.problem.map { "\($0); \(fallback)" }
                ?? "not installed: run `\(VoiceModels.installCommand)` (downloads \(package.wheel) from PyPI once); \(fallback)")
    }
}
