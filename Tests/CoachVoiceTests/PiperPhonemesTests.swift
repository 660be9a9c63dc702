// What the Piper voice is given (PiperVoice): espeak-ng's IPA clause by clause with the punctuation
// that ended it — read back from the text, since Debian's espeak-ng 1.51 does not return it — and
// ids as piper-tts 1.8's phonemize_espeak.py and phoneme_ids.py make them. The expected phonemes
// are piper-tts's own output for the same sentence (its espeak-ng is newer; this sentence reads the
// same in both).

import CoachVoice
import Foundation
import Testing

// Serialized: espeak-ng is one synthesiser per process.
@Suite(.serialized) struct PiperPhonemesTests {
    static let config = """
        {"audio": {"sample_rate": 22050}, "espeak": {"voice": "en-us"}, "phoneme_type": "espeak",
         "inference": {"noise_scale": 0.667, "length_scale": 1, "noise_w": 0.8},
         "phoneme_id_map": {"_": [0], "^": [1], "$": [2], " ": [3], "?": [13], ":": [11], ".": [10],
                            "d": [17], "u": [33], "ː": [122], "ˈ": [120]}}
        """

    @Test func clausesKeepThePunctuationThatEndedThem() throws {
        let espeak = try EspeakEngine(library: try EspeakLibrary.load())
        let clauses = try espeak.phonemeClauses("Workout saved: five point two, kilometers. Do you want to discard this workout? Yes",
                                                voice: "en-us")
        #expect(clauses.map(\.terminator) == [":", ",", ".", "?", nil], "\(clauses)")
        #expect(clauses[0].phonemes == "wˈɜːkaʊt sˈeɪvd")
        // piper-tts 1.8 (PiperVoice.phonemize) for the same sentence.
        let sentences = PiperVoiceConfig.sentences(clauses)
        #expect(sentences.count == 3)
        #expect(sentences[1].joined() == "dˈuː juː wˈɔnt tə dɪskˈɑːɹd ðɪs wˈɜːkaʊt?")
        // ", " and ": " keep a space after them inside the sentence; "." ends it.
        #expect(sentences[0].joined().hasPrefix("wˈɜːkaʊt sˈeɪvd: fˈaɪv pˈɔɪnt tˈuː, kɪlˈɑːmɪɾɚz"), "\(sentences[0].joined())")
        #expect(sentences[0].last == ".")
        // Code points, decomposed: one phoneme each, as Python's list(str) after NFD.
        #expect(sentences.flatMap { $0 }.allSatisfy { $0.unicodeScalars.count == 1 })
    }

    @Test func idsArePaddedBetweenAndBoundedByStartAndEnd() throws {
        let config = try PiperVoiceConfig(json: Self.config)
        #expect(config.sampleRate == 22_050 && config.espeakVoice == "en-us" && config.noiseW == 0.8)
        let sentence = PiperVoiceConfig.sentences([(phonemes: "dˈuː(en)", terminator: "?")])
        #expect(sentence == [["d", "ˈ", "u", "ː", "?"]], "language flags dropped")
        // ^ _ d _ ˈ _ u _ ː _ ? _ $ ; a phoneme the map lacks is left out.
        #expect(config.ids(sentence[0]) == [1, 0, 17, 0, 120, 0, 33, 0, 122, 0, 13, 0, 2])
        #expect(config.ids(["d", "ʒ"]) == [1, 0, 17, 0, 2])
    }

    @Test func aVoiceOfAnotherPhonemeTypeOrWithoutItsMapIsRefused() {
        #expect(throws: AudioFormatError.self) { try PiperVoiceConfig(json: #"{"audio": {"sample_rate": 22050}, "espeak": {"voice": "en-us"}}"#) }
        #expect(throws: AudioFormatError.self) {
            try PiperVoiceConfig(json: Self.config.replacingOccurrences(of: #""phoneme_type": "espeak""#, with: #""phoneme_type": "pinyin""#))
        }
    }
}
