// The installed neural voice for replies (ModelPackage.speechPackages: ONNX Runtime and the Piper
// voice, each in a model directory of its own under the models root), as the Speaker, `coach voice
// status` and `coach doctor` ask for it.

import Foundation

/// The Piper voice and its runtime as found: paths, or what is missing or damaged.
public struct InstalledSpeechVoice: Sendable, Hashable {
    public let runtime: InstalledModel?
    public let voice: InstalledModel?
    /// Nil when both are complete and match their pins; otherwise one sentence saying what to run.
    public let problem: String?

    public var isUsable: Bool { problem == nil }
    /// ONNX Runtime's C library, for dlopen.
    public var runtimeLibraryPath: String? { runtime.flatMap { r in r.package.files.first.map { r.path(of: $0.name) } } }
    public var modelPath: String? { voice?.path(of: "en_US-joe-medium.onnx") }
    public var configPath: String? { voice?.path(of: "en_US-joe-medium.onnx.json") }
}

extension VoiceModels {
    /// What installs the voice for replies.
    public static let installSpeechCommand = "coach voice install --tts"

    /// The neural voice for replies: nil when neither of its directories is there (not installed,
    /// or no ONNX Runtime for this architecture); otherwise its paths, with `problem` set when one
    /// part is missing or damaged.
    public static func speechVoice(environment: [String: String] = ProcessInfo.processInfo.environment,
                                   check: ModelCheck = .sizes) -> InstalledSpeechVoice? {
        let packages = ModelPackage.speechPackages()
        guard packages.count == 2 else { return nil }
        let found = packages.map { inspect($0, in: directory(of: $0, environment: environment), check: check) }
        guard found.contains(where: { $0 != nil }) else { return nil }
        let problem = zip(packages, found).lazy.compactMap { package, model -> String? in
            guard let model else { return "\(package.name) \(package.version) is not installed; run `\(installSpeechCommand)`" }
            return model.problem.map { $0.replacingOccurrences(of: "`\(installCommand) --force`", with: "`\(installSpeechCommand) --force`") }
        }.first
        return InstalledSpeechVoice(runtime: found[0], voice: found[1], problem: problem)
    }
}
