// The grammar's number words: the words English NumberParser reads ("twenty five", "a hundred and
// ten", "point five": Intents/en/_numbers.yaml), as shared rules, and the ranges a slot allows
// built from them.

import CoachLanguage

extension SpeechGrammar.Builder {
    /// The words said for numbers; nil when the language's `numbers:` lacks one of them.
    var spokenNumbers: (ones: [String], teens: [String], tens: [String], hundred: String, thousand: String, and: String,
                        a: String, half: String, point: String, zero: String, five: String)? {
        let n = source.numbers
        guard let hundred = n.words(n.multipliers, 100 ... 100).first, let thousand = n.words(n.multipliers, 1000 ... 1000).first,
              let and = n.and, let a = n.article.first, let half = n.half, let point = n.point,
              let zero = n.words(n.units, 0 ... 0).first, let five = n.words(n.units, 5 ... 5).first
        else { return nil }
        return (n.words(n.units, 1 ... 9), n.words(n.units, 10 ... 19), n.words(n.tens, 20 ... 90), hundred, thousand, and, a, half,
                point, zero, five)
    }

    mutating func numberRules() {
        guard defined["numbers"] == nil, let n = spokenNumbers else { return }
        defined["numbers"] = "n"
        let saved = origin
        origin = "number words"
        let (ones, teens, tens) = (n.ones, n.teens, n.tens)
        for w in ones + teens + tens + [n.hundred, n.thousand, n.and, n.a, n.half, n.point, n.zero] { note(w) }
        func words(_ ws: [String]) -> GrammarExpression { .alternative(ws.map { .words([$0]) }, optional: false) }
        func opt(_ e: GrammarExpression) -> GrammarExpression { .alternative([e], optional: true) }
        let a = GrammarExpression.words([n.a])
        let hundred = GrammarExpression.words([n.hundred]), thousand = GrammarExpression.words([n.thousand])
        let and = GrammarExpression.words([n.and])
        _ = define("n_ones", words(ones))
        _ = define("n_teens", words(teens))
        _ = define("n_tens", words(tens))
        _ = define("n_below100", .alternative([.ref("n_ones"), .ref("n_teens"), .sequence([.ref("n_tens"), opt(.ref("n_ones"))])], optional: false))
        _ = define("n_hundreds", .sequence([.alternative([a, .ref("n_ones")], optional: false), hundred,
                                            opt(.sequence([opt(and), .ref("n_below100")]))]))
        _ = define("n_thousands", .sequence([.alternative([a, .ref("n_below100")], optional: false), thousand,
                                             opt(.sequence([.ref("n_ones"), hundred])),
                                             opt(.sequence([opt(and), .ref("n_below100")]))]))
        _ = define("n_round_hundreds", .alternative([
            .sequence([.alternative([a, .ref("n_ones")], optional: false), hundred]),
            .sequence([.alternative([a, .ref("n_below100")], optional: false), thousand,
                       opt(.sequence([.ref("n_ones"), hundred]))]),
        ], optional: false))
        _ = define("n_digit", .alternative([.words([n.zero]), .ref("n_ones")], optional: false))
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
        if let n = spokenNumbers {
            let andAHalf = GrammarExpression.words([n.and, n.a, n.half])
            if halves { parts.append(.alternative([andAHalf, .words([n.point, n.five])], optional: true)) }
            if tenths { parts.append(.alternative([.sequence([.words([n.point]), .ref("n_digit")]), andAHalf], optional: true)) }
        }
        let name = "range_\(Int(min(to, 1e9)))_\(Int(min(step, 1e9)))" + (halves ? "_h" : "") + (tenths ? "_t" : "")
        if defined["range:" + name] == nil {
            defined["range:" + name] = name
            _ = define(name, .sequence(parts))
        }
        return .ref(name)
    }
}
