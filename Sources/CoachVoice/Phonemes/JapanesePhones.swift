// JapanesePhones: how kana sound, as phones of hama's IPA tokens — the Japanese side of PhoneSet.
// A reading (katakana or hiragana, as MeCab's pronunciation field writes it: テーシ, ジュップン) is
// cut into morae (キャ, ッ, ン, ー …) and each mora into phones; a phone is a small set of the
// model's tokens (ふ's consonant is ɸ, f or h; ん is ɴ, n, m, ŋ or ɲ by what follows).
//
// Why the table lives here and not in Intents/ja/_voice.yaml: it is not vocabulary a user extends
// or reads but the model's view of Japanese sound, read only by PhoneSet, like the English table.
// Words (kanji → kana) are data: Intents/ja/_voice_readings.tsv and _voice.yaml's pronunciations.
//
// Choices, for the CTC search: a long vowel (ー, or the same vowel twice) is one vowel phone — its
// tokens include ː, and CTC could not repeat a phone without a blank between; the geminate ッ is
// no phone (the next consonant is held longer, the model writes it once); i and u between voiceless
// consonants and a final す are often devoiced (します "shimas", シテ "shte"): a variant without them.

import Foundation

extension PhoneSet {
    /// Japanese phone → hama's IPA tokens.
    static let japaneseTokens: [String: [String]] = [
        // The model hears Japanese much as English (ジョギングを開始 comes out "d͡ʒ ɔ g ɪ ŋ | g u | k eɪ s i",
        // ワークアウト "m ɑ k ə l t oʊ", 始めて "h æ d ɪ m ɪ t ɪ"), so each phone also takes the tokens it
        // is heard as; an English diphthong token spans two Japanese vowels (カイ: "k eɪ"), so both take it.
        "a": ["a", "ä", "ɑ", "ɐ", "ʌ", "æ", "ə", "aɪ", "aʊ", "eɪ"], "i": ["i", "ɪ", "ɨ", "aɪ", "eɪ", "ɔɪ"],
        "u": ["ɯ", "u", "ʊ", "ʉ", "ɨ", "ə", "aʊ", "oʊ"], "e": ["e", "ɛ", "eɪ", "ɘ", "æ", "ɪ"], "o": ["o", "ɔ", "oʊ", "ɒ", "ɤ", "ɔɪ"],
        "k": ["k", "kʰ", "k͈", "g"], "g": ["ɡ", "g", "ɣ", "ŋ", "k"], "s": ["s", "s͈", "θ"], "z": ["z", "ʑ", "d͡ʒ", "s"],
        "sh": ["ɕ", "ʃ", "ʂ", "s"], "j": ["ʑ", "d͡ʒ", "ʒ", "ɟ", "d"], "ch": ["t͡ɕ", "t͡ʃ", "t͡ɕʰ", "t͡ɕ͈", "ʃ", "t"],
        "ts": ["t", "s", "tʰ"], "t": ["t", "tʰ", "t͈", "ɾ", "ʔ", "d"], "d": ["d", "ɾ", "ɖ", "ð", "t"], "n": ["n", "ɲ", "l"],
        "h": ["h", "ç", "ɦ", "x"], "f": ["ɸ", "f", "h"], "b": ["b", "β", "v", "p"], "p": ["p", "pʰ", "p͈", "b"], "m": ["m"],
        "y": ["j", "ʲ", "ja", "ju", "jo", "je"], "r": ["ɾ", "r", "ɽ", "l", "ɹ", "ɻ", "d", "ɫ", "t"],
        "w": ["w", "wa", "ɰ", "ʋ", "m", "v"], "N": ["ɴ", "n", "m", "ŋ", "ɲ"],
    ]
    static let japaneseVowels: Set<String> = ["a", "i", "u", "e", "o"]

    /// The Japanese phones, scored from `tokens` (the model's token list).
    static func japanese(tokens: [String]) -> PhoneSet {
        PhoneSet(tokens: tokens, table: japaneseTokens, vowels: japaneseVowels)
    }
}

