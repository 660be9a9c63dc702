// NormalizedText: an utterance reduced to what the matcher compares (case-folded, width-folded,
// punctuation-free, single-spaced scalars) plus a map from every kept scalar back to the scalar
// offset it came from in the caller's string, so slot spans point into what the user typed.

import Foundation

struct NormalizedText: Sendable, Equatable {
    /// Normalised scalars; spaces are single U+0020.
    var scalars: [UInt32]
    /// `offsets[i]` = index (in Unicode scalars) in the original text of `scalars[i]`.
    var offsets: [Int32]
    /// Number of Unicode scalars in the original text.
    var originalLength: Int

    var count: Int { scalars.count }

    var string: String {
        var s = String.UnicodeScalarView()
        for v in scalars { if let u = Unicode.Scalar(v) { s.append(u) } }
        return String(s)
    }

    /// The original-text span of normalised scalars `start..<end`.
    func originalSpan(_ start: Int, _ end: Int) -> Range<Int> {
        guard start < end, start < offsets.count else {
            let p = start < offsets.count ? Int(offsets[start]) : originalLength
            return p..<p
        }
        let lo = Int(offsets[start])
        let hi = Int(offsets[min(end, offsets.count) - 1]) + 1
        return lo..<max(lo, hi)
    }
}

enum Normalizer {
    /// Normalises user input. `cjkSpacing` removes whitespace between CJK characters (hassil's
    /// `ignore_whitespace`); we also drop it next to CJK characters on either side, because
    /// Japanese users type "5 キロ" and "ランニング を開始" and neither space carries meaning.
    static func normalize(_ text: String, cjkSpacing: Bool) -> NormalizedText {
        // A builder struct, not a nested func capturing locals: captured vars are boxed and
        // every access pays a dynamic exclusivity check (~5 % of a template match).
        var b = NormalizerBuilder(cjkSpacing: cjkSpacing, capacity: text.utf8.count)
        var index: Int32 = 0

        // Scalars are read straight from the string (no copy), with one scalar of lookahead.
        var scalarsIterator = text.unicodeScalars.makeIterator()
        var lookahead = scalarsIterator.next()
        while let current = lookahead {
            lookahead = scalarsIterator.next()
            var v = current.value
            let at = index
            index += 1
            // Width folding (the NFKC cases that occur in typed commands).
            if v >= 0xFF01 && v <= 0xFF5E {
                v -= 0xFEE0
            } else if v >= 0xFF66 && v <= 0xFF9D {
                v = Scalars.halfWidthKatakana[Int(v - 0xFF66)]
            } else if v == 0xFF9E || v == 0xFF9F || v == 0x3099 || v == 0x309A || v == 0x309B || v == 0x309C {
                // (Semi-)voiced sound mark after a kana: compose it into the previous scalar.
                let voiced = v == 0xFF9E || v == 0x3099 || v == 0x309B
                if let last = b.out.last, !b.pendingSpace {
                    if voiced, last == 0x30A6 { b.out[b.out.count - 1] = 0x30F4; continue }
                    if voiced, Scalars.canVoice(last) || (last >= 0x304B && last <= 0x307B) {
                        b.out[b.out.count - 1] = last + 1; continue
                    }
                    if !voiced, Scalars.canSemiVoice(last) || (last >= 0x306F && last <= 0x307B) {
                        b.out[b.out.count - 1] = last + 2; continue
                    }
                }
                continue
            } else if v == 0xFF65 {
                v = 0x30FB
            } else if v >= 0x2100 && v <= 0x33FF && !Scalars.isCJK(v) && v != 0x3000 && !Scalars.isDroppedPunctuation(v),
                let u = Unicode.Scalar(v)
            {
                // Rare compatibility characters (㎞, ①, ㌔): let Foundation's NFKC decide.
                let mapped = String(u).precomposedStringWithCompatibilityMapping.lowercased()
                for m in mapped.unicodeScalars where !Scalars.isWhitespace(m.value) { b.emit(m.value, at) }
                continue
            }
            if Scalars.isWhitespace(v) || v == 0x2D || v == 0x5F {
                // hassil breaks words on "-" and "_" too ("twenty-five").
                if !b.pendingSpace { b.pendingSpaceOffset = at }
                b.pendingSpace = true
                continue
            }
            if Scalars.isDroppedPunctuation(v) {
                // Keep decimal separators between digits ("2.5", "2,5").
                if (v == 0x2E || v == 0x2C || v == 0xFF0E), let last = b.out.last, Scalars.isDigit(last), !b.pendingSpace,
                    let next = lookahead, Scalars.isDigit(foldDigit(next.value))
                {
                    b.emit(0x2E, at)
                }
                continue
            }
            if v == 0x2019 || v == 0x2018 { v = 0x27 }  // ’ → '
            if v >= 0x41 && v <= 0x5A {
                v += 32
            } else if v >= 0x80, !Scalars.isCJK(v), let u = Unicode.Scalar(v), u.properties.changesWhenCaseFolded {
                for m in u.properties.lowercaseMapping.unicodeScalars { b.emit(m.value, at) }
                continue
            }
            b.emit(v, at)
        }
        return NormalizedText(scalars: b.out, offsets: b.offsets, originalLength: Int(index))
    }

    @inline(__always)
    private static func foldDigit(_ v: UInt32) -> UInt32 { (v >= 0xFF10 && v <= 0xFF19) ? v - 0xFEE0 : v }

    /// Normalises literal template text. Unlike input, leading and trailing spaces survive (they
    /// separate this chunk from its neighbours) and come back as `nil` markers.
    static func templateText(_ text: String, cjkSpacing: Bool) -> [UInt32?] {
        let hasLeading = text.unicodeScalars.first.map { Scalars.isWhitespace($0.value) } ?? false
        let hasTrailing = text.unicodeScalars.last.map { Scalars.isWhitespace($0.value) } ?? false
        let core = normalize(text, cjkSpacing: cjkSpacing).scalars
        var result: [UInt32?] = []
        if hasLeading { result.append(nil) }
        for v in core { result.append(v == Scalars.space ? nil : v) }
        if hasTrailing, !core.isEmpty || !hasLeading { result.append(nil) }
        return result
    }
}

private struct NormalizerBuilder {
    let cjkSpacing: Bool
    var out: [UInt32] = []
    var offsets: [Int32] = []
    var pendingSpace = false
    var pendingSpaceOffset: Int32 = 0

    init(cjkSpacing: Bool, capacity: Int) {
        self.cjkSpacing = cjkSpacing
        out.reserveCapacity(capacity)
        offsets.reserveCapacity(capacity)
    }

    @inline(__always) mutating func emit(_ v: UInt32, _ at: Int32) {
        if pendingSpace {
            pendingSpace = false
            if !out.isEmpty {
                if !(cjkSpacing && (Scalars.isCJK(v) || Scalars.isCJK(out[out.count - 1]))) {
                    out.append(Scalars.space)
                    offsets.append(pendingSpaceOffset)
                }
            }
        }
        out.append(v)
        offsets.append(at)
    }
}
