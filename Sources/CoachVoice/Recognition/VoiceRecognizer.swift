// VoiceRecognizer: speech → command. Builds the grammar from Intents/ (plus the user's sentences)
// at start, decodes each utterance with hama's phoneme model (PhonemeDecoder), pocketsphinx, or for
// Japanese Julius (JuliusDecoder), and then decides whether what was heard is a command: the garbage
// loop (pocketsphinx) or the margin over the free phone or syllable loop (hama, Julius) must not say otherwise, and the text recogniser must read the
// words as a command exactly (a template match) — docs/voice.md, "The neural engine" and
// "Refusing what is not a command".

import CoachLanguage
import CoachNative
import CoachWire
import Foundation
import Synchronization

public struct HeardUtterance: Sendable {
    /// The words, or nil when the utterance was refused.
    public let heard: String?
    /// What pocketsphinx returned (also when refused).
    public let hypothesis: String?
    public let recognition: Recognition?
    /// Why it was refused (nil when accepted).
    public let refusal: String?
    public let start: Double
    public let end: Double
    public let decodeSeconds: Double
    /// The wake phrase alone: the next utterance, until this time (s), may be a command without it.
    public var listeningUntil: Double? = nil
    /// Heard, but only just (the phoneme engine's margin near its ceiling): an End or Cancel so
    /// heard asks for a yes first (the gateway's `say` with `unsure`).
    public var unsure = false
    /// The phoneme engine's margin for what it heard (nil from pocketsphinx; PhonemeDecoder).
    public var margin: Double? = nil
    /// Decoded during the end-of-speech wait (VoiceRecognizer+Ahead), not after it.
    public var decodedAhead = false
    /// Ended at a pause, as a command nothing more could change, before the end-of-speech wait.
    public var endedAtPause = false
    /// Julius's confidence (cmscore) of its least sure word (nil from the other engines).
    public var cmscore: Double? = nil

    public var intent: String? { heard == nil ? nil : recognition?.intent }

    /// `{"heard","intent","slots","confidence","start","end"}` (slots as `coach parse --json`).
    public func json() -> String {
        var out = "{\"heard\":" + (heard.map(JSONText.string) ?? "null")
        out += ",\"intent\":" + (intent.map(JSONText.string) ?? "null")
        out += ",\"slots\":" + (heard != nil ? recognition?.slotsJSON() ?? "{}" : "{}")
        let confidence = heard != nil ? ((recognition?.confidence ?? 0) * 100).rounded() / 100 : 0
        out += ",\"confidence\":" + JSONText.number(confidence)
        out += ",\"start\":" + JSONText.number((start * 100).rounded() / 100)
        out += ",\"end\":" + JSONText.number((end * 100).rounded() / 100)
        if unsure { out += ",\"unsure\":true" }
        if let margin, margin.isFinite { out += ",\"margin\":" + JSONText.number((margin * 1000).rounded() / 1000) }
        if let cmscore { out += ",\"cmscore\":" + JSONText.number((cmscore * 1000).rounded() / 1000) }
        return out + "}"
    }
}

