// `coach listen`'s noise front ends end to end: the flag and the voice.front_end setting turn speexdsp
// on and off (named by --verbose), RNNoise is auto's choice with hama when installed, without a library
// listening goes on and says what to install, and `coach doctor` lists the library and what it
// adds. One short WAV, no speech: the decoder has nothing to do, so these cost the grammar's build
// only (cached beside the voice tests').

import CoachVoice
import Foundation
import Testing

@Suite struct FrontEndListenTests {
    /// One second of faint hiss, and the environment the voice tests share their grammar cache in.
    static func setUp() throws -> (home: ScratchHome, wav: String, env: [String: String]) {
        let home = try ScratchHome()
        let hiss = (0..<16_000).map { Int16(($0 * 7_919) % 201 - 100) }
        let wav = home.root.appendingPathComponent("hiss.wav").path
        try #require(FileManager.default.createFile(atPath: wav, contents: Data(WAV.encode(PCMAudio(samples: hiss, rate: 16_000)))))
        var env = home.environment
        env["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "coach-voice-test-cache"
        return (home, wav, env)
    }

    static func listen(_ extra: [String], _ s: (home: ScratchHome, wav: String, env: [String: String]),
                       libs: String? = nil) async throws -> ProcessResult {
        let coach = try #require(CoachBinary.path())
        var env = s.env
        if let libs { env["COACH_NATIVE_LIBS"] = libs }
        let r = try await runProcess(coach, ["listen", "--input", s.wav, "--no-act", "--json", "--verbose"] + extra, environment: env)
        try #require(r.status == 0, "coach listen exited \(r.status): \(r.stderr)")
        return r
    }

    @Test func theSettingAndTheFlagTurnItOnAndOff() async throws {
        let s = try Self.setUp()
        // A file is taken as it comes unless asked (pocketsphinx: hama's default is RNNoise when
        // installed, below); the setting asks, the flag overrides the setting.
        #expect(try await Self.listen(["--engine", "pocketsphinx"], s).stderr.contains("front end: off"))
        try s.home.writeSettings("voice:\n  front_end: true\n")
        #expect(try await Self.listen([], s).stderr.contains("front end: speexdsp, noise down to -15 dB"))
        #expect(try await Self.listen(["--no-front-end"], s).stderr.contains("front end: off"))
        try s.home.writeSettings("voice:\n  front_end: false\n")
        #expect(try await Self.listen(["--front-end"], s).stderr.contains("front end: speexdsp"))
    }

    @Test func withoutTheLibraryListeningGoesOnAndSaysWhatToInstall() async throws {
        let s = try Self.setUp()
        let r = try await Self.listen(["--front-end"], s, libs: "pocketsphinx")
        #expect(r.stderr.contains("front end: off"), "\(r.stderr)")
        #expect(r.stderr.contains("sudo apt-get install libspeexdsp1"), "\(r.stderr)")
    }

    /// RNNoise is `auto`'s choice with hama when installed (docs/voice.md, "RNNoise"): `--front-end`
    /// stays speexdsp's, `--no-front-end` and `--denoiser off` turn it off, the setting names it too,
    /// pocketsphinx keeps what it had; not installed, listening goes on without it (a file: off).
    @Test func rnnoiseIsTheDefaultWhenInstalledAndListeningGoesOnWithoutIt() async throws {
        let s = try Self.setUp()
        try #require(VoiceModels.rnnoise(check: .digests)?.isUsable == true, "RNNoise is not installed: run scripts/setup-tests")
        try #require(VoiceModels.hama(check: .sizes)?.isUsable == true, "hama is not installed: run scripts/setup-tests")
        #expect(try await Self.listen([], s).stderr.contains("front end: rnnoise"))
        #expect(try await Self.listen(["--denoiser", "off"], s).stderr.contains("front end: off"))
        #expect(try await Self.listen(["--engine", "pocketsphinx"], s).stderr.contains("front end: off"))
        #expect(try await Self.listen(["--front-end"], s).stderr.contains("front end: speexdsp"))
        #expect(try await Self.listen(["--denoiser", "rnnoise"], s).stderr.contains("front end: rnnoise"))
        try s.home.writeSettings("voice:\n  denoiser: rnnoise\n")
        #expect(try await Self.listen([], s).stderr.contains("front end: rnnoise"))
        #expect(try await Self.listen(["--no-front-end"], s).stderr.contains("front end: off"))
        #expect(try await Self.listen(["--denoiser", "speexdsp"], s).stderr.contains("front end: speexdsp"))
        let empty = s.home.root.appendingPathComponent("no-models")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        var missing = s
        missing.env["COACH_VOICE_MODELS"] = empty.path
        try s.home.writeSettings("voice:\n  denoiser: auto\n")
        let quiet = try await Self.listen(["--engine", "pocketsphinx"], missing)
        #expect(quiet.stderr.contains("front end: off") && !quiet.stderr.contains("coach voice install"), "auto: \(quiet.stderr)")
        let r = try await Self.listen(["--engine", "pocketsphinx", "--denoiser", "rnnoise"], missing)
        #expect(r.stderr.contains("front end: off") && r.stderr.contains("coach voice install"), "\(r.stderr)")
    }

    /// `--warp F` (VTLN for a low or high voice) refuses a factor far outside what was measured.
    @Test func anImplausibleWarpIsRefused() async throws {
        let s = try Self.setUp()
        let coach = try #require(CoachBinary.path())
        let r = try await runProcess(coach, ["listen", "--input", s.wav, "--no-act", "--warp", "3"], environment: s.env)
        #expect(r.status == 64, "\(r.status) \(r.stderr)")
        #expect(r.stderr.contains("--warp"), "\(r.stderr)")
    }

    @Test func doctorListsTheFrontEnd() async throws {
        let home = try ScratchHome()
        let here = try await home.coach(["doctor"])
        #expect(here.stdout.contains("✓ noise front end: libspeexdsp.so.1  (libspeexdsp1)"), "\(here.stdout)")
        let without = try await home.coach(["doctor"], environment: ["COACH_NATIVE_LIBS": "pocketsphinx,alsa"])
        #expect(without.stdout.contains("✗ noise front end: libspeexdsp.so.1"), "\(without.stdout)")
        #expect(without.stdout.contains("limited  voice in (coach listen)"), "\(without.stdout)")
        #expect(without.stdout.contains("lowers steady noise"), "\(without.stdout)")
        let install = try #require(without.stdout.split(separator: "\n").last { $0.contains("apt-get install") })
        #expect(install.contains("libspeexdsp1"), "\(install)")
    }
}
