// NumberParser: numbers at a position of normalised text — digits ("30", "2.5", full-width
// digits arrive here already folded), English number words ("thirty", "twenty five",
// "a hundred", "two point five", "one and a half") and Japanese numerals (三十, 二十五, 百, 一万).
// The words are the language's NumberWords (Intents/<lang>/_numbers.yaml); how they combine is here.

import CoachWire

struct ParsedNumber: Sendable, Equatable {
    var end: Int
    var value: Double
    var isWords: Bool
}

/// A class: the grammar hands it to every match walk, one retain instead of one per table.
final class NumberParser: Sendable {
    let language: Language
    private let units: [String: Int]
    private let tens: [String: Int]
    private let hundred: Set<String>
    private let thousand: Set<String>
    private let article: Set<String>
    private let and: String
    private let half: String
    private let point: String
    /// " and a half" as scalars (after digits: "2 and a half").
    private let andAHalf: [UInt32]
    /// Numeral → value, by scalar (Japanese): units, multipliers (十 百 千), myriads (万).
    private let kanjiUnits: [UInt32: Int]
    private let kanjiMultipliers: [UInt32: Int]
    private let kanjiMyriads: [UInt32: Int]
    /// Every word that can be part of a number, variants left out (for typo correction and keywords).
    let words: [String]
    /// First two letters of every word a number can start with (articles too, for "a hundred"), as
    /// a bitmap over (first letter, second letter or end of word).
    private let englishStarts: [UInt64]

    init(_ numbers: NumberWords, language: Language) {
        self.language = language
        var units = Dictionary(numbers.units.map { ($0.word, $0.value) }, uniquingKeysWith: { a, _ in a })
        var tens = Dictionary(numbers.tens.map { ($0.word, $0.value) }, uniquingKeysWith: { a, _ in a })
        for variant in numbers.variants {
            if let u = units[variant.value] { units[variant.key] = u }
            if let t = tens[variant.value] { tens[variant.key] = t }
        }
        self.units = units
        self.tens = tens
        hundred = Set(numbers.multipliers.filter { $0.value == 100 }.map(\.word))
        thousand = Set(numbers.multipliers.filter { $0.value == 1000 }.map(\.word))
        article = Set(numbers.article)
        and = numbers.and ?? ""
        half = numbers.half ?? ""
        point = numbers.point ?? ""
        andAHalf = numbers.and.flatMap { and in
            numbers.half.flatMap { half in numbers.article.first.map { " \(and) \($0) \(half)".unicodeScalars.map(\.value) } }
        } ?? []
        func byScalar(_ table: [NumberWords.Word]) -> [UInt32: Int] {
            Dictionary(table.compactMap { w in w.word.unicodeScalars.count == 1 ? (w.word.unicodeScalars.first!.value, w.value) : nil },
                       uniquingKeysWith: { a, _ in a })
        }
        kanjiUnits = byScalar(numbers.units)
        kanjiMultipliers = byScalar(numbers.multipliers)
        kanjiMyriads = byScalar(numbers.myriads)
        words = numbers.units.map(\.word) + numbers.tens.map(\.word) + numbers.multipliers.map(\.word)
            + [numbers.half, numbers.point].compactMap { $0 }
        var bits = [UInt64](repeating: 0, count: 14)
        for w in words + numbers.article {
            let u = Array(w.unicodeScalars.map(\.value))
            guard let k = Self.startKey(u[0], u.count > 1 ? u[1] : Scalars.space) else { continue }
            bits[k >> 6] |= 1 << UInt64(k & 63)
        }
        englishStarts = bits
    }

    /// Digits with an optional decimal part. Like hassil, no word boundary is required after
    /// them ("5k", "30min").
    static func digits(_ s: UnsafeBufferPointer<UInt32>, at pos: Int) -> ParsedNumber? {
        var i = pos
        var value = 0.0
        while i < s.count, Scalars.isDigit(s[i]) {
            value = value * 10 + Double(s[i] - 0x30)
            i += 1
        }
        guard i > pos else { return nil }
        if i + 1 < s.count, s[i] == 0x2E, Scalars.isDigit(s[i + 1]) {
            var scale = 0.1
            i += 1
            while i < s.count, Scalars.isDigit(s[i]) {
                value += Double(s[i] - 0x30) * scale
                scale /= 10
                i += 1
            }
        }
        return ParsedNumber(end: i, value: value, isWords: false)
    }

    /// Digits followed by " and a half" ("2 and a half miles" is 2.5 miles, #40), or nil. Tried
    /// only after the plain digits (hassil reads "5 and a half minutes" as 5 + a literal "and a
    /// half", and Home Assistant's templates say so).
    func digitsAndAHalf(_ s: UnsafeBufferPointer<UInt32>, after p: ParsedNumber) -> ParsedNumber? {
        let i = p.end
        let n = andAHalf.count
        guard n > 0, !p.isWords, p.value == p.value.rounded(), i + n <= s.count,
              i + n == s.count || !Scalars.isASCIIAlnum(s[i + n]) else { return nil }
        guard (0 ..< n).allSatisfy({ s[i + $0] == andAHalf[$0] }) else { return nil }
        return ParsedNumber(end: i + n, value: p.value + 0.5, isWords: false)
    }