/// Kana → phones (the names of `PhoneSet.japaneseTokens`).
enum JapanesePhones {
    /// A mora's phones, in katakana. Hiragana is turned into katakana first.
    static let morae: [String: [String]] = {
        var table: [String: [String]] = [:]
        let vowels = ["ア": "a", "イ": "i", "ウ": "u", "エ": "e", "オ": "o"]
        for (k, v) in vowels { table[k] = [v] }
        let rows: [(String, String, [String?])] = [
            ("k", "カキクケコ", ["k", "k", "k", "k", "k"]), ("g", "ガギグゲゴ", ["g", "g", "g", "g", "g"]),
            ("s", "サシスセソ", ["s", "sh", "s", "s", "s"]), ("z", "ザジズゼゾ", ["z", "j", "z", "z", "z"]),
            ("t", "タチツテト", ["t", "ch", "ts", "t", "t"]), ("d", "ダヂヅデド", ["d", "j", "z", "d", "d"]),
            ("n", "ナニヌネノ", ["n", "n", "n", "n", "n"]), ("h", "ハヒフヘホ", ["h", "h", "f", "h", "h"]),
            ("b", "バビブベボ", ["b", "b", "b", "b", "b"]), ("p", "パピプペポ", ["p", "p", "p", "p", "p"]),
            ("m", "マミムメモ", ["m", "m", "m", "m", "m"]), ("r", "ラリルレロ", ["r", "r", "r", "r", "r"]),
        ]
        let order = ["a", "i", "u", "e", "o"]
        for (_, kana, consonants) in rows {
            for (i, ch) in kana.enumerated() { table[String(ch)] = [consonants[i]!, order[i]] }
        }
        for (k, v) in ["ヤ": "a", "ユ": "u", "ヨ": "o"] { table[k] = ["y", v] }
        table["ワ"] = ["w", "a"]
        table["ヲ"] = ["o"]
        table["ン"] = ["N"]
        table["ヴ"] = ["b", "u"]
        // Small vowels and ゃゅょ after a consonant (キャ, シェ, ティ, ファ, ウィ …).
        let palatal: [String: (String, [String])] = [
            "キ": ("k", ["y"]), "ギ": ("g", ["y"]), "シ": ("sh", []), "ジ": ("j", []), "チ": ("ch", []), "ヂ": ("j", []),
            "ニ": ("n", ["y"]), "ヒ": ("h", ["y"]), "ビ": ("b", ["y"]), "ピ": ("p", ["y"]), "ミ": ("m", ["y"]), "リ": ("r", ["y"]),
        ]
        for (head, (c, glide)) in palatal {
            for (small, v) in ["ャ": "a", "ュ": "u", "ョ": "o", "ェ": "e"] { table[head + small] = [c] + glide + [v] }
        }
        for (pair, phones) in [("ティ", ["t", "i"]), ("ディ", ["d", "i"]), ("トゥ", ["t", "u"]), ("ドゥ", ["d", "u"]),
                               ("ファ", ["f", "a"]), ("フィ", ["f", "i"]), ("フェ", ["f", "e"]), ("フォ", ["f", "o"]),
                               ("ウィ", ["w", "i"]), ("ウェ", ["w", "e"]), ("ウォ", ["w", "o"]), ("ヴァ", ["b", "a"]),
                               ("ヴィ", ["b", "i"]), ("ヴェ", ["b", "e"]), ("ヴォ", ["b", "o"]), ("ツァ", ["ts", "a"]),
                               ("ツィ", ["ts", "i"]), ("ツェ", ["ts", "e"]), ("ツォ", ["ts", "o"]), ("イェ", ["y", "e"]),
                               ("テュ", ["t", "y", "u"]), ("デュ", ["d", "y", "u"]), ("フュ", ["f", "y", "u"])] {
            table[pair] = phones
        }
        for (small, v) in ["ァ": "a", "ィ": "i", "ゥ": "u", "ェ": "e", "ォ": "o", "ャ": "a", "ュ": "u", "ョ": "o", "ヮ": "a"] {
            table[small] = [v]  // a small kana alone: its vowel
        }
        return table
    }()

    static let voiceless: Set<String> = ["k", "s", "sh", "t", "ch", "ts", "h", "f", "p"]

    /// Hiragana → katakana (the table's script).
    static func katakana(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { u in
            (0x3041...0x3096).contains(u.value) ? Unicode.Scalar(u.value + 0x60) ?? u : u
        }))
    }

    /// The phones of `kana` (nil when a character is not kana), with its variants: the first is
    /// the careful one; a final ス without its vowel follows.
    static func phones(kana: String) -> [[String]]? {
        let chars = Array(katakana(kana))
        var out: [String] = []
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "ッ" || c == "・" || c == "　" || c == " " { i += 1; continue }  // geminate: the next consonant held
            if c == "ー" || c == "〜" { i += 1; continue }  // a long vowel: the vowel phone has ː
            if i + 1 < chars.count, let p = morae[String(chars[i]) + String(chars[i + 1])] {
                out += p
                i += 2
                continue
            }
            guard let p = morae[String(c)] else { return nil }
            out += p
            i += 1
        }
        // The same vowel twice (オオ, イイ) is one long vowel for CTC.
        var merged: [String] = []
        for p in out where !(PhoneSet.japaneseVowels.contains(p) && merged.last == p) { merged.append(p) }
        guard !merged.isEmpty else { return nil }
        var variants = [merged]
        // Devoiced: i and u between voiceless consonants, or a final す, are often not heard (シテ "shte").
        var devoiced: [String] = []
        for (i, p) in merged.enumerated() {
            let between = i > 0 && voiceless.contains(merged[i - 1]) && (i + 1 == merged.count ? p == "u" && merged[i - 1] == "s"
                                                                                                   : voiceless.contains(merged[i + 1]))
            if (p == "i" || p == "u"), between, devoiced.count > 0 { continue }
            devoiced.append(p)
        }
        if devoiced != merged { variants.append(devoiced) }
        return variants
    }
}