public final class VoiceRecognizer: @unchecked Sendable {  // one thread at a time, like its decoder
    public let grammar: SpeechGrammar
    public let pronunciations: Pronunciations
    /// What turns audio into the grammar's words: pocketsphinx's HMMs or hama's phoneme model.
    enum Acoustic {
        case pocketsphinx(SpeechDecoder)
        case phonemes(PhonemeDecoder)
        case julius(JuliusDecoder)
    }
    let acoustic: Acoustic
    /// The pocketsphinx decoder (nil with the phoneme engine).
    public var decoder: SpeechDecoder? {
        if case .pocketsphinx(let d) = acoustic { return d }
        return nil
    }
    /// The engine's name, as `--engine` takes it.
    public var engineName: String {
        if case .phonemes = acoustic { return VoiceEngine.hama.rawValue }
        if case .julius = acoustic { return VoiceEngine.julius.rawValue }
        return VoiceEngine.pocketsphinx.rawValue
    }
    public let text: Recognizer
    /// The language heard and read (Options.language).
    public let language: Language
    /// States and arcs of the minimal FSG the decoder searches.
    public let fsgSize: (states: Int, arcs: Int)
    /// Grammar generation + dictionary + decoder start (s).
    public let buildSeconds: Double
    /// The wake phrase's words ("hey coach") when commands must follow it.
    let wakeWords: String?
    /// The utterance decoded at its pause, waiting for its end (VoiceRecognizer+Ahead).
    var ahead: DecodedAhead?
    /// CPU of decodes ahead that speech going on made useless: counted with the next utterance.
    var unusedAheadSeconds = 0.0
    /// The window a lone wake phrase opens, and that wake phrase's audio.
    private let wakeState = Mutex<(window: WakeWindow, wakeAudio: [Int16])>((WakeWindow(), []))
    /// Judges a command heard after the wake phrase against the free decode (nil: not asked).
    let secondOpinion: WakeSecondOpinion?
    /// The free-form decoder, started on the first command that needs it (~0.3 s, 26 MB model):
    /// speech that never acts costs nothing more. A failure to start is kept and refuses.
    private var freeDecoder: Result<SpeechDecoder, SpeechDecoderError>?
    let library: PocketSphinxLibrary?
    let modelDirectory: String
    /// Every state's grammar (VoiceRecognizer+States), the search wanted next (set from any
    /// thread; nil: no change), the one decoding now, and the searches added (name → pocketsphinx's).
    let stateGrammars: StateGrammars
    /// The goals people set, for refusing heard goals nobody does (SpokenGoals).
    let spokenGoals: SpokenGoals
    let wantedState = Mutex<ListeningState??>(nil)
    var activeState: ListeningState?
    var searchNames: [String: String] = [:]
    /// The front ends `--warp auto` chooses among and the speaker's factor (nil: one fixed warp).
    let warping: Warping?
    /// Silence between a lone wake phrase's audio and the utterance decoded after it (0.3 s).
    static let gap = [Int16](repeating: 0, count: 4_800)

    public struct Options: Sendable {
        public var useFiller = true
        /// Per word of the garbage loop (docs/voice.md: 0.005 keeps commands, refuses most non-commands).
        public var fillerWeight = 0.005
        /// Per skip phrase around a command ("please", "let's"): 0.3 refused 24 → 19 of 135 spoken
        /// non-commands and lost none of 60 polite commands (docs/voice.md, "Refusing …").
        public var skipWeight = 0.3
        public var branchingPenalty = 0.0
        /// Commands must follow this phrase ("hey coach"); nil: any command.
        public var wakePhrase: String? = nil
        public var modelDirectory = SpeechDecoder.defaultModelDirectory
        /// pocketsphinx options (`-beam`, `-maxhmmpf` …) on top of Coach's; with Julius, julius's (`-b 1500`).
        public var decoderOptions: [String] = []
        /// Peak of the hiss added before decoding (NoiseFloor); 0 for none.
        public var noiseFloor: Int32 = NoiseFloor.amplitude
        /// With a wake phrase: act only when a second decode with the general English model
        /// repeats the command's words (WakeSecondOpinion; docs/voice.md). Off only to measure.
        public var secondOpinion = false
        /// The search to start with: one state's grammar (VoiceStates), nil for every intent.
        public var state: ListeningState? = nil
        /// Filter: one grammar per state forced commands of other states onto its own (docs/voice.md).
        public var stateMode = StateMode.filter
        /// Refuse a command whose path score per frame is under this (ConfidenceFloor; nil: none).
        public var scoreFloor: Double? = nil
        /// Frequency warping for voices far from the model's (VoiceRecognizer+Warping).
        public var warp = WarpMode.off
        /// With `warp` auto, decoded while spoken: utterances heard at every factor before the
        /// speaker's is kept (SpeakerWarp): four heard more of the tune lines than two (docs/voice.md).
        public var warpLearning = 4
        /// hama's phoneme model (PhonemeDecoder) instead of pocketsphinx; nil: pocketsphinx.
        public var phoneticModel: PhoneticModel? = nil
        /// With the phoneme engine: refuse what the grammar had to bend more than this per frame of
        /// speech (PhonemeDecoder's margin; docs/voice.md).
        public var marginCeiling = 1.0
        /// With the phoneme engine: End and Cancel heard with a margin over this ask first.
        public var destructiveMarginCeiling = 0.6
        /// Julius (Japanese) instead of the others (VoiceRecognizer+Julius); nil: not Julius.
        public var juliusModel: InstalledModel? = nil
        /// With Julius: its syllable loop's margin ceiling, and End/Cancel's (JuliusDecoder).
        public var juliusMarginCeiling = JuliusDecoder.marginCeiling
        public var juliusDestructiveMarginCeiling = JuliusDecoder.destructiveMarginCeiling
        /// The language heard: Intents/<language> (Japanese: the phoneme engine only;
        /// VoiceRecognizer+Japanese).
        public var language = Language.en
        /// Japanese words with no reading are left out of the grammar instead of refusing to start
        /// (`--print-grammar`, which Benchmarks/voice/ja-readings.py reads the words from).
        public var leaveOutUnreadable = false
        public init() {}
    }

