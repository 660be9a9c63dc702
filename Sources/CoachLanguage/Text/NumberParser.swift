// NumberParser: numbers at a position of normalised text — digits ("30", "2.5", full-width
// digits arrive here already folded), English number words ("thirty", "twenty five",
// "a hundred", "two point five", "one and a half") and Japanese numerals (三十, 二十五, 百, 一万).

import CoachWire

struct ParsedNumber: Sendable, Equatable {
    var end: Int
    var value: Double
    var isWords: Bool
}

enum NumberParser {
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
    static func digitsAndAHalf(_ s: UnsafeBufferPointer<UInt32>, after p: ParsedNumber) -> ParsedNumber? {
        let i = p.end
        guard !p.isWords, p.value == p.value.rounded(), i + 11 <= s.count,
              i + 11 == s.count || !Scalars.isASCIIAlnum(s[i + 11]) else { return nil }
        let tail: [UInt32] = [0x20, 0x61, 0x6E, 0x64, 0x20, 0x61, 0x20, 0x68, 0x61, 0x6C, 0x66]  // " and a half"
        guard (0 ..< 11).allSatisfy({ s[i + $0] == tail[$0] }) else { return nil }
        return ParsedNumber(end: i + 11, value: p.value + 0.5, isWords: false)
    }

    static func words(_ s: UnsafeBufferPointer<UInt32>, at pos: Int, language: Language) -> ParsedNumber? {
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

    static func englishUnit(_ w: String) -> Int? {
        switch w {
        case "zero": 0
        case "one": 1
        case "two": 2
        case "three": 3
        case "four": 4
        case "five": 5
        case "six": 6
        case "seven": 7
        case "eight": 8
        case "nine": 9
        case "ten": 10
        case "eleven": 11
        case "twelve": 12
        case "thirteen": 13
        case "fourteen": 14
        case "fifteen": 15
        case "sixteen": 16
        case "seventeen": 17
        case "eighteen": 18
        case "nineteen": 19
        default: nil
        }
    }

    static func englishTens(_ w: String) -> Int? {
        switch w {
        case "twenty": 20
        case "thirty": 30
        case "forty", "fourty": 40
        case "fifty": 50
        case "sixty": 60
        case "seventy": 70
        case "eighty": 80
        case "ninety": 90
        default: nil
        }
    }

    /// Every word that can be part of an English number (for typo correction and keywords).
    static let englishWords: [String] = [
        "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
        "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "thirty",
        "forty", "fifty", "sixty", "seventy", "eighty", "ninety", "hundred", "thousand", "half", "point",
    ]

    /// First two letters of every word a number can start with ("a"/"an" for "a hundred"), as
    /// a bitmap over (first letter, second letter or end of word).
    private static let englishStarts: [UInt64] = {
        var bits = [UInt64](repeating: 0, count: 14)
        for w in englishWords + ["a", "an"] {
            let u = Array(w.unicodeScalars.map(\.value))
            let k = startKey(u[0], u.count > 1 ? u[1] : Scalars.space)!
            bits[k >> 6] |= 1 << UInt64(k & 63)
        }
        return bits
    }()

    @inline(__always)
    private static func startKey(_ a: UInt32, _ b: UInt32) -> Int? {
        guard a >= 0x61, a <= 0x7A else { return nil }
        let second: UInt32
        if b >= 0x61 && b <= 0x7A { second = b - 0x61 } else if b == Scalars.space { second = 26 } else { return nil }
        return Int(a - 0x61) * 32 + Int(second)
    }

    private static func english(_ s: UnsafeBufferPointer<UInt32>, at pos: Int) -> ParsedNumber? {
        // Fast reject without building a String: most words cannot start a number.
        guard pos < s.count, let k = startKey(s[pos], pos + 1 < s.count ? s[pos + 1] : Scalars.space),
            englishStarts[k >> 6] & (1 << UInt64(k & 63)) != 0
        else { return nil }
        var total = 0
        var current = 0
        var last = 0  // 0 none, 1 unit, 2 tens, 3 hundred, 4 thousand, 5 teen
        var end = pos
        var i = pos
        var any = false
        while let (w, wEnd) = word(s, i) {
            let after = wEnd < s.count ? wEnd + 1 : wEnd
            if let u = englishUnit(w) {
                if last == 1 || last == 5 || (last == 2 && u >= 10) { break }
                current += u
                last = u >= 10 ? 5 : 1
            } else if let t = englishTens(w) {
                if last == 1 || last == 2 || last == 5 { break }
                current += t
                last = 2
            } else if w == "hundred" {
                if last == 3 || current >= 100 { break }
                current = (current == 0 ? 1 : current) * 100
                last = 3
            } else if w == "thousand" {
                if last == 4 { break }
                total += (current == 0 ? 1 : current) * 1000
                current = 0
                last = 4
            } else if (w == "a" || w == "an") && !any, let (n, _) = word(s, after), n == "hundred" || n == "thousand" {
                current = 1
                last = 1
                i = after
                continue
            } else if w == "and", any, let (n, nEnd) = word(s, after) {
                // "one hundred and five", "one and a half"
                if n == "a", let (h, hEnd) = word(s, nEnd < s.count ? nEnd + 1 : nEnd), h == "half" {
                    return ParsedNumber(end: hEnd, value: Double(total + current) + 0.5, isWords: true)
                }
                if last == 3 || last == 4, englishUnit(n) != nil || englishTens(n) != nil {
                    i = after
                    continue
                }
                break
            } else if w == "point", any {
                var j = after
                var value = Double(total + current)
                var scale = 0.1
                var decEnd = -1
                while let (d, dEnd) = word(s, j), let dv = englishUnit(d), dv < 10 {
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

    @inline(__always)
    static func kanjiDigit(_ v: UInt32) -> Int? {
        switch v {
        case 0x3007, 0x96F6: 0  // 〇 零
        case 0x4E00: 1
        case 0x4E8C: 2
        case 0x4E09: 3
        case 0x56DB: 4
        case 0x4E94: 5
        case 0x516D: 6
        case 0x4E03: 7
        case 0x516B: 8
        case 0x4E5D: 9
        default: nil
        }
    }

    private static func japanese(_ s: UnsafeBufferPointer<UInt32>, at pos: Int) -> ParsedNumber? {
        var total = 0
        var section = 0
        var digit = -1
        var i = pos
        while i < s.count {
            let v = s[i]
            if let d = kanjiDigit(v) {
                digit = digit < 0 ? d : digit * 10 + d
            } else if v == 0x5341 || v == 0x767E || v == 0x5343 {  // 十 百 千
                let mult = v == 0x5341 ? 10 : (v == 0x767E ? 100 : 1000)
                section += (digit < 0 ? 1 : digit) * mult
                digit = -1
            } else if v == 0x4E07 {  // 万
                guard i > pos else { break }
                total += (section + max(digit, 0)) * 10000
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
