// VoiceSetup: what `coach listen` and the REPL's `/listen` both need before hearing anything —
// pocketsphinx loaded, the grammar generated from Intents/ (built-in and the user's), the wake
// phrase decided (WakePolicy), and the audio source opened. One copy, so the two cannot differ in
// what they hear or in what they tell a user to install.

import CoachLanguage
import CoachNative
import CoachSettings
import CoachVoice
import CoachWire
import Foundation

/// Why voice could not start: the message says what to do; `unavailable` is exit 69 for the CLI.
struct VoiceSetupError: Error, CustomStringConvertible {
    var description: String
    var unavailable: Bool
}

enum VoiceSetup {
    /// The recogniser for the settings, with `tuning` for the hidden measurement options.
    /// `warp`: `--warp`, else the settings' `voice.warp`, else WarpMode.byDefault.
    /// `language`: what is heard (Japanese: hama only, VoiceRecognizer+Japanese).
    static func recognizer(settings: CoachSettings, wake: Bool?, fromMicrophone: Bool, warp: WarpMode? = nil, engine: VoiceEngine? = nil,
                           language: Language = .en,
                           tuning: VoiceRecognizer.Options = VoiceRecognizer.Options()) throws(VoiceSetupError) -> VoiceRecognizer {
        guard let directory = Recognizer.builtInIntentsDirectory() else {
            throw VoiceSetupError(description: words("no_intents"), unavailable: false)
        }
        let user = Recognizer.userIntentsDirectory()
        var options = tuning
        options.language = language
        options.warp = warp ?? settings.voice.warp.flatMap(WarpMode.init(parsing:)) ?? WarpMode.byDefault(fromMicrophone: fromMicrophone)
        if WakePolicy.requiresWakePhrase(explicit: wake, fromMicrophone: fromMicrophone) {
            options.wakePhrase = settings.voice.wakePhrase
        }
        let library: PocketSphinxLibrary?
        let choice = try acousticEngine(engine, language: language)
        switch choice {
        case .julius(let model):
            options.juliusModel = model
            library = nil
        case .hama(let model):
            options.phoneticModel = model
            library = try? PocketSphinxLibrary.load()  // only for --strict-wake's second opinion
        case .pocketsphinx:
            do { library = try PocketSphinxLibrary.load() } catch {
                throw VoiceSetupError(description: words("no_pocketsphinx", ["reason": error.reason,
                                                                               "packages": PocketSphinxLibrary.packages.joined(separator: " ")]),
                                      unavailable: true)
            }
        }
        do {
            return try VoiceRecognizer(library: library, intentsDirectory: directory,
                                       userDirectory: FileManager.default.fileExists(atPath: user) ? user : nil,
                                       options: options)
        } catch let error as SpeechDecoderError {
            if case .julius = choice, engine == nil {  // Julius by default but it would not start: hama, said in one line
                OneShot.printError(words("with_hama", ["problem": error.description]))
                return try recognizer(settings: settings, wake: wake, fromMicrophone: fromMicrophone, warp: warp, engine: .hama,
                                      language: language, tuning: tuning)
            }
            throw VoiceSetupError(description: error.description, unavailable: true)
        } catch {
            throw VoiceSetupError(description: "\(error)", unavailable: false)
        }
    }

    enum AcousticChoice {
        case hama(PhoneticModel)
        case julius(InstalledModel)
        case pocketsphinx
    }

    /// The engine to hear with: `--engine` when given (its model must load), else hama when its
    /// model is installed and loads, else pocketsphinx with one line saying what to install.
    /// Japanese has no fallback: pocketsphinx cannot hear it.
    static func acousticEngine(_ explicit: VoiceEngine?, language: Language = .en) throws(VoiceSetupError) -> AcousticChoice {
        if language == .ja && explicit == .pocketsphinx {
            throw VoiceSetupError(description: words("pocketsphinx_japanese"), unavailable: false)
        }
        if explicit == .pocketsphinx { return .pocketsphinx }
        if explicit == .julius || (explicit == nil && language == .ja) {
            switch julius(explicit: explicit == .julius, language: language) {
            case .success(let model): return .julius(model)
            case .failure(let error): if explicit == .julius { throw error }
            }
        }
        let loaded = Result { () throws(PhoneticModelError) -> PhoneticModel in try PhoneticModel.installed() }
        switch loaded {
        case .success(let model): return .hama(model)
        case .failure(let error):
            if explicit == .hama { throw VoiceSetupError(description: words("engine_hama", ["problem": error.description]), unavailable: true) }
            if language == .ja {
                throw VoiceSetupError(description: words("japanese_needs", ["problem": error.description]), unavailable: true)
            }
            OneShot.printError(words("with_pocketsphinx", ["problem": error.description]))
            return .pocketsphinx
        }
    }

    /// Julius's installed files for Japanese, or why not (a line saying what to install).
    static func julius(explicit: Bool, language: Language) -> Result<InstalledModel, VoiceSetupError> {
        guard language == .ja else {
            return .failure(VoiceSetupError(description: words("julius_english"), unavailable: false))
        }
        guard let model = VoiceModels.julius(check: .sizes) else {
            let why = ModelPackage.julius() == nil ? words("julius_unsupported")
                : words("julius_missing", ["command": VoiceModels.installCommand])
            if !explicit { OneShot.printError(words("with_hama", ["problem": why])) }
            return .failure(VoiceSetupError(description: words("engine_julius", ["problem": why]), unavailable: true))
        }
        if let problem = model.problem {
            if !explicit { OneShot.printError(words("with_hama", ["problem": problem])) }
            return .failure(VoiceSetupError(description: words("engine_julius", ["problem": problem]), unavailable: true))
        }
        return .success(model)
    }

    /// A word of `voice_setup:` in Intents/en/_cli.yaml.
    static func words(_ field: String, _ values: [String: String] = [:]) -> String { CLIWords.text("voice_setup", field, values) }

    /// Decoded while spoken where someone waits for the answer (the microphone, a pipe); a file
    /// whole, each utterance with its own cepstral mean (docs/voice.md, "Speed").
    static func decoding(input: String?) -> UtteranceListener.Decoding {
        input == nil || input == "-" ? .whileSpoken : .whole
    }

    /// Audio from a WAV file, "-" for standard input, or nil for the microphone (ALSA).
    static func audioInput(path: String?, device: String?, settings: CoachSettings) throws(VoiceSetupError) -> any AudioInput {
        switch path {
        case "-":
            return StreamAudioInput(fileDescriptor: 0)
        case let path?:
            do { return try BufferedAudioInput(wavFile: path) } catch {
                throw VoiceSetupError(description: error.description, unavailable: false)
            }
        case nil:
            let alsa: AlsaLibrary
            do { alsa = try AlsaLibrary.load() } catch {
                throw VoiceSetupError(description: words("no_alsa", ["reason": error.reason, "packages": AlsaLibrary.packages.joined(separator: " ")]),
                                      unavailable: true)
            }
            do { return try MicrophoneAudioInput(alsa: alsa, device: device ?? settings.voice.inputDevice) } catch {
                throw VoiceSetupError(description: error.description, unavailable: true)
            }
        }
    }
}
