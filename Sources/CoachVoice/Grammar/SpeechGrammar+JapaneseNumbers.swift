// The Japanese grammar's number words: kanji numerals as Japanese NumberParser reads them (三十,
// 百二十, 二千五百: Intents/ja/_numbers.yaml), one numeral a word so each has its readings (三 サン,
// 百 ヒャク/ビャク/ピャク: Intents/ja/_voice.yaml), and the ranges a slot allows built from them. The
// text recogniser reads "三 十 分" as 三十分 (ignore_whitespace). Halves and tenths are not spoken in Japanese
// templates this way (「一時間半」 is its own template), so a range is whole numbers.

import CoachLanguage
import CoachWire

extension SpeechGrammar.Builder {
    mutating func japaneseNumberRules() {
        let n = source.numbers
        guard defined["numbers"] == nil, let ten = n.words(n.multipliers, 10 ... 10).first,
              let hundred = n.words(n.multipliers, 100 ... 100).first, let thousand = n.words(n.multipliers, 1000 ... 1000).first
        else { return }
        defined["numbers"] = "n"
        let saved = origin
        origin = "number words"
        let digits = n.words(n.units, 1 ... 9)
        for w in digits + [ten, hundred, thousand] { note(w) }
        func words(_ ws: [String]) -> GrammarExpression { .alternative(ws.map { .words([$0]) }, optional: false) }
        func opt(_ e: GrammarExpression) -> GrammarExpression { .alternative([e], optional: true) }
        _ = define("n_ones", words(digits))
        _ = define("n_multiplier", words(n.words(n.units, 2 ... 9)))  // 二十, not 一十
        _ = define("n_below100", .alternative([.ref("n_ones"), .sequence([opt(.ref("n_multiplier")), .words([ten]), opt(.ref("n_ones"))])],
                                              optional: false))
        _ = define("n_hundreds", .sequence([opt(.ref("n_multiplier")), .words([hundred]), opt(.ref("n_below100"))]))
        _ = define("n_thousands", .sequence([opt(.ref("n_multiplier")), .words([thousand]),
                                             opt(.sequence([opt(.ref("n_multiplier")), .words([hundred])])), opt(.ref("n_below100"))]))
        _ = define("n_round_hundreds", .alternative([
            .sequence([opt(.ref("n_multiplier")), .words([hundred])]),
            .sequence([opt(.ref("n_multiplier")), .words([thousand]), opt(.sequence([opt(.ref("n_multiplier")), .words([hundred])]))]),
        ], optional: false))
        origin = saved
    }

    mutating func japaneseRangeRef(to: Double, step: Double) -> GrammarExpression {
        japaneseNumberRules()
        let body = Self.rangeBody(to: to, step: step)
        let name = "range_\(Int(min(to, 1e9)))_\(Int(min(step, 1e9)))"
        if defined["range:" + name] == nil {
            defined["range:" + name] = name
            _ = define(name, .alternative(body, optional: false))
        }
        return .ref(name)
    }

    /// Japanese glued to Latin letters ("kmと競争", from "(キロ|km)と競争"): the letters are a written
    /// unit (its spoken form, キロ, is the other branch), so the branch is left out.
    func isGluedLatin(_ word: String) -> Bool {
        source.language == .ja && word.contains { $0.isASCII && $0.isLetter } && word.contains { !$0.isASCII }
    }

    /// A symbol with no word in it ("㎞", "㌔" in a Japanese list): written, not said. Left out,
    /// it would make its list optional ("五" alone for 五キロ).
    func isUnsaidSymbol(_ text: String) -> Bool {
        source.language == .ja && text.contains { !$0.isWhitespace }
    }

    /// A digit written as a digit (1, ２): not spoken, so its branch is left out. Kanji numerals
    /// (一, 三十) are Unicode numbers too, and they are spoken.
    static func isWrittenDigit(_ ch: Character) -> Bool {
        ch.isNumber && !ch.unicodeScalars.contains { (0x3400...0x9FFF).contains($0.value) || $0.value == 0x3007 }
    }
}
