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
    static var configuration: CommandConfiguration { .words("listen") }

    @OptionGroup var options: GatewayOptions

    @Option(name: .long, help: .words("listen", "input", valueName: "file"))
    var input: String?

    @Option(name: .long, help: .words("listen", "device", valueName: "device"))
    var device: String?

    @Option(name: .long, help: .words("listen", "engine", valueName: "hama|pocketsphinx|julius"))
    var engine: VoiceEngine?

    @Flag(name: .customLong("no-act"), help: .words("listen", "no_act"))
    var noAct = false

    @Flag(name: .long, inversion: .prefixedNo,
          help: .words("listen", "wake"))
    var wake: Bool? = nil

    @Option(name: .long, help: .words("listen", "state", valueName: "state"))
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

    @Flag(name: .customLong("print-grammar"), help: .words("listen", "print_grammar"))
    var printGrammar = false

    @Option(name: .customLong("write-dictionary"), help: .words("listen", "write_dictionary", valueName: "file"))
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
          help: .words("listen", "strict_wake"))
    var strictWake = false

    @Option(name: .customLong("noise-floor"), help: .hidden)
    var noiseFloor: Int32 = NoiseFloor.amplitude

    @Option(name: .long, help: .words("listen", "warp", valueName: "auto|off|factor"))
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
          help: .words("listen", "front_end"))
    var frontEnd: Bool? = nil

    @Option(name: .long, help: .words("listen", "denoiser"))
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

    @Flag(name: .long, help: .words("listen", "verbose"))
    var verbose = false

    static let unavailableExitCode: Int32 = 69

    /// Warping is pocketsphinx's front end: `--warp` (other than off) without `--engine` listens
    /// with pocketsphinx, and with `--engine hama` or `julius` it is a usage error.
    static func engine(_ explicit: VoiceEngine?, warp: WarpMode?) throws(ValidationError) -> VoiceEngine? {
        guard let warp, warp != .off else { return explicit }
        if let explicit, explicit != .pocketsphinx {
            throw ValidationError(words: "listen", "warp_engine", ["engine": explicit.rawValue])
        }
        return .pocketsphinx
    }

    /// `--state`: nil when absent or `all` (every intent), else that state's grammar.
    private func fixedState() throws -> ListeningState? {
        guard let state, state != "all" else { return nil }
        guard let s = ListeningState(rawValue: state) else {
            throw ValidationError(words: "listen", "bad_state", ["state": state])
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
            guard let mode = WarpMode(parsing: text) else { throw ValidationError(words: "listen", "bad_warp") }
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
                    throw ValidationError(words: "listen", "cannot_write", ["file": writeDictionary])
                }
            }
            print(voice.grammar.jsgf, terminator: "")
            return
        }
        if verbose {
            OneShot.printError(String(format: CLIWords.text("listen", "grammar_ready"), voice.buildSeconds * 1000,
                                      voice.fsgSize.states, voice.fsgSize.arcs))
            if early != nil {
                OneShot.printError(String(format: CLIWords.text("listen", "read_ahead"),
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
                throw ValidationError(words: "listen", "bad_front_end_options")
            }
            frontEndSettings = parsed
        }
        let front = VoiceSetup.frontEnd(settings: settings, explicit: frontEnd, denoiser: denoiser, fromMicrophone: input == nil,
                                        engine: voice.engineName, options: frontEndSettings, place: frontEndPlace, keep: denoiserKeep)
        if let note = front.note { OneShot.printError(note) }
        if verbose {
            let said: String = switch front.frontEnd {
            case let f as SpeechFrontEnd:
                CLIWords.text("listen", "speexdsp")
                    + (f.options.denoise ? CLIWords.text("listen", "noise_down", ["db": "\(f.options.noiseSuppress)"]) : "")
                    + (f.options.agc ? ", AGC" : "") + (f.options.dereverb ? ", dereverb" : "")
            case .some: CLIWords.text("listen", "front_end_named", ["name": front.name.rawValue])
            case nil: CLIWords.text("listen", "front_end_off")
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
                                          heard.endedAtPause ? CLIWords.text("listen", "ended_at_pause") : heard.decodedAhead ? CLIWords.text("listen", "decoded_ahead") : "",
                                          heard.refusal.map { CLIWords.text("listen", "refused") + $0 } ?? ""))
            }
            if noAct {
                if options.json { print(heard.json()) } else if let text = heard.heard { print(text) }
                fflush(nil)
                return
            }
            if heard.listeningUntil != nil, !options.json {
                print(CLIWords.text("listen", "say_the_command"))  // the wake phrase alone (WakeWindow)
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
