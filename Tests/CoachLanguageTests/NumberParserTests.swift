// NumberParserTests: digits, English number words, Japanese numerals (the words from
// Intents/<lang>/_numbers.yaml).

import CoachWire
import Testing
@testable import CoachLanguage

@Suite struct NumberParserTests {
    static let vocabulary = try! Vocabulary.load(intentsDirectory: TestSupport.intentsDirectory, only: ["numbers"])
    static let en = NumberParser(vocabulary.languages[.en]!.numbers, language: .en)
    static let ja = NumberParser(vocabulary.languages[.ja]!.numbers, language: .ja)

    func parse(_ s: String, _ l: Language) -> Double? {
        let n = Normalizer.normalize(s, cjkSpacing: l == .ja).scalars
        return n.withUnsafeBufferPointer { NumberParser.digits($0, at: 0) ?? (l == .ja ? Self.ja : Self.en).words($0, at: 0) }?.value
    }

    @Test(arguments: [
        ("30", 30.0), ("2.5", 2.5), ("３０", 30), ("thirty", 30), ("twenty five", 25), ("twenty-five", 25),
        ("a hundred", 100), ("one hundred and five", 105), ("two thousand five hundred", 2500),
        ("one and a half", 1.5), ("two point five", 2.5), ("nineteen", 19),
    ])
    func english(_ input: String, _ value: Double) {
        #expect(parse(input, .en) == value)
    }

    @Test(arguments: [("三十", 30.0), ("二十五", 25), ("百", 100), ("三百五十", 350), ("一万", 10000), ("五", 5), ("千五百", 1500)])
    func japanese(_ input: String, _ value: Double) {
        #expect(parse(input, .ja) == value)
    }

    @Test func numberWordsStopAtNonNumbers() {
        let n = Normalizer.normalize("thirty minute run", cjkSpacing: false).scalars
        let p = n.withUnsafeBufferPointer { Self.en.words($0, at: 0) }
        #expect(p?.value == 30)
        #expect(p?.end == 6)
    }

    /// Words that are no number give none; a number word followed by another that cannot extend
    /// it ("twenty twenty", as in a year said in pairs) is read as the first number only, not 40.
    @Test func notANumber() {
        #expect(parse("a run", .en) == nil, "\"a\" alone is no number (only \"a hundred\" is)")
        #expect(parse("twenty twenty", .en) == 20, "the second twenty cannot extend the first")
        #expect(parse("ランニング", .ja) == nil, "katakana words are no numerals")
    }
}
