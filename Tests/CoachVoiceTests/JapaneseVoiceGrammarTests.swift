// The Japanese speech grammar (issue #39): built from the real Intents/ja, with kanji numerals as
// number words (not voided as "digits", not English "twenty"), and every word it can produce —
// the answers to a question included — read as kana and then as phones the phoneme engine scores.

@testable import CoachVoice
import CoachLanguage
import Foundation
import Testing

@Suite struct JapaneseVoiceGrammarTests {
    static let intents = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Intents").path

    static func japanese() throws -> (grammar: SpeechGrammar, words: [String: String], lexicon: VoiceLexicon) {
        let source = try SentenceSource.load(intentsDirectory: intents, userDirectory: nil, language: .ja)
        let lexicon = try VoiceLexicon.load(directories: [intents + "/ja"])
        let grammar = SpeechGrammar(source: source, writtenOnly: lexicon.writtenOnly)
        let states = try VoiceStates.load(intentsDirectory: intents, userDirectory: nil, language: .ja)
        let answers = SpeechGrammar(source: source, writtenOnly: lexicon.writtenOnly, only: [], answers: states.answers)
        return (grammar, grammar.words.merging(answers.words) { a, _ in a }, lexicon)
    }

    @Test func everyJapaneseGrammarWordHasAReadingAndPhones() throws {
        let (_, words, lexicon) = try Self.japanese()
        #expect(words.count > 1_000, "the grammar's words: \(words.count)")
        let readings = JapanesePronunciations.readings(directories: [Self.intents + "/ja"])
        let p = JapanesePronunciations.make(words: words, lexicon: lexicon, readings: readings)
        #expect(p.unpronounceable.isEmpty, "no reading (Benchmarks/voice/ja-readings.py --grammar): \(p.unpronounceable.prefix(20))")
        // Every line is a word and phones of the Japanese set, so the decoder keeps every variant.
        let phoneNames = Set(PhoneSet.japaneseTokens.keys)
        let lines = p.dictionary.split(separator: "\n")
        for line in lines {
            let fields = line.split(separator: " ")
            #expect(fields.count >= 2 && fields.dropFirst().allSatisfy { phoneNames.contains(String($0)) }, "\(line)")
        }
        let allTokens = Array(Set(PhoneSet.japaneseTokens.values.joined())) + ["<wb>", "<blank>"]
        let decoded = PhoneSet.japanese(tokens: allTokens).pronunciations(dictionary: p.dictionary)
        #expect(Set(decoded.keys) == Set(words.keys), "words the decoder would lose: \(Set(words.keys).subtracting(decoded.keys).prefix(10))")
        #expect(decoded.values.reduce(0) { $0 + $1.count } == lines.count)
    }

    @Test func numbersAreKanjiNumeralWords() throws {
        let (grammar, words, _) = try Self.japanese()
        // 一 in 一時停止 is a numeral to Unicode: the branch stays (it is not a written digit).
        #expect(words["一時停止"] != nil && words["一旦停止"] != nil)
        for numeral in ["一", "二", "九", "十", "百", "千"] { #expect(words[numeral] != nil, "\(numeral)") }
        #expect(words["twenty"] == nil && words["hundred"] == nil)
        #expect(grammar.jsgf.contains("<n_below100> = (<n_ones> | [<n_multiplier>] 十 [<n_ones>]);"), "\(grammar.jsgf.prefix(400))")
        // Written digits and Latin units are not said: no "30", no "km", no "kmと競争".
        #expect(!words.keys.contains { $0.contains { $0.isASCII && ($0.isNumber || $0.isLetter) } && $0 != "hiit" && $0 != "sup" },
                "\(words.keys.filter { $0.contains { $0.isASCII } }.sorted())")
    }

    @Test func kanaBecomePhones() {
        #expect(JapanesePhones.phones(kana: "ジュップン") == [["j", "u", "p", "u", "N"]])
        #expect(JapanesePhones.phones(kana: "テーシ") == [["t", "e", "sh", "i"]], "ー lengthens the vowel before it")
        #expect(JapanesePhones.phones(kana: "おお") == [["o"]], "the same vowel twice is one long vowel")
        #expect(JapanesePhones.phones(kana: "キャンセル") == [["k", "y", "a", "N", "s", "e", "r", "u"]])
        #expect(JapanesePhones.phones(kana: "シテ") == [["sh", "i", "t", "e"], ["sh", "t", "e"]], "devoiced i between voiceless consonants")
        #expect(JapanesePhones.phones(kana: "シマス") == [["sh", "i", "m", "a", "s", "u"], ["sh", "i", "m", "a", "s"]])
        #expect(JapanesePhones.phones(kana: "ラン走") == nil, "a kanji left unread is no reading")
    }

    @Test func aKanjiWordIsReadByTheLexiconFirstThenTheTable() throws {
        var lexicon = VoiceLexicon()
        lexicon.pronunciations["分"] = ["フン", "プン"]
        let readings = JapaneseReadings(tsv: "開始\tカイシ\n分\tブン\n")
        #expect(JapanesePronunciations.kana(of: "分", lexicon: lexicon, readings: readings) == ["フン", "プン"])
        #expect(JapanesePronunciations.kana(of: "開始して", lexicon: lexicon, readings: readings) == ["カイシして"])
        #expect(JapanesePronunciations.kana(of: "停止", lexicon: lexicon, readings: readings) == nil)
        let p = JapanesePronunciations.make(words: ["^開始": "skip", "停止": "test"], lexicon: lexicon, readings: readings)
        #expect(p.dictionary.split(separator: "\n").first == "^開始 k a i sh i")
        #expect(p.unpronounceable == ["停止"])
    }

    @Test func anEnglishWakePhraseGivesWayToTheJapaneseOne() throws {
        let lexicon = try VoiceLexicon.load(directories: [Self.intents + "/ja"])
        #expect(VoiceRecognizer.wakePhrase("hey coach", language: .ja, lexicon: lexicon) == "ねえコーチ")
        #expect(VoiceRecognizer.wakePhrase("おいコーチ", language: .ja, lexicon: lexicon) == "おいコーチ")
        #expect(VoiceRecognizer.wakePhrase("hey coach", language: .en, lexicon: lexicon) == "hey coach")
        #expect(VoiceRecognizer.wakePhrase(nil, language: .ja, lexicon: lexicon) == nil)
    }
}
