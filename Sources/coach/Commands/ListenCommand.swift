// ListenCommand: `coach listen` — speech in. Audio from a WAV file, standard input or the
// microphone is cut into utterances (energy VAD), decoded against the grammar generated from
// Intents/, and each command heard goes to the gateway exactly as a typed line would (`say`).

import ArgumentParser
import CoachGateway
import CoachLanguage
import CoachNative
import CoachSettings
import CoachVoice
import Foundation

extension VoiceEngine: ExpressibleByArgument {}

extension UtteranceListener.Decoding: ExpressibleByArgument {}

struct ListenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "listen",
        abstract: "Listen for spoken workout commands (English, offline, pocketsphinx).",
        discussion: """
            Audio is 16 kHz mono 16-bit; WAV files in other rates, channel counts or
            sample formats are converted, other encodings refused. Each stretch of
            speech between silences is one utterance (docs/voice.md).

            On the microphone a command must follow the wake phrase ("hey coach, pause
            my run"), in one breath or within 6 s of it said alone ("hey coach" ...
            "pause my run"): without it, everyday speech in the room too often sounds
            like some command. Audio given with --input is taken as commands. --wake /
            --no-wake change either default.

            Only what can apply now acts: the gateway's state is followed (idle: start,
            status; running: pause, end, lap ...; a pending confirmation: yes / no), or
            set with --state.

            Examples:
              coach listen                    # the microphone: "hey coach, pause"
              coach listen --no-wake          # the microphone, no wake phrase
              coach listen --input commands.wav --no-act --json
              arecord -f S16_LE -r 16000 -c 1 | coach listen --input -
              coach listen --print-grammar    # the generated JSGF grammar

            Japanese: --lang ja hears Intents/ja with Julius when `coach voice install` has
            put it in place, else hama (pocketsphinx has no Japanese model); see
            docs/voice.md, "Japanese by voice".

            Needs: sudo apt-get install libpocketsphinx3 pocketsphinx-en-us (and
            libasound2 for the microphone; libspeexdsp1 lowers steady noise first,
            and takes Coach's own reply out of a command said over it). Exit status: 0, 64 unusable audio or
            options, 69 pocketsphinx missing.
            """
    )

    @OptionGroup var options: GatewayOptions

    @Option(name: .long, help: ArgumentHelp("A WAV file, or - for standard input (WAV or raw s16le 16 kHz mono); default: the microphone.", valueName: "file"))
    var input: String?

    @Option(name: .long, help: ArgumentHelp("ALSA capture device (default: the settings file's input_device, else \"default\").", valueName: "device"))
    var device: String?

    @Option(name: .long, help: ArgumentHelp("The acoustic engine: hama (a neural phoneme model; `coach voice install` puts it in place), pocketsphinx, or julius (Japanese only, also from `coach voice install`). Default: hama when installed, else pocketsphinx; pocketsphinx with --warp; for --lang ja julius when installed, else hama.", valueName: "hama|pocketsphinx|julius"))
    var engine: VoiceEngine?

    @Flag(name: .customLong("no-act"), help: "Recognise only: print what was heard, change nothing.")
    var noAct = false

    @Flag(name: .long, inversion: .prefixedNo,
          help: "Act only on commands that follow the wake phrase (settings: voice.wake_phrase, default \"hey coach\"). Default: on for the microphone, off for --input.")
    var wake: Bool? = nil

    @Option(name: .long, help: ArgumentHelp("Hear only what can apply in this state: idle, running, paused, confirm (yes/no), or all. Default: the gateway's state, followed as it changes; all with --no-act.", valueName: "state"))
    var state: String?

    /// Off unless given (measured in docs/voice.md, "Grammars that follow the state").
    @Option(name: .customLong("score-floor"), help: .hidden)
    var scoreFloor: Double?

    @Option(name: .customLong("margin-ceiling"), help: .hidden)
    var marginCeiling: Double?

    @Option(name: .customLong("destructive-margin"), help: .hidden)
    var destructiveMargin: Double?

    @Option(name: .customLong("state-mode"), help: .hidden)
    var stateMode: StateMode = VoiceRecognizer.Options().stateMode

    @Flag(name: .customLong("print-grammar"), help: "Print the generated JSGF grammar and the dictionary notes, then exit.")
    var printGrammar = false

    @Option(name: .customLong("write-dictionary"), help: ArgumentHelp("With --print-grammar: also write the pronunciation dictionary to FILE (for pocketsphinx_continuous).", valueName: "file"))
    var writeDictionary: String?

    @Flag(name: .customLong("no-filler"), help: .hidden)
    var noFiller = false

    @Option(name: .customLong("filler-weight"), help: .hidden)
    var fillerWeight: Double = VoiceRecognizer.Options().fillerWeight

    @Option(name: .customLong("skip-weight"), help: .hidden)
    var skipWeight: Double = VoiceRecognizer.Options().skipWeight

    @Option(name: .customLong("branching-penalty"), help: .hidden)
    var branchingPenalty: Double = 0

    @Flag(name: .customLong("strict-wake"),
          help: "With --wake: act only when a second decode with the general English model repeats the command (refuses nearly every non-command said after the wake phrase, but also many commands: docs/voice.md).")
    var strictWake = false

    @Option(name: .customLong("noise-floor"), help: .hidden)
    var noiseFloor: Int32 = NoiseFloor.amplitude

    @Option(name: .long, help: ArgumentHelp("Frequency warping for voices far from the model's (pocketsphinx VTLN, inverse linear): auto (each file's utterance decoded at 0.7-1.3 and the best fit kept; live, the speaker's factor learnt from the first four utterances), off, or one factor: below 1 for a low voice, above 1 for a high one. Default: off (docs/voice.md).", valueName: "auto|off|factor"))
    var warp: String?

    @Option(name: .customLong("warp-learning"), help: .hidden)
    var warpLearning: Int = VoiceRecognizer.Options().warpLearning

    @Option(name: .customLong("decoder-option"), parsing: .singleValue, help: .hidden)
    var decoderOptions: [String] = []

    @Option(name: .long, help: .hidden)
    var decoding: UtteranceListener.Decoding?

    /// Decode an utterance heard whole during the end-of-speech wait (benchmarks compare).
    @Flag(name: .customLong("decode-ahead"), inversion: .prefixedNo, help: .hidden)
    var decodeAhead = true

    @Flag(name: .customLong("front-end"), inversion: .prefixedNo,
          help: "Lower steady noise (a fan, a treadmill) with speexdsp before listening (settings: voice.front_end). Default: on for the microphone, off for --input; needs libspeexdsp1.")
    var frontEnd: Bool? = nil

    @Option(name: .long, help: "The noise front end: auto (speexdsp as --front-end says, else rnnoise with hama when installed), rnnoise (heard by the voice detector only; coach voice install puts it in place), speexdsp or off (settings: voice.denoiser).")
    var denoiser: FrontEndPolicy.Choice?

    /// RNNoise's place and the share of the input it keeps, to measure (Benchmarks/voice/engines.sh).
    @Option(name: .customLong("front-end-place"), help: .hidden)
    var frontEndPlace: UtteranceListener.FrontEndPlace = .detector
    @Option(name: .customLong("denoiser-keep"), help: .hidden)
    var denoiserKeep: Float = NeuralDenoiser.defaultKeep

    @Option(name: .customLong("front-end-options"), help: .hidden)
    var frontEndOptions: String?

    /// On unless turned off, to measure what it changes (Benchmarks/voice/own-voice.sh).
    @Flag(name: .customLong("echo-cancel"), inversion: .prefixedNo, help: .hidden)
    var echoCancel = true

    @Flag(name: .customLong("residual-echo"), inversion: .prefixedNo, help: .hidden)
    var residualEcho = EchoCanceller.Options().residualSuppression

    @Option(name: .customLong("echo-passes"), help: .hidden)
    var echoPasses = EchoCanceller.Options().passes

    @Option(name: .customLong("echo-filter"), help: .hidden)
    var echoFilter = EchoCanceller.Options().filterLength

    private var echoOptions: EchoCanceller.Options {
        var o = EchoCanceller.Options()
        o.residualSuppression = residualEcho
        o.passes = max(1, min(echoPasses, 10))
        o.filterLength = max(320, min(echoFilter, 16_000))
        return o
    }

    @Flag(name: .long, help: "Also print refused utterances and timings on standard error.")
    var verbose = false

    static let unavailableExitCode: Int32 = 69

    /// Warping is pocketsphinx's front end: `--warp` (other than off) without `--engine` listens
    /// with pocketsphinx, and with `--engine hama` or `julius` it is a usage error.
    static func engine(_ explicit: VoiceEngine?, warp: WarpMode?) throws(ValidationError) -> VoiceEngine? {
        guard let warp, warp != .off else { return explicit }
        if let explicit, explicit != .pocketsphinx {
            throw ValidationError("--warp applies to pocketsphinx's front end only: leave it out with --engine \(explicit.rawValue).")
        }
        return .pocketsphinx
    }

    /// `--state`: nil when absent or `all` (every intent), else that state's grammar.
    private func fixedState() throws -> ListeningState? {
        guard let state, state != "all" else { return nil }
        guard let s = ListeningState(rawValue: state) else {
            throw ValidationError("--state is idle, running, paused, confirm or all, not \(state).")
        }
        return s
    }

    func run() throws {
        let commandStarted = ContinuousClock.now
        let settings: CoachSettings
        do { settings = try CoachSettings.load() } catch {
            OneShot.printError(error.description)
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        var voiceOptions = VoiceRecognizer.Options()
        voiceOptions.useFiller = !noFiller
        voiceOptions.fillerWeight = fillerWeight
        voiceOptions.skipWeight = skipWeight
        voiceOptions.branchingPenalty = branchingPenalty
        voiceOptions.noiseFloor = max(0, min(noiseFloor, 8000))
        voiceOptions.secondOpinion = strictWake
        voiceOptions.warpLearning = max(1, warpLearning)
        voiceOptions.decoderOptions = decoderOptions.flatMap { $0.split(separator: " ").map(String.init) }
        voiceOptions.leaveOutUnreadable = printGrammar  // Japanese words without a reading, listed by --print-grammar
        // Only what can apply competes (#29): a fixed --state, else the gateway's, followed.
        let client = noAct || printGrammar ? nil : try OneShot.connect(options)
        let follower = state == nil ? client.map { ListenStateFollower(client: $0, options: options) } : nil
        voiceOptions.stateMode = stateMode
        if let marginCeiling {  // given: for whichever engine hears
            voiceOptions.marginCeiling = marginCeiling
            voiceOptions.juliusMarginCeiling = marginCeiling
        }
        if let destructiveMargin {
            voiceOptions.destructiveMarginCeiling = destructiveMargin
            voiceOptions.juliusDestructiveMarginCeiling = destructiveMargin
        }
        voiceOptions.scoreFloor = scoreFloor
        voiceOptions.state = try fixedState() ?? follower?.focus.state(at: 0)
        let warpMode = try warp.map { text throws(ValidationError) in
            guard let mode = WarpMode(parsing: text) else { throw ValidationError("--warp: auto, off, or a factor from 0.6 to 1.5 (1: none).") }
            return mode
        }
        // A live source (the microphone, a pipe) is opened and read from before the decoder is built:
        // what is said during the start is kept and heard once it is ready (ReadAheadAudioInput).
        // Its failure is reported after the decoder's own, in the order a user fixes them.
        let live = !printGrammar && (input == nil || input == "-")
        let early = live ? Result { () throws(VoiceSetupError) -> any AudioInput in
            ReadAheadAudioInput(try VoiceSetup.audioInput(path: input, device: device, settings: settings))
        } : nil
        let openedAfter = ContinuousClock.now - commandStarted
        let voice: VoiceRecognizer
        let chosenEngine = try Self.engine(engine, warp: warpMode)
        do throws(VoiceSetupError) {
            voice = try VoiceSetup.recognizer(settings: settings, wake: wake, fromMicrophone: input == nil, warp: warpMode,
                                              engine: chosenEngine, language: options.lang ?? .en, tuning: voiceOptions)
        } catch {
            OneShot.printError(error.description)
            throw ExitCode(error.unavailable ? Self.unavailableExitCode : ExitStatus.usage.rawValue)
        }
        for note in voice.pronunciations.notes where verbose || printGrammar {
            OneShot.printError(note.description)
        }
        if printGrammar {
            if let writeDictionary {
                guard FileManager.default.createFile(atPath: writeDictionary, contents: Data(voice.pronunciations.dictionary.utf8)) else {
                    throw ValidationError("Cannot write \(writeDictionary).")
                }
            }
            print(voice.grammar.jsgf, terminator: "")
            return
        }
        if verbose {
            OneShot.printError(String(format: "grammar ready in %.0f ms (%d states, %d arcs)", voice.buildSeconds * 1000,
                                      voice.fsgSize.states, voice.fsgSize.arcs))
            if early != nil {
                OneShot.printError(String(format: "audio read from %.0f ms after the start, kept until the decoder was ready",
                                          Double(openedAfter.components.attoseconds) / 1e15 + Double(openedAfter.components.seconds) * 1000))
            }
        }

        let source: any AudioInput
        do throws(VoiceSetupError) {
            if let early { source = try early.get() } else { source = try VoiceSetup.audioInput(path: input, device: device, settings: settings) }
        } catch {
            OneShot.printError(error.description)
            throw ExitCode(error.unavailable ? Self.unavailableExitCode : ExitStatus.usage.rawValue)
        }
        var frontEndSettings = SpeechFrontEnd.Options()
        if let frontEndOptions {
            guard let parsed = SpeechFrontEnd.Options(parsing: frontEndOptions) else {
                throw ValidationError("--front-end-options: denoise, agc, dereverb, suppress=DB, agc-level=N, comma-separated.")
            }
            frontEndSettings = parsed
        }
        let front = VoiceSetup.frontEnd(settings: settings, explicit: frontEnd, denoiser: denoiser, fromMicrophone: input == nil,
                                        engine: voice.engineName, options: frontEndSettings, place: frontEndPlace, keep: denoiserKeep)
        if let note = front.note { OneShot.printError(note) }
        if verbose {
            let said: String = switch front.frontEnd {
            case let f as SpeechFrontEnd:
                "front end: speexdsp" + (f.options.denoise ? ", noise down to \(f.options.noiseSuppress) dB" : "") + (f.options.agc ? ", AGC" : "")
                    + (f.options.dereverb ? ", dereverb" : "")
            case .some: "front end: \(front.name.rawValue)"
            case nil: "front end: off"
            }
            OneShot.printError(said)
        }
        if follower != nil { voice.prepareStates() }
        let listener = UtteranceListener(voice: voice, decoding: decoding ?? VoiceSetup.decoding(input: input), frontEnd: front.frontEnd,
                                         frontEndPlace: front.place,
                                         decodeAhead: decodeAhead)
        if let follower { listener.stateAt = { follower.focus.state(at: $0) } }
        let ownVoice = OwnVoiceCheck(settings: settings, echoCancel: echoCancel ? echoOptions : nil)
        func handle(_ u: VoiceActivityDetector.Utterance, _ decoded: HeardUtterance) throws {
            // Coach's own reply or announcement played back is never a command; a command said over
            // it is decoded again with the reply taken out (#29).
            let (heard, echoNote) = ownVoice.judge(u.samples, decoded) { voice.recognize($0, start: decoded.start, end: decoded.end) }
            if verbose, let echoNote { OneShot.printError(echoNote) }
            if verbose {
                OneShot.printError(String(format: "%.2f–%.2f s [%@]: %@ (%.0f ms%@)%@", heard.start, heard.end,
                                          voice.listeningState?.rawValue ?? "all", heard.hypothesis.map(SpeechGrammar.unmarked) ?? "—", heard.decodeSeconds * 1000,
                                          heard.endedAtPause ? ", ended at the pause" : heard.decodedAhead ? ", decoded ahead" : "", heard.refusal.map { ", refused: " + $0 } ?? ""))
            }
            if noAct {
                if options.json { print(heard.json()) } else if let text = heard.heard { print(text) }
                fflush(nil)
                return
            }
            if heard.listeningUntil != nil, !options.json {
                print("(listening: say the command)")  // the wake phrase alone (WakeWindow)
                fflush(nil)
            }
            guard let text = heard.heard, let client else { return }
            if !options.json { print("> " + text) }
            var params: [(String, JSONValue)] = [("text", .string(text))]
            if let lang = options.lang { params.append(("lang", .string(lang.rawValue))) }
            if heard.unsure { params.append(("unsure", .bool(true))) }
            do {
                let result = try client.call("say", .object(params))
                follower?.replied(result, at: heard.end)
                if options.json {
                    print("{\"heard\":\(JSONText.string(text)),\"reply\":\(result.serialized())}")
                } else {
                    print(result["message"]?.stringValue ?? result.serialized())
                }
            } catch {
                OneShot.printError(error.description)
            }
            fflush(nil)
        }
        do {
            while let chunk = try source.next() {
                for (u, heard) in listener.feed(chunk) { try handle(u, heard) }
            }
        } catch let error as AudioFormatError {
            OneShot.printError(error.description)
            throw ExitCode(ExitStatus.usage.rawValue)
        }
        for (u, heard) in listener.finish() { try handle(u, heard) }
    }
}

extension FrontEndPolicy.Choice: ExpressibleByArgument {}
extension UtteranceListener.FrontEndPlace: ExpressibleByArgument {}
