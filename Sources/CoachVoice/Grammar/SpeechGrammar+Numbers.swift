// The grammar's number words: the words English NumberParser reads ("twenty five", "a hundred and
// ten", "point five"), as shared rules, and the ranges a slot allows built from them.

extension SpeechGrammar.Builder {
    mutating func numberRules() {
        guard defined["numbers"] == nil else { return }
        defined["numbers"] = "n"
        let saved = origin
        origin = "number words"
        let ones = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
        let teens = ["ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"]
        let tens = ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]
        for w in ones + teens + tens + ["hundred", "thousand", "and", "a", "half", "point", "zero"] { note(w) }
        func words(_ ws: [String]) -> GrammarExpression { .alternative(ws.map { .words([$0]) }, optional: false) }
        func opt(_ e: GrammarExpression) -> GrammarExpression { .alternative([e], optional: true) }
        let a = GrammarExpression.words(["a"])
        _ = define("n_ones", words(ones))
        _ = define("n_teens", words(teens))
        _ = define("n_tens", words(tens))
        _ = define("n_below100", .alternative([.ref("n_ones"), .ref("n_teens"), .sequence([.ref("n_tens"), opt(.ref("n_ones"))])], optional: false))
        _ = define("n_hundreds", .sequence([.alternative([a, .ref("n_ones")], optional: false), .words(["hundred"]),
                                            opt(.sequence([opt(.words(["and"])), .ref("n_below100")]))]))
        _ = define("n_thousands", .sequence([.alternative([a, .ref("n_below100")], optional: false), .words(["thousand"]),
                                             opt(.sequence([.ref("n_ones"), .words(["hundred"])])),
                                             opt(.sequence([opt(.words(["and"])), .ref("n_below100")]))]))
        _ = define("n_round_hundreds", .alternative([
            .sequence([.alternative([a, .ref("n_ones")], optional: false), .words(["hundred"])]),
            .sequence([.alternative([a, .ref("n_below100")], optional: false), .words(["thousand"]),
                       opt(.sequence([.ref("n_ones"), .words(["hundred"])]))]),
        ], optional: false))
        _ = define("n_digit", .alternative([.words(["zero"]), .ref("n_ones")], optional: false))
        origin = saved
    }

    /// The number rules a range up to `to` in steps of `step` needs (either language's rules of
    /// those names: SpeechGrammar+JapaneseNumbers defines them in kanji numerals).
    static func rangeBody(to: Double, step: Double) -> [GrammarExpression] {
        if step >= 100 { return [.ref("n_round_hundreds")] }
        var body: [GrammarExpression] = [.ref("n_below100")]
        if to >= 100 { body.append(.ref("n_hundreds")) }
        if to >= 1000 { body.append(.ref("n_thousands")) }
        return body
    }

    mutating func rangeRef(from: Double, to: Double, step: Double, halves: Bool, tenths: Bool) -> GrammarExpression {
        numberRules()
        let body = Self.rangeBody(to: to, step: step)
        var parts: [GrammarExpression] = [.alternative(body, optional: false)]
        if halves { parts.append(.alternative([.words(["and", "a", "half"]), .words(["point", "five"])], optional: true)) }
        if tenths { parts.append(.alternative([.sequence([.words(["point"]), .ref("n_digit")]), .words(["and", "a", "half"])], optional: true)) }
        let name = "range_\(Int(min(to, 1e9)))_\(Int(min(step, 1e9)))" + (halves ? "_h" : "") + (tenths ? "_t" : "")
        if defined["range:" + name] == nil {
            defined["range:" + name] = name
            _ = define(name, .sequence(parts))
        }
        return .ref(name)
    }
}
