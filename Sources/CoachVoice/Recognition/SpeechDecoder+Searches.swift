// SpeechDecoder+Searches: more grammars in the one decoder, as named pocketsphinx FSG searches
// (`ps_set_fsg`, switched with `ps_set_search`; Debian 12's 5prealpha has no ps_add_fsg). One
// acoustic model and dictionary serve them all; each search builds its own lexicon trees when
// it is added, so a small grammar is added fast (docs/voice.md, "Grammars that follow the state").

import Foundation

extension SpeechDecoder {
    /// The search the decoder starts with (`-fsg` at ps_init).
    static let defaultSearch = "_default"

    /// Adds `grammar` (an FSG file's text) as the search `name`. Every word it uses must be in the
    /// decoder's dictionary. The active search stays active.
    func addSearch(_ name: String, grammar: String) throws(SpeechDecoderError) {
        guard name != Self.defaultSearch else { throw SpeechDecoderError(description: "the search name \(name) is taken") }
        let dir = scratch ?? NSTemporaryDirectory()
        let file = (dir as NSString).appendingPathComponent("coach-\(getpid())-\(name).fsg")
        guard FileManager.default.createFile(atPath: file, contents: Data(FSGAlternatePronunciations.expanded(grammar, alternates: alternates).utf8)) else {
            throw SpeechDecoderError(description: "cannot write the grammar to \(file)")
        }
        defer { try? FileManager.default.removeItem(atPath: file) }
        // The language weight pocketsphinx's own -fsg loading uses (-lw, default 6.5).
        guard let fsg = ps.fsg_model_readfile(file, ps.ps_get_logmath(decoder), 6.5) else {
            throw SpeechDecoderError(description: "pocketsphinx could not read the grammar for the search \(name)")
        }
        defer { _ = ps.fsg_model_free(fsg) }  // the search keeps its own reference
        guard ps.ps_set_fsg(decoder, name, fsg) == 0 else {
            throw SpeechDecoderError(description: "pocketsphinx could not add the search \(name) (a word missing from the dictionary?)")
        }
    }

    /// Makes `name` the search the next utterance is decoded with; false when there is none.
    func activateSearch(_ name: String) -> Bool {
        name.withCString { ps.ps_set_search(decoder, $0) } == 0
    }

    /// pocketsphinx's posterior of the last hypothesis (log scale; 0 when the search gives none —
    /// 5prealpha's FSG search always gives 0, docs/voice.md).
    var lastPosterior: Int32 { ps.ps_get_prob(decoder) }
}