    /// `library` may be nil with `options.phoneticModel` (the phoneme engine needs only the
    /// English model's pronunciation dictionary from pocketsphinx-en-us).
    public init(library: PocketSphinxLibrary?, intentsDirectory: String, userDirectory: String?,
                options given: Options = Options()) throws {
        var options = given
        language = options.language
        try Self.checkLanguage(options)
        if options.phoneticModel != nil || options.juliusModel != nil {
            // The free phone loop refuses non-commands; pocketsphinx's word garbage loop and its
            // front-end warping have no part in the phoneme engine.
            options.useFiller = false
            options.warp = .off
        }
        let started = ContinuousClock.now
        let timing = ProcessInfo.processInfo.environment["COACH_VOICE_TIMING"] != nil
        func mark(_ what: String) {  // each step's end since the start, on standard error
            if timing { FileHandle.standardError.write(Data("\(what): \(ContinuousClock.now - started)\n".utf8)) }
        }
        // The vocabulary is read once; the text recogniser (~80 ms) is compiled from it on another
        // core while the rest (~300 ms, most of it pocketsphinx's start) runs here: `coach listen`
        // and `/listen on` are ready that much sooner.
        let vocabulary = try Vocabulary.load(intentsDirectory: intentsDirectory, userDirectory: userDirectory)
        mark("vocabulary")
        let textBuilt = Mutex<Result<Recognizer, any Error>?>(nil)
        let textBuilding = DispatchGroup()
        DispatchQueue.global().async(group: textBuilding) {
            let result = Result { try Recognizer(vocabulary: vocabulary) }
            textBuilt.withLock { $0 = result }
        }
        defer { textBuilding.wait() }  // never leave it running behind a thrown error
        let source = SentenceSource(vocabulary, language: language)
        mark("sentences")
        var dirs = [(intentsDirectory as NSString).appendingPathComponent(language.rawValue)]
        if let userDirectory { dirs.append((userDirectory as NSString).appendingPathComponent(language.rawValue)) }
        let lexicon = VoiceLexicon(vocabulary.languages[language]?.voice ?? VoiceWords())
        options.wakePhrase = Self.wakePhrase(options.wakePhrase, language: language, lexicon: lexicon)
        var grammar = SpeechGrammar(source: source, filler: options.useFiller ? lexicon.filler : [], fillerWeight: options.fillerWeight,
                                skipWeight: options.skipWeight,
                                branchingPenalty: options.branchingPenalty, writtenOnly: lexicon.writtenOnly,
                                wakePhrase: options.wakePhrase)
        grammar.wordPriors = lexicon.priors
        self.grammar = grammar
        wakeWords = grammar.wakeWords
        spokenGoals = SpokenGoals(vocabulary.contract)
        secondOpinion = wakeWords != nil && options.secondOpinion
            ? WakeSecondOpinion(ignored: lexicon.secondOpinionIgnores.union((wakeWords ?? "").split(separator: " ").map(String.init)))
            : nil
        self.library = library
        modelDirectory = options.modelDirectory
        mark("grammar")
        let stateGrammars = StateGrammars(source: source, lexicon: lexicon, options: options,
                                          states: VoiceStates(vocabulary, language: language),
                                          commandWords: StateGrammars.commandWords(of: grammar))
        self.stateGrammars = stateGrammars
        let firstSearch = Self.searchName(options.state, mode: options.stateMode)
        // Julius keeps every intent in one grammar and filters by state after (its answers are a
        // grammar of their own beside it).
        let first = firstSearch == "all" || options.juliusModel != nil ? grammar : stateGrammars.grammar(for: options.state)
        activeState = options.state
        searchNames = [firstSearch: SpeechDecoder.defaultSearch]
        // One dictionary for every search: the answers' words are the only ones the full grammar lacks.
        let words = grammar.words.merging(stateGrammars.grammar(for: .confirm).words) { a, _ in a }
        if language == .ja {
            pronunciations = try Self.japanesePronunciations(words: words, lexicon: lexicon, directories: dirs, options: options)
        } else {
            let dictPath = options.modelDirectory + "/cmudict-en-us.dict"
            guard let cmudict = try? String(contentsOfFile: dictPath, encoding: .utf8) else {
                throw SpeechDecoderError(description: "cannot read the pronunciation dictionary \(dictPath): install it with sudo apt-get install pocketsphinx-en-us")
            }
            pronunciations = Pronunciations(words: words, cmudict: cmudict, lexicon: lexicon)
        }
        if language == .en, !pronunciations.unpronounceable.isEmpty {
            throw SpeechDecoderError(description: "no pronunciation for: " + pronunciations.unpronounceable.map { "'\($0)' (from \(words[$0] ?? "?"))" }.joined(separator: ", ") + "; add them under pronunciations: in Intents/en/_voice.yaml")
        }
        mark("dictionary")
        let fsg = FSGCache.compiled(first)
        mark("fsg")
        fsgSize = (fsg.states, fsg.arcs)
        if let model = options.juliusModel {
            acoustic = .julius(try Self.juliusDecoder(model: model, commands: fsg.text, answers: stateGrammars.grammar(for: .confirm),
                                                      lexicon: lexicon, directories: dirs, state: options.state,
                                                      extraOptions: options.decoderOptions))
            warping = nil
        } else if let model = options.phoneticModel {
            do {
                acoustic = .phonemes(try PhonemeDecoder(model: model, dictionary: pronunciations.dictionary, grammar: fsg.text,
                                                        phones: language == .ja ? PhoneSet.japanese(tokens: model.tokens) : nil))
            } catch {
                throw SpeechDecoderError(description: error.description)
            }
            warping = nil
        } else {
            guard let library else {
                throw SpeechDecoderError(description: "listening needs pocketsphinx: install it with sudo apt-get install \(PocketSphinxLibrary.packages.joined(separator: " "))")
            }
            let decoder = try SpeechDecoder(library: library, grammar: fsg.text, dictionary: pronunciations.dictionary,
                                            modelDirectory: options.modelDirectory, extraOptions: options.decoderOptions + options.warp.decoderOptions)
            decoder.noiseFloor = options.noiseFloor
            acoustic = .pocketsphinx(decoder)
            warping = try Warping(options.warp, decoder: decoder, learning: options.warpLearning)
        }
        mark("decoder")
        textBuilding.wait()
        text = try textBuilt.withLock { $0! }.get()
        mark("text recogniser")
        let elapsed = ContinuousClock.now - started
        buildSeconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Decodes and judges one utterance; `start`/`end` are its place in the stream (s).
    public func recognize(_ samples: [Int16], start: Double, end: Double) -> HeardUtterance {
        // Right after a lone wake phrase, the utterance is heard as following it (WakeWindow).
        // The state's search first (a switch asked for since the last utterance), then the decode.
        let ahead = takeAhead(samples, start: start)
        let decoded = ahead ?? decodeNow(samples, start: start)
        var heard = judged(decoded.result, samples: samples, wakeAudio: decoded.wakeAudio, start: start, end: end,
                           extraSeconds: decoded.switchSeconds + takeUnusedAheadSeconds())
        heard.decodedAhead = ahead != nil
        return heard
    }

    /// The lone wake phrase's audio when its window is open at `start` (else none; never in front
    /// of an answer to a question).
    func wakeAudio(at start: Double) -> [Int16] {
        guard activeState != .confirm else { return [] }
        return wakeState.withLock { $0.window.isOpen(at: start) ? $0.wakeAudio : [] }
    }

    /// Judges a decoded utterance (`wakeAudio` was decoded in front of it); `extraSeconds` is CPU
    /// spent on the way (a search built for the state) and counts as decoding.
    func judged(_ result: SpeechDecoder.Result, samples: [Int16], wakeAudio: [Int16], start: Double, end: Double,
                extraSeconds: Double = 0) -> HeardUtterance {
        let answering = activeState == .confirm
        let decodeSeconds = result.seconds + extraSeconds
        printScores(result)
        func refuse(_ why: String, _ r: Recognition? = nil) -> HeardUtterance {
            var refused = HeardUtterance(heard: nil, hypothesis: result.hypothesis, recognition: r, refusal: why, start: start, end: end,
                                         decodeSeconds: decodeSeconds)
            refused.margin = result.margin
            refused.cmscore = result.confidence
            return refused
        }
        guard let hyp = result.hypothesis else { return refuse("nothing in the grammar matched") }
        if SpeechGrammar.isFiller(hyp) { return refuse("not a command (heard through the garbage loop)") }
        let words = SpeechGrammar.unmarked(hyp)
        if answering {  // the confirm search: an answer to the pending question, or nothing
            guard text.answers.classify(words) != nil else { return refuse("not an answer to the question") }
            return HeardUtterance(heard: words, hypothesis: hyp, recognition: text.recognize(words, language: language), refusal: nil,
                                  start: start, end: end, decodeSeconds: decodeSeconds)
        }
        if let wake = wakeWords {
            let until = wakeState.withLock { state -> Double? in
                let until = state.window.heard(wakePhraseOnly: words == wake, end: end)
                // Heard as the wake phrase alone again: keep the wake phrase's own audio when this
                // decode already had it in front (a cough after "hey coach" is not a wake phrase).
                state.wakeAudio = until == nil ? [] : wakeAudio.isEmpty ? samples : wakeAudio
                return until
            }
            if let until {
                var woke = refuse(String(format: "the wake phrase alone: listening for a command until %.2f s", until))
                woke.listeningUntil = until
                return woke
            }
        }
        let r = text.recognize(words, language: language)
        guard r.intent != nil, r.method == .template else { return refuse("the text recogniser does not read it as a command", r) }
        if let why = inapplicable(r.intent, in: activeState) { return refuse(why, r) }
        if let why = belowFloor(result) { return refuse(why, r) }
        var unsure = false
        if let margin = result.margin {
            let ceilings = marginCeilings
            if margin > ceilings.refuse {
                return refuse(String(format: "not a command (the grammar's best fit is %.2f a frame below what was heard, over %.2f)", margin,
                                     ceilings.refuse), r)
            }
            unsure = margin > ceilings.unsure && (r.intent == "EndWorkout" || r.intent == "CancelWorkout")
        }
        if let goal = r.slots.goal, let why = spokenGoals.implausibility(of: goal, activity: r.slots.activity) { return refuse(why, r) }
        var seconds = decodeSeconds
        if let secondOpinion {
            // The same audio the grammar heard (the wake phrase's too, when it was said alone).
            let free = freeDecode(wakeAudio.isEmpty ? samples : wakeAudio + Self.gap + samples)
            seconds += free.seconds
            let verdict = secondOpinion.verdict(heard: words, free: free.text)
            guard verdict.confirmed else {
                let why = free.error ?? String(format: "the free transcript \"%@\" does not repeat it (%.0f %%, lacks %@)",
                                               free.text ?? "", verdict.agreement * 100, verdict.missing.joined(separator: " "))
                return HeardUtterance(heard: nil, hypothesis: result.hypothesis, recognition: r, refusal: why, start: start,
                                      end: end, decodeSeconds: seconds)
            }
        }
        var heard = HeardUtterance(heard: words, hypothesis: hyp, recognition: r, refusal: nil, start: start, end: end,
                                   decodeSeconds: seconds)
        heard.unsure = unsure
        heard.margin = result.margin
        heard.cmscore = result.confidence
        return heard
    }

    /// The general English model's words for `samples` (WakeSecondOpinion), or why there are none.
    private func freeDecode(_ samples: [Int16]) -> (text: String?, seconds: Double, error: String?) {
        if freeDecoder == nil {
            freeDecoder = Result { () throws(SpeechDecoderError) in
                guard let library else { throw SpeechDecoderError(description: "pocketsphinx is not installed") }
                return try SpeechDecoder(freeFormWith: library, modelDirectory: modelDirectory)
            }
        }
        switch freeDecoder! {
        case .failure(let error): return (nil, 0, "no second opinion: \(error.description)")
        case .success(let decoder):
            let r = decoder.decode(samples)
            return (r.hypothesis, r.seconds, nil)
        }
    }
}
