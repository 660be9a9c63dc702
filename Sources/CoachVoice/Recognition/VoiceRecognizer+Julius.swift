// VoiceRecognizer+Julius: what hearing Japanese with Julius changes (issue #39). Julius gets the
// same grammar as the other engines (every intent; the state filters after decoding) and the
// answers to a question as a second grammar, both as JuliusGrammar with each word read as kana
// (JapanesePronunciations, the readings hama's Japanese uses) and then in Julius's phones
// (JuliusPhones). Its refusal is its own margin over a free syllable loop, with its own ceilings.

import Foundation

extension VoiceRecognizer {
    /// Julius over `commands` (FSG text) and `answers`, started and ready; `state` picks which is heard first.
    static func juliusDecoder(model: InstalledModel, commands: String, answers: SpeechGrammar, lexicon: VoiceLexicon,
                              directories: [String], state: ListeningState?, extraOptions: [String]) throws -> JuliusDecoder {
        let readings = JapanesePronunciations.readings(directories: directories)
        var cache: [String: [String]?] = [:]
        func phones(_ word: String) -> [String]? {
            if let known = cache[word] { return known }
            let plain = String(SpeechGrammar.unmarked(word: Substring(word)))
            let read = JapanesePronunciations.kana(of: plain, lexicon: lexicon, readings: readings)?.compactMap(JuliusPhones.phones(kana:))
            var seen = Set<String>()
            let unique = read.map { $0.filter { seen.insert($0).inserted } }
            cache[word] = unique
            return unique
        }
        do {
            let decoder = try JuliusDecoder(model: model, grammars: [
                (name: JuliusDecoder.commands, grammar: JuliusGrammar(fsg: commands, phones: phones, cache: FSGCache.directory())),
                (name: JuliusDecoder.answers, grammar: JuliusGrammar(fsg: FSGCache.compiled(answers).text, phones: phones, cache: FSGCache.directory())),
            ], extraOptions: extraOptions)
            if state == .confirm { _ = decoder.activate(JuliusDecoder.answers) }
            return decoder
        } catch {
            throw SpeechDecoderError(description: error.description)
        }
    }

    /// Over `refuse` a command is refused; over `unsure` an End or Cancel asks first (the engine's own).
    var marginCeilings: (refuse: Double, unsure: Double) {
        let options = stateGrammars.options
        if case .julius = acoustic { return (options.juliusMarginCeiling, options.juliusDestructiveMarginCeiling) }
        return (options.marginCeiling, options.destructiveMarginCeiling)
    }
}
