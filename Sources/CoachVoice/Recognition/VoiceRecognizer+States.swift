// VoiceRecognizer+States: grammars that follow the gateway's state (issue #29). Idle, only what
// can start competes; running, pause / end / lap …; paused, resume / end / cancel …; while a
// question is pending, its answers. Each is its own pocketsphinx search in the one decoder, built
// the first time its state comes (its FSG cached as FSGCache does) and switched to between
// utterances. Which intent belongs where is data (VoiceStates). Every search keeps the same garbage
// loop — the everyday words and every command word of every state — so a command of another state
// ("resume" while running) falls into the loop and is refused instead of forced onto a command.

import CoachLanguage
import Foundation
import Synchronization

/// How the workout's state narrows what is heard: each state its own grammar, or one grammar of
/// every intent whose results are refused when they do not apply (docs/voice.md: measured).
public enum StateMode: String, Sendable, CaseIterable { case grammar, filter }

/// The inputs every state's grammar is generated from.
struct StateGrammars: Sendable {
    let source: SentenceSource
    let lexicon: VoiceLexicon
    let options: VoiceRecognizer.Options
    let states: VoiceStates
    /// Every word of every command (unmarked), for every search's garbage loop.
    let commandWords: [String]

    /// The grammar of `state`; nil: every intent, as without state gating.
    func grammar(for state: ListeningState?) -> SpeechGrammar {
        let intents = state.flatMap { states.intents(in: $0, of: source.intents.map(\.name)) }
        let filler = options.useFiller ? lexicon.filler + (state == nil ? [] : commandWords) : []
        var grammar = SpeechGrammar(source: source, filler: filler, fillerWeight: options.fillerWeight, skipWeight: options.skipWeight,
                                    branchingPenalty: options.branchingPenalty, writtenOnly: lexicon.writtenOnly,
                                    // An answer follows Coach's own question: it needs no wake phrase.
                                    wakePhrase: state == .confirm ? nil : options.wakePhrase,
                                    only: state == .confirm ? [] : intents, answers: state == .confirm ? states.answers : [])
        grammar.wordPriors = lexicon.priors
        return grammar
    }

    static func commandWords(of grammar: SpeechGrammar) -> [String] {
        Set(grammar.words.keys.map { String(SpeechGrammar.unmarked(word: Substring($0))) }).sorted()
    }
}

extension VoiceRecognizer {
    /// The search the next utterance is decoded with: `state`'s grammar (nil: every intent). Any
    /// thread; the switch itself happens on the decoding thread, before the next utterance.
    public func listen(in state: ListeningState?) {
        wantedState.withLock { $0 = .some(state) }
    }

    /// The state whose grammar decoded the last utterance (nil: every intent).
    public var listeningState: ListeningState? { activeState }

    /// Compiles (or finds cached) the FSG of every state on other threads, so that a state's
    /// first switch pays only for pocketsphinx's search, never for a cold compile.
    public func prepareStates() {
        let grammars = stateGrammars
        for state in ListeningState.allCases where Self.searchName(state, mode: grammars.options.stateMode) != "all" {
            DispatchQueue.global(qos: .utility).async { _ = FSGCache.compiled(grammars.grammar(for: state)) }
        }
    }

    /// `COACH_VOICE_SCORES=1`: each decode's path score per frame and pocketsphinx's posterior on
    /// standard error, to look for a confidence floor (Benchmarks/voice/states.sh).
    static let printsScores = ProcessInfo.processInfo.environment["COACH_VOICE_SCORES"] != nil

    func printScores(_ result: SpeechDecoder.Result) {
        guard Self.printsScores else { return }
        let perFrame = result.frames > 0 ? Double(result.score) / Double(result.frames) : 0
        if let margin = result.margin {
            FileHandle.standardError.write(Data(String(format: "scores: %.2f per frame, margin %.3f, confidence %.3f, %d frames, heard %@\n", perFrame,
                                                       margin, result.confidence ?? -1, result.frames, result.hypothesis ?? "-").utf8))
            return
        }
        FileHandle.standardError.write(Data(String(format: "scores: %.1f per frame, acoustic %.1f, posterior %d\n", perFrame,
                                                   result.acousticPerFrame, decoder?.lastPosterior ?? 0).utf8))
    }

    /// The search a state is heard with: with `StateMode.filter` every workout state shares the
    /// full grammar (and what does not apply is refused after decoding); a question has its own.
    /// Why a command is refused for a poor fit (its path score per frame under the floor), or nil.
    func belowFloor(_ result: SpeechDecoder.Result) -> String? {
        guard let floor = stateGrammars.options.scoreFloor, result.frames > 0 else { return nil }
        let perFrame = Double(result.score) / Double(result.frames)
        return perFrame < floor ? String(format: "a poor fit (score %.1f per frame, floor %.1f)", perFrame, floor) : nil
    }

    static func searchName(_ state: ListeningState?, mode: StateMode) -> String {
        guard let state, mode == .grammar || state == .confirm else { return "all" }
        return state.rawValue
    }

    /// Why a command heard in `state` is refused: its intent does not apply there (nil: it does).
    func inapplicable(_ intent: String?, in state: ListeningState?) -> String? {
        guard let state, state != .confirm, let intent,
              let allowed = stateGrammars.states.possibleWhen[intent], !allowed.contains(state.rawValue) else { return nil }
        return "\(intent) does not apply while \(state.rawValue)"
    }

    /// Switches to the wanted search, adding it first if it is new (on the decoding thread).
    /// Returns the CPU seconds that took; a search that cannot be built leaves the current one.
    func switchSearch() -> Double {
        guard let wanted = wantedState.withLock({ w -> ListeningState??  in defer { w = nil }; return w }),
              wanted != activeState else { return 0 }
        let started = SpeechDecoder.cpuSeconds()
        let name = Self.searchName(wanted, mode: stateGrammars.options.stateMode)
        if case .julius(let julius) = acoustic {  // every intent filtered by state, or the answers
            if julius.activate(wanted == .confirm ? JuliusDecoder.answers : JuliusDecoder.commands) { activeState = wanted }
            return SpeechDecoder.cpuSeconds() - started
        }
        if searchNames[name] == nil {
            let fsg = FSGCache.compiled(stateGrammars.grammar(for: name == "all" ? nil : wanted))
            do {
                switch acoustic {
                case .pocketsphinx(let decoder): try decoder.addSearch(name, grammar: fsg.text)
                case .phonemes(let decoder):
                    do { try decoder.addSearch(name, grammar: fsg.text) } catch { throw SpeechDecoderError(description: error.description) }
                case .julius: break
                }
            } catch {
                FileHandle.standardError.write(Data("coach listen: \(error); listening as before\n".utf8))
                return SpeechDecoder.cpuSeconds() - started
            }
            searchNames[name] = name
        }
        let activated: Bool
        switch acoustic {
        case .pocketsphinx(let decoder): activated = decoder.activateSearch(searchNames[name]!)
        case .phonemes(let decoder): activated = decoder.activateSearch(searchNames[name]!)
        case .julius: activated = false
        }
        if activated { activeState = wanted }
        return SpeechDecoder.cpuSeconds() - started
    }
}
