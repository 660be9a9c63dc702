// The dictionary Pronunciations writes for a set of grammar words, as a set of its lines: what the
// garbage-loop and skip-phrase tests look into.

import CoachVoice

enum PronunciationLines {
    static func of(_ words: [String: String], cmudict: String) -> (Pronunciations, Set<String>) {
        let pronunciations = Pronunciations(words: words, cmudict: cmudict, lexicon: VoiceLexicon())
        return (pronunciations, Set(pronunciations.dictionary.split(separator: "\n").map(String.init)))
    }
}