    func words(_ s: UnsafeBufferPointer<UInt32>, at pos: Int) -> ParsedNumber? {
        switch language {
        case .en: return english(s, at: pos)
        case .ja: return japanese(s, at: pos)
        }
    }

    // MARK: - English

    private static func word(_ s: UnsafeBufferPointer<UInt32>, _ pos: Int) -> (String, Int)? {
        guard pos < s.count, s[pos] >= 0x61, s[pos] <= 0x7A else { return nil }
        var end = pos
        var view = String.UnicodeScalarView()
        // Letters only: a sign or unit glued to the word ends it ("sixteen°", "twenty-eight%").
        while end < s.count, s[end] >= 0x61, s[end] <= 0x7A {
            guard let u = Unicode.Scalar(s[end]) else { return nil }
            view.append(u)
            end += 1
            if end - pos > 12 { return nil }
        }
        return (String(view), end)
    }

    func englishUnit(_ w: String) -> Int? { units[w] }

    func englishTens(_ w: String) -> Int? { tens[w] }

    @inline(__always)
    private static func startKey(_ a: UInt32, _ b: UInt32) -> Int? {
        guard a >= 0x61, a <= 0x7A else { return nil }
        let second: UInt32
        if b >= 0x61 && b <= 0x7A { second = b - 0x61 } else if b == Scalars.space { second = 26 } else { return nil }
        return Int(a - 0x61) * 32 + Int(second)
    }

    private func english(_ s: UnsafeBufferPointer<UInt32>, at pos: Int) -> ParsedNumber? {
        // Fast reject without building a String: most words cannot start a number.
        guard pos < s.count, let k = Self.startKey(s[pos], pos + 1 < s.count ? s[pos + 1] : Scalars.space),
            englishStarts[k >> 6] & (1 << UInt64(k & 63)) != 0
        else { return nil }
        var total = 0
        var current = 0
        var last = 0  // 0 none, 1 unit, 2 tens, 3 hundred, 4 thousand, 5 teen
        var end = pos
        var i = pos
        var any = false
        while let (w, wEnd) = Self.word(s, i) {
            let after = wEnd < s.count ? wEnd + 1 : wEnd
            if let u = englishUnit(w) {
                if last == 1 || last == 5 || (last == 2 && u >= 10) { break }
                current += u
                last = u >= 10 ? 5 : 1
            } else if let t = englishTens(w) {
                if last == 1 || last == 2 || last == 5 { break }
                current += t
                last = 2
            } else if hundred.contains(w) {
                if last == 3 || current >= 100 { break }
                current = (current == 0 ? 1 : current) * 100
                last = 3
            } else if thousand.contains(w) {
                if last == 4 { break }
                total += (current == 0 ? 1 : current) * 1000
                current = 0
                last = 4
            } else if article.contains(w) && !any, let (n, _) = Self.word(s, after), hundred.contains(n) || thousand.contains(n) {
                current = 1
                last = 1
                i = after
                continue
            } else if w == and, any, let (n, nEnd) = Self.word(s, after) {
                // "one hundred and five", "one and a half"
                if article.contains(n), let (h, hEnd) = Self.word(s, nEnd < s.count ? nEnd + 1 : nEnd), h == half {
                    return ParsedNumber(end: hEnd, value: Double(total + current) + 0.5, isWords: true)
                }
                if last == 3 || last == 4, englishUnit(n) != nil || englishTens(n) != nil {
                    i = after
                    continue
                }
                break
            } else if w == point, any {
                var j = after
                var value = Double(total + current)
                var scale = 0.1
                var decEnd = -1
                while let (d, dEnd) = Self.word(s, j), let dv = englishUnit(d), dv < 10 {
                    value += Double(dv) * scale
                    scale /= 10
                    decEnd = dEnd
                    j = dEnd < s.count ? dEnd + 1 : dEnd
                }
                if decEnd > 0 { return ParsedNumber(end: decEnd, value: value, isWords: true) }
                break
            } else {
                break
            }
            any = true
            end = wEnd
            i = after
        }
        return any ? ParsedNumber(end: end, value: Double(total + current), isWords: true) : nil
    }

    // MARK: - Japanese

    private func japanese(_ s: UnsafeBufferPointer<UInt32>, at pos: Int) -> ParsedNumber? {
        var total = 0
        var section = 0
        var digit = -1
        var i = pos
        while i < s.count {
            let v = s[i]
            if let d = kanjiUnits[v] {
                digit = digit < 0 ? d : digit * 10 + d
            } else if let mult = kanjiMultipliers[v] {  // 十 百 千
                section += (digit < 0 ? 1 : digit) * mult
                digit = -1
            } else if let myriad = kanjiMyriads[v] {  // 万
                guard i > pos else { break }
                total += (section + max(digit, 0)) * myriad
                section = 0
                digit = -1
            } else {
                break
            }
            i += 1
        }
        guard i > pos else { return nil }
        return ParsedNumber(end: i, value: Double(total + section + max(digit, 0)), isWords: true)
    }
}
