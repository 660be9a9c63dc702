// Scalars: character classes on raw Unicode scalar values, used on the hot path instead of
// Character/String APIs (which allocate and walk grapheme clusters).

enum Scalars {
    static let space: UInt32 = 0x20

    /// Ideographs, hiragana, katakana, hangul: scripts written without spaces between words.
    /// The same ranges as hassil's `CJK` pattern, plus the prolonged-sound mark and iteration marks.
    @inline(__always)
    static func isCJK(_ v: UInt32) -> Bool {
        (v >= 0x4E00 && v <= 0x9FFF) || (v >= 0x3400 && v <= 0x4DBF) || (v >= 0x3040 && v <= 0x30FF)
            || (v >= 0xAC00 && v <= 0xD7AF) || v == 0x3005
    }

    /// Kanji (CJK unified ideographs): a kanji typed twice is a word (時々 aside), never a stutter.
    @inline(__always)
    static func isIdeograph(_ v: UInt32) -> Bool { (v >= 0x4E00 && v <= 0x9FFF) || (v >= 0x3400 && v <= 0x4DBF) }

    @inline(__always)
    static func isHalfWidthKana(_ v: UInt32) -> Bool { v >= 0xFF61 && v <= 0xFF9F }

    @inline(__always)
    static func isASCIIAlnum(_ v: UInt32) -> Bool {
        (v >= 0x30 && v <= 0x39) || (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A)
    }

    @inline(__always)
    static func isDigit(_ v: UInt32) -> Bool { v >= 0x30 && v <= 0x39 }

    @inline(__always)
    static func isWhitespace(_ v: UInt32) -> Bool {
        v == 0x20 || (v >= 0x09 && v <= 0x0D) || v == 0x3000 || v == 0xA0 || v == 0x85 || v == 0x2028
            || v == 0x2029 || (v >= 0x2000 && v <= 0x200A) || v == 0x202F || v == 0x205F
    }

    /// Punctuation dropped before matching: hassil's list (`.。,，?¿？؟!¡！;；:：’…—–―`) plus the
    /// Japanese comma, brackets and quotes, which hassil keeps but no template ever contains.
    @inline(__always)
    static func isDroppedPunctuation(_ v: UInt32) -> Bool {
        switch v {
        case 0x2E, 0x2C, 0x3F, 0x21, 0x3B, 0x3A, 0x22, 0x28, 0x29: return true  // . , ? ! ; : " ( )
        case 0xBF, 0xA1, 0x61F, 0x2026, 0x2014, 0x2013, 0x2015: return true
        case 0x3002, 0x3001, 0xFF0C, 0xFF1F, 0xFF01, 0xFF1B, 0xFF1A, 0xFF0E, 0xFF61, 0xFF64: return true
        case 0x201C, 0x201D, 0x300C...0x3011, 0x30FB, 0xFF5E, 0x301C: return true
        default: return false
        }
    }

    /// Half-width katakana U+FF66…U+FF9D to full-width (U+30xx); index = scalar − 0xFF66.
    static let halfWidthKatakana: [UInt32] = [
        0x30F2, 0x30A1, 0x30A3, 0x30A5, 0x30A7, 0x30A9, 0x30E3, 0x30E5, 0x30E7, 0x30C3,  // ｦｧｨｩｪｫｬｭｮｯ
        0x30FC, 0x30A2, 0x30A4, 0x30A6, 0x30A8, 0x30AA, 0x30AB, 0x30AD, 0x30AF, 0x30B1,  // ｰｱｲｳｴｵｶｷｸｹ
        0x30B3, 0x30B5, 0x30B7, 0x30B9, 0x30BB, 0x30BD, 0x30BF, 0x30C1, 0x30C4, 0x30C6,  // ｺｻｼｽｾｿﾀﾁﾂﾃ
        0x30C8, 0x30CA, 0x30CB, 0x30CC, 0x30CD, 0x30CE, 0x30CF, 0x30D2, 0x30D5, 0x30D8,  // ﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍ
        0x30DB, 0x30DE, 0x30DF, 0x30E0, 0x30E1, 0x30E2, 0x30E4, 0x30E6, 0x30E8, 0x30E9,  // ﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗ
        0x30EA, 0x30EB, 0x30EC, 0x30ED, 0x30EF, 0x30F3,  // ﾘﾙﾚﾛﾜﾝ
    ]

    /// Katakana that take a voiced (゛) or semi-voiced (゜) mark: full-width code + 1 / + 2.
    @inline(__always)
    static func canVoice(_ v: UInt32) -> Bool {
        (v >= 0x30AB && v <= 0x30C8 && v != 0x30C3) || (v >= 0x30CF && v <= 0x30DD)
    }

    @inline(__always)
    static func canSemiVoice(_ v: UInt32) -> Bool { v >= 0x30CF && v <= 0x30DD }
}
