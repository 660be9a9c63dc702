// Where installed voice models live and whether one is there and intact. The models root is
// $COACH_VOICE_MODELS when set (the tests point it into the checkout), else
// $XDG_DATA_HOME/coach/models (~/.local/share/coach/models); each model has a directory named after
// its pinned package (`hama-1.7.0/`) holding exactly the files taken from the wheel and a manifest.
// An engine asks `VoiceModels.hama()` for its files and falls back when the answer has a problem.

import CoachWire
import Foundation

/// How thoroughly an installed model is checked.
public enum ModelCheck: Sendable {
    /// Every file present with its pinned size and the manifest naming the pinned version: a stat
    /// per file, for a start-up that must be quick.
    case sizes
    /// Also every file's sha256 against the pinned one (`coach voice status`, `coach doctor`, a
    /// start-up that can afford ~6 MB of hashing).
    case digests
}

/// A model directory as found: its files' paths, and what is wrong with it when anything is.
public struct InstalledModel: Sendable, Hashable {
    public let package: ModelPackage
    public let directory: String
    /// Nil when the model is complete and matches the pinned package; otherwise one sentence saying
    /// what is missing or damaged and what to run.
    public let problem: String?

    public var isUsable: Bool { problem == nil }

    /// The path of one of the package's files in the directory.
    public func path(of file: String) -> String { directory + "/" + file }
}

extension InstalledModel {
    /// hama's C library (`hama_asr_load/run/num_frames/free`), for dlopen.
    public var libraryPath: String { path(of: "libhama.so") }
    /// hama's waveform → phoneme CTC model (`asr_waveform.hama`), read whole and passed to `hama_asr_load`.
    public var modelPath: String { path(of: "asr_waveform.hama") }
    /// hama's token table (`g2p_vocab.json`).
    public var vocabularyPath: String { path(of: "g2p_vocab.json") }
}

public enum VoiceModels {
    /// Names a directory that holds model directories (`$COACH_VOICE_MODELS/hama-1.7.0/`).
    public static let environmentVariable = "COACH_VOICE_MODELS"

    /// What to run to get a model that is missing or damaged.
    public static let installCommand = "coach voice install"

    /// The folder that holds the model directories.
    public static func root(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let models = environment[environmentVariable], !models.isEmpty {
            return models.hasPrefix("/") ? models : FileManager.default.currentDirectoryPath + "/" + models
        }
        return XDGDirectories.dataHome(environment: environment) + "/coach/models"
    }

    /// Where `package` is (or would be) installed.
    public static func directory(of package: ModelPackage, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        root(environment: environment) + "/" + package.directoryName
    }

    /// The hama model for this machine: nil when it is not installed (no directory, or no Linux
    /// library for this architecture); otherwise its paths, with `problem` set when a file is
    /// missing or does not match the pinned package.
    public static func hama(environment: [String: String] = ProcessInfo.processInfo.environment,
                            check: ModelCheck = .digests) -> InstalledModel? {
        guard let package = ModelPackage.hama() else { return nil }
        return inspect(package, in: directory(of: package, environment: environment), check: check)
    }

    /// Looks at one model directory: nil when it does not exist.
    public static func inspect(_ package: ModelPackage, in directory: String, check: ModelCheck) -> InstalledModel? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else { return nil }
        let problem = isDirectory.boolValue
            ? findProblem(package, in: directory, check: check)
            : "\(directory) is not a directory"
        let advice = problem.map { "\($0); run `\(installCommand) --force` to install it again" }
        return InstalledModel(package: package, directory: directory, problem: advice)
    }

    /// The first thing wrong with an installed model, nil when nothing is.
    static func findProblem(_ package: ModelPackage, in directory: String, check: ModelCheck) -> String? {
        let manifestPath = directory + "/" + ModelManifest.fileName
        guard let text = try? String(contentsOfFile: manifestPath, encoding: .utf8) else {
            return "\(manifestPath) is missing (an unfinished install?)"
        }
        let manifest: ModelManifest
        switch ModelManifest.parse(text) {
        case .success(let parsed): manifest = parsed
        case .failure(let failure): return "\(manifestPath) \(failure.reason)"
        }
        guard manifest.package == package.name, manifest.version == package.version else {
            return "\(manifestPath) names \(manifest.package) \(manifest.version), not \(package.name) \(package.version)"
        }
        for file in package.files {
            let path = directory + "/" + file.name
            guard let listed = manifest.files.first(where: { $0.name == file.name }), listed.sha256 == file.sha256,
                  listed.size == file.size else {
                return "\(manifestPath) does not list \(file.name) as \(package.name) \(package.version) has it"
            }
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int else {
                return "\(path) is missing"
            }
            guard size == file.size else { return "\(path) has \(size) bytes, not \(file.size)" }
            if check == .digests {
                guard let digest = sha256(ofFile: path) else { return "\(path) cannot be read" }
                guard digest == file.sha256 else { return "\(path) is damaged (sha256 \(digest), not \(file.sha256))" }
            }
        }
        return nil
    }

    /// A file's sha256 as hex; nil when it cannot be read. Mapped, not copied.
    public static func sha256(ofFile path: String) -> String? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped) else { return nil }
        return SHA256.hex(data.withUnsafeBytes { SHA256.hash($0) })
    }
}
