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
            throw VoiceSetupError(description: "Cannot find the Intents/ directory (set COACH_INTENTS).", unavailable: false)
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
                throw VoiceSetupError(description: "listening needs pocketsphinx and its English model (\(error.reason)). Install them with: sudo apt-get install \(PocketSphinxLibrary.packages.joined(separator: " "))",
                                      unavailable: true)
            }
        }
        do {
            return try VoiceRecognizer(library: library, intentsDirectory: directory,
                                       userDirectory: FileManager.default.fileExists(atPath: user) ? user : nil,
                                       options: options)
        } catch let error as SpeechDecoderError {
            if case .julius = choice, engine == nil {  // Julius by default but it would not start: hama, said in one line
                OneShot.printError("listening with hama: \(error.description)")
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
            throw VoiceSetupError(description: "--engine pocketsphinx cannot hear Japanese (it has no Japanese model): use --engine hama (coach voice install puts it in place).",
                                  unavailable: false)
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
            if explicit == .hama { throw VoiceSetupError(description: "--engine hama: \(error.description)", unavailable: true) }
            if language == .ja {
                throw VoiceSetupError(description: "Japanese by voice needs Julius or the hama engine (pocketsphinx has no Japanese model): \(error.description)",
                                      unavailable: true)
            }
            OneShot.printError("listening with pocketsphinx: \(error.description)")
            return .pocketsphinx
        }
    }

    /// Julius's installed files for Japanese, or why not (a line saying what to install).
    static func julius(explicit: Bool, language: Language) -> Result<InstalledModel, VoiceSetupError> {
        guard language == .ja else {
            return .failure(VoiceSetupError(description: "--engine julius hears Japanese only: add --lang ja, or use --engine hama for English.",
                                            unavailable: false))
        }
        guard let model = VoiceModels.julius(check: .sizes) else {
            let why = ModelPackage.julius() == nil ? "Julius has no binary for this machine (Linux x86-64 only)"
                : "Julius is not installed: run `\(VoiceModels.installCommand)`"
            if !explicit { OneShot.printError("listening with hama: \(why)") }
            return .failure(VoiceSetupError(description: "--engine julius: \(why)", unavailable: true))
        }
        if let problem = model.problem {
            if !explicit { OneShot.printError("listening with hama: \(problem)") }
            return .failure(VoiceSetupError(description: "--engine julius: \(problem)", unavailable: true))
        }
        return .success(model)
    }

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
                throw VoiceSetupError(description: "the microphone needs ALSA (\(error.reason)). Install it with: sudo apt-get install \(AlsaLibrary.packages.joined(separator: " ")), or give --input FILE.wav",
                                      unavailable: true)
            }
            do { return try MicrophoneAudioInput(alsa: alsa, device: device ?? settings.voice.inputDevice) } catch {
                throw VoiceSetupError(description: error.description, unavailable: true)
            }
        }
    }
}
