// VoiceModelFiles: where hama's files are on this machine — `$COACH_VOICE_MODELS/hama-1.7.0/`, else
// `$XDG_DATA_HOME/coach/models/hama-1.7.0/` (put there by `coach voice install`).

import Foundation

public struct VoiceModelFiles: Sendable {
    public let directory: String
    public var libraryPath: String { directory + "/libhama.so" }
    public var modelPath: String { directory + "/asr_waveform.hama" }
    public var vocabularyPath: String { directory + "/g2p_vocab.json" }

    public static let hamaFolder = "hama-1.7.0"

    public static func hama(environment: [String: String] = ProcessInfo.processInfo.environment) -> VoiceModelFiles {
        if let root = environment["COACH_VOICE_MODELS"], !root.isEmpty { return VoiceModelFiles(directory: root + "/" + hamaFolder) }
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return VoiceModelFiles(directory: data + "/coach/models/" + hamaFolder)
    }

    /// Loads the model, or says what is missing and how to install it.
    public func load() throws(PhoneticModelError) -> PhoneticModel {
        for path in [libraryPath, modelPath, vocabularyPath] where !FileManager.default.fileExists(atPath: path) {
            throw PhoneticModelError(description: "hama's model is not installed (no \(path)); install it with: coach voice install")
        }
        return try PhoneticModel(libraryPath: libraryPath, modelPath: modelPath, vocabularyPath: vocabularyPath)
    }
}
