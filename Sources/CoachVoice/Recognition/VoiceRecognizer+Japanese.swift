// VoiceRecognizer+Japanese: what hearing Japanese changes (issue #39). The grammar comes from
// Intents/ja as English's comes from Intents/en; its words are read as kana and then Japanese
// phones (JapanesePronunciations), which hama's phoneme model hears, and Julius in its own phones
// (VoiceRecognizer+Julius) — pocketsphinx has no Japanese model. The settings' wake phrase is English by default ("hey coach") and has no
// reading, so Japanese listens for its own (`wake_phrase:` in Intents/ja/_voice.yaml).

import CoachLanguage
import CoachWire
import Foundation

extension VoiceRecognizer {
    /// Refuses a language the chosen engine cannot hear.
    static func checkLanguage(_ options: Options) throws {
        if options.language != .ja, options.juliusModel != nil {
            throw SpeechDecoderError(description: "Julius hears Japanese only (--lang ja): listen to English with --engine hama or pocketsphinx")
        }
        guard options.language == .ja, options.phoneticModel == nil, options.juliusModel == nil else { return }
        throw SpeechDecoderError(description: "Japanese by voice needs Julius or the hama engine (pocketsphinx has no Japanese model): install them with coach voice install, and listen with --engine julius or hama")
    }

    /// The wake phrase to listen for in `language`: the settings' one, unless it cannot be said
    /// there (Latin letters in Japanese), then the language's own.
    static func wakePhrase(_ configured: String?, language: Language, lexicon: VoiceLexicon) -> String? {
        guard let configured, language == .ja, configured.unicodeScalars.allSatisfy({ $0.isASCII }) else { return configured }
        return lexicon.wakePhrase ?? configured
    }

    /// The Japanese dictionary of `words`; a word with no reading refuses to start, naming it and
    /// its template (unless `leaveOutUnreadable`: its arcs are then never heard).
    static func japanesePronunciations(words: [String: String], lexicon: VoiceLexicon, directories: [String],
                                       options: Options) throws -> Pronunciations {
        let readings = JapanesePronunciations.readings(directories: directories)
        let made = JapanesePronunciations.make(words: words, lexicon: lexicon, readings: readings)
        if !made.unpronounceable.isEmpty && !options.leaveOutUnreadable {
            throw SpeechDecoderError(description: "no reading for: " + made.unpronounceable.map { "'\($0)' (from \(words[$0] ?? "?"))" }.joined(separator: ", ")
                                     + "; add them under pronunciations: in Intents/ja/_voice.yaml (kana), or run Benchmarks/voice/ja-readings.py --grammar")
        }
        return made
    }
}
