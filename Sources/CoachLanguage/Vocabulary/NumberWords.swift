// NumberWords: the words numbers are said with, `numbers:` of Intents/<lang>/_numbers.yaml —
// read in text by NumberParser and said by the speech grammar, one table for both. How they
// combine (tens before units, "a hundred and five", "two point five", 二千五百) stays in Swift.

import CoachWire
import Yams

public struct NumberWords: Sendable, Equatable {
    public struct Word: Sendable, Equatable {
        public var word: String
        public var value: Int
    }

    /// zero … nineteen; 〇 零 一 … 九.
    public var units: [Word] = []
    /// twenty … ninety (English).
    public var tens: [Word] = []
    /// hundred, thousand; 十 百 千.
    public var multipliers: [Word] = []
    /// 万: a group of four digits (Japanese).
    public var myriads: [Word] = []
    /// Words typed for another ("fourty" for "forty"): read, never said or suggested.
    public var variants: [WordPair] = []
    /// "a", "an" ("a hundred"); the first is the one said.
    public var article: [String] = []
    /// "and" ("a hundred and five", "one and a half"), "half", "point" ("two point five").
    public var and: String?, half: String?, point: String?

    public init() {}

    static let fields: Set<String> = ["units", "tens", "multipliers", "myriads", "variants", "article", "and", "half", "point"]

    mutating func read(_ node: Node, _ field: String, _ yaml: VocabularyYAML) throws(VocabularyError) {
        func table(_ node: Node, _ field: String) throws(VocabularyError) -> [Word] {
            var out: [Word] = []
            for (word, value) in try yaml.fields(node, field) {
                out.append(Word(word: word, value: try yaml.integer(value, VocabularyYAML.path(field, word))))
            }
            return out
        }
        for (key, value) in try yaml.fields(node, field, known: Self.fields) {
            let f = VocabularyYAML.path(field, key)
            switch key {
            case "units": units += try table(value, f)
            case "tens": tens += try table(value, f)
            case "multipliers": multipliers += try table(value, f)
            case "myriads": myriads += try table(value, f)
            case "variants":
                for (typed, meant) in try yaml.fields(value, f) {
                    variants.append(WordPair(key: typed, value: try yaml.text(meant, VocabularyYAML.path(f, typed))))
                }
            case "article": article += try yaml.textOrTexts(value, f)
            case "and": self.and = try yaml.text(value, f)
            case "half": half = try yaml.text(value, f)
            default: point = try yaml.text(value, f)
            }
        }
    }

    /// The words with `value` among `table`, in the file's order.
    public func words(_ table: [Word], _ values: ClosedRange<Int>) -> [String] {
        table.filter { values.contains($0.value) }.map(\.word)
    }
}
