// PhonemeDecoder: the neural ear. hama's phoneme model hears the utterance once (PhoneticModel),
// PhoneSet turns its tokens into English phone scores, and CTCSearch finds the grammar's best
// sentence through them — the same grammar, dictionary and state searches the pocketsphinx engine
// uses, so everything after the words (the text recogniser, states, wake phrase, own-voice guard)
// is shared. The margin (free phone loop − grammar path, per frame of speech) says how much the
// grammar had to bend what was heard: a command fits with a small margin, anything else needs a
// large one (docs/voice.md, "The neural engine").

import Foundation

public final class PhonemeDecoder: @unchecked Sendable {  // one thread at a time, like the model
    let model: PhoneticModel
    let phones: PhoneSet
    let pronunciations: [String: [[Int]]]
    var options = CTCSearch.Options()
    private var searches: [String: PhoneGraph] = [:]
    private var active: String

    /// The search the decoder starts with.
    static let defaultSearch = "_default"

    /// `dictionary`: cmudict text of the grammar's words; `grammar`: the FSG text to start with.
    /// `phones`: the language's phones (nil: English's).
    init(model: PhoneticModel, dictionary: String, grammar: String, phones given: PhoneSet? = nil) throws(PhoneticModelError) {
        self.model = model
        phones = given ?? PhoneSet(tokens: model.tokens)
        pronunciations = phones.pronunciations(dictionary: dictionary)
        searches[Self.defaultSearch] = try PhoneGraph(fsg: grammar, pronunciations: pronunciations)
        active = Self.defaultSearch
    }

    /// Adds `grammar` (FSG text) as the search `name`; the active search stays.
    func addSearch(_ name: String, grammar: String) throws(PhoneticModelError) {
        searches[name] = try PhoneGraph(fsg: grammar, pronunciations: pronunciations)
    }

    /// Makes `name` the search the next utterance is decoded with; false when there is none.
    func activateSearch(_ name: String) -> Bool {
        guard searches[name] != nil else { return false }
        active = name
        return true
    }

    /// Decodes one utterance of 16 kHz mono samples.
    func decode(_ samples: [Int16]) -> SpeechDecoder.Result {
        let started = SpeechDecoder.cpuSeconds()
        let frames: PhoneticModel.Frames
        do { frames = try model.frames(of: SpeechLevel.raised(samples)) } catch {
            return SpeechDecoder.Result(hypothesis: nil, score: 0, acousticPerFrame: 0, frames: 0, seconds: SpeechDecoder.cpuSeconds() - started)
        }
        let scores = phones.scores(frames)
        let search = CTCSearch(graph: searches[active]!, width: phones.width, options: options)
        let r = search.run(scores)
        let margin = r.words == nil ? Double.infinity : Double(r.freeScore - r.score) / Double(max(r.speechFrames, 1))
        var result = SpeechDecoder.Result(hypothesis: r.words?.joined(separator: " "), score: Int32(max(-2e9, min(2e9, r.score))),
                                          acousticPerFrame: r.frames > 0 ? Double(r.score) / Double(r.frames) : 0, frames: r.frames,
                                          seconds: SpeechDecoder.cpuSeconds() - started, margin: margin)
        result.continuations = r.endState.flatMap { searches[active]!.continuations(after: $0) }
        return result
    }
}

/// The acoustic engines `coach listen --engine` chooses among.
public enum VoiceEngine: String, Sendable, CaseIterable {
    /// hama's neural phoneme model under Coach's grammar (installed by `coach voice install`).
    case hama
    /// pocketsphinx's 2015 English model (Debian's packages): the zero-set-up fallback.
    case pocketsphinx
    /// Julius 4.6 with its Japanese triphone model (PySegmentKit's, `coach voice install`): Japanese only.
    case julius
}
