// JuliusPhones: kana → the phones of Julius's Japanese model, by the table of PySegmentKit's
// `yomi2voca` (the Julius dictation kit's yomi2voca.pl): two-kana rules (きゃ, ぁ-combinations)
// before one-kana rules, ー lengthening the vowel before it (`k a:`), っ as `q`, ん as `N`. Matched
// longest first left to right, which gives what the table's ordered replacements give (its keys
// are kana and its outputs are not, so no rule rewrites another's output).

import Foundation

enum JuliusPhones {
    /// The table in yomi2voca's order (hiragana → phones, each output led by a space).
    static let table: [(String, String)] = [
        ("う゛ぁ", " b a"), ("う゛ぃ", " b i"), ("う゛ぇ", " b e"), ("う゛ぉ", " b o"), ("う゛ゅ", " by u"), ("ぅ゛", " b u"),
        ("あぁ", " a a"), ("いぃ", " i i"), ("いぇ", " i e"), ("いゃ", " y a"), ("うぅ", " u:"), ("えぇ", " e e"),
        ("おぉ", " o:"), ("かぁ", " k a:"), ("きぃ", " k i:"), ("くぅ", " k u:"), ("くゃ", " ky a"), ("くゅ", " ky u"),
        ("くょ", " ky o"), ("けぇ", " k e:"), ("こぉ", " k o:"), ("がぁ", " g a:"), ("ぎぃ", " g i:"), ("ぐぅ", " g u:"),
        ("ぐゃ", " gy a"), ("ぐゅ", " gy u"), ("ぐょ", " gy o"), ("げぇ", " g e:"), ("ごぉ", " g o:"), ("さぁ", " s a:"),
        ("しぃ", " sh i:"), ("すぅ", " s u:"), ("すゃ", " sh a"), ("すゅ", " sh u"), ("すょ", " sh o"), ("せぇ", " s e:"),
        ("そぉ", " s o:"), ("ざぁ", " z a:"), ("じぃ", " j i:"), ("ずぅ", " z u:"), ("ずゃ", " zy a"), ("ずゅ", " zy u"),
        ("ずょ", " zy o"), ("ぜぇ", " z e:"), ("ぞぉ", " z o:"), ("たぁ", " t a:"), ("ちぃ", " ch i:"), ("つぁ", " ts a"),
        ("つぃ", " ts i"), ("つぅ", " ts u:"), ("つゃ", " ch a"), ("つゅ", " ch u"), ("つょ", " ch o"), ("つぇ", " ts e"),
        ("つぉ", " ts o"), ("てぇ", " t e:"), ("とぉ", " t o:"), ("だぁ", " d a:"), ("ぢぃ", " j i:"), ("づぅ", " d u:"),
        ("づゃ", " zy a"), ("づゅ", " zy u"), ("づょ", " zy o"), ("でぇ", " d e:"), ("どぉ", " d o:"), ("なぁ", " n a:"),
        ("にぃ", " n i:"), ("ぬぅ", " n u:"), ("ぬゃ", " ny a"), ("ぬゅ", " ny u"), ("ぬょ", " ny o"), ("ねぇ", " n e:"),
        ("のぉ", " n o:"), ("はぁ", " h a:"), ("ひぃ", " h i:"), ("ふぅ", " f u:"), ("ふゃ", " hy a"), ("ふゅ", " hy u"),
        ("ふょ", " hy o"), ("へぇ", " h e:"), ("ほぉ", " h o:"), ("ばぁ", " b a:"), ("びぃ", " b i:"), ("ぶぅ", " b u:"),
        ("ふゃ", " hy a"), ("ぶゅ", " by u"), ("ふょ", " hy o"), ("べぇ", " b e:"), ("ぼぉ", " b o:"), ("ぱぁ", " p a:"),
        ("ぴぃ", " p i:"), ("ぷぅ", " p u:"), ("ぷゃ", " py a"), ("ぷゅ", " py u"), ("ぷょ", " py o"), ("ぺぇ", " p e:"),
        ("ぽぉ", " p o:"), ("まぁ", " m a:"), ("みぃ", " m i:"), ("むぅ", " m u:"), ("むゃ", " my a"), ("むゅ", " my u"),
        ("むょ", " my o"), ("めぇ", " m e:"), ("もぉ", " m o:"), ("やぁ", " y a:"), ("ゆぅ", " y u:"), ("ゆゃ", " y a:"),
        ("ゆゅ", " y u:"), ("ゆょ", " y o:"), ("よぉ", " y o:"), ("らぁ", " r a:"), ("りぃ", " r i:"), ("るぅ", " r u:"),
        ("るゃ", " ry a"), ("るゅ", " ry u"), ("るょ", " ry o"), ("れぇ", " r e:"), ("ろぉ", " r o:"), ("わぁ", " w a:"),
        ("をぉ", " o:"), ("う゛", " b u"), ("でぃ", " d i"), ("でぇ", " d e:"), ("でゃ", " dy a"), ("でゅ", " dy u"),
        ("でょ", " dy o"), ("てぃ", " t i"), ("てぇ", " t e:"), ("てゃ", " ty a"), ("てゅ", " ty u"), ("てょ", " ty o"),
        ("すぃ", " s i"), ("ずぁ", " z u a"), ("ずぃ", " z i"), ("ずぅ", " z u"), ("ずゃ", " zy a"), ("ずゅ", " zy u"),
        ("ずょ", " zy o"), ("ずぇ", " z e"), ("ずぉ", " z o"), ("きゃ", " ky a"), ("きゅ", " ky u"), ("きょ", " ky o"),
        ("しゃ", " sh a"), ("しゅ", " sh u"), ("しぇ", " sh e"), ("しょ", " sh o"), ("ちゃ", " ch a"), ("ちゅ", " ch u"),
        ("ちぇ", " ch e"), ("ちょ", " ch o"), ("とぅ", " t u"), ("とゃ", " ty a"), ("とゅ", " ty u"), ("とょ", " ty o"),
        ("どぁ", " d o a"), ("どぅ", " d u"), ("どゃ", " dy a"), ("どゅ", " dy u"), ("どょ", " dy o"), ("どぉ", " d o:"),
        ("にゃ", " ny a"), ("にゅ", " ny u"), ("にょ", " ny o"), ("ひゃ", " hy a"), ("ひゅ", " hy u"), ("ひょ", " hy o"),
        ("みゃ", " my a"), ("みゅ", " my u"), ("みょ", " my o"), ("りゃ", " ry a"), ("りゅ", " ry u"), ("りょ", " ry o"),
        ("ぎゃ", " gy a"), ("ぎゅ", " gy u"), ("ぎょ", " gy o"), ("ぢぇ", " j e"), ("ぢゃ", " j a"), ("ぢゅ", " j u"),
        ("ぢょ", " j o"), ("じぇ", " j e"), ("じゃ", " j a"), ("じゅ", " j u"), ("じょ", " j o"), ("びゃ", " by a"),
        ("びゅ", " by u"), ("びょ", " by o"), ("ぴゃ", " py a"), ("ぴゅ", " py u"), ("ぴょ", " py o"), ("うぁ", " u a"),
        ("うぃ", " w i"), ("うぇ", " w e"), ("うぉ", " w o"), ("ふぁ", " f a"), ("ふぃ", " f i"), ("ふぅ", " f u"),
        ("ふゃ", " hy a"), ("ふゅ", " hy u"), ("ふょ", " hy o"), ("ふぇ", " f e"), ("ふぉ", " f o"), ("あ", " a"),
        ("い", " i"), ("う", " u"), ("え", " e"), ("お", " o"), ("か", " k a"), ("き", " k i"),
        ("く", " k u"), ("け", " k e"), ("こ", " k o"), ("さ", " s a"), ("し", " sh i"), ("す", " s u"),
        ("せ", " s e"), ("そ", " s o"), ("た", " t a"), ("ち", " ch i"), ("つ", " ts u"), ("て", " t e"),
        ("と", " t o"), ("な", " n a"), ("に", " n i"), ("ぬ", " n u"), ("ね", " n e"), ("の", " n o"),
        ("は", " h a"), ("ひ", " h i"), ("ふ", " f u"), ("へ", " h e"), ("ほ", " h o"), ("ま", " m a"),
        ("み", " m i"), ("む", " m u"), ("め", " m e"), ("も", " m o"), ("ら", " r a"), ("り", " r i"),
        ("る", " r u"), ("れ", " r e"), ("ろ", " r o"), ("が", " g a"), ("ぎ", " g i"), ("ぐ", " g u"),
        ("げ", " g e"), ("ご", " g o"), ("ざ", " z a"), ("じ", " j i"), ("ず", " z u"), ("ぜ", " z e"),
        ("ぞ", " z o"), ("だ", " d a"), ("ぢ", " j i"), ("づ", " z u"), ("で", " d e"), ("ど", " d o"),
        ("ば", " b a"), ("び", " b i"), ("ぶ", " b u"), ("べ", " b e"), ("ぼ", " b o"), ("ぱ", " p a"),
        ("ぴ", " p i"), ("ぷ", " p u"), ("ぺ", " p e"), ("ぽ", " p o"), ("や", " y a"), ("ゆ", " y u"),
        ("よ", " y o"), ("わ", " w a"), ("ゐ", " i"), ("ゑ", " e"), ("ん", " N"), ("っ", " q"),
        ("ー", ":"), ("ぁ", " a"), ("ぃ", " i"), ("ぅ", " u"), ("ぇ", " e"), ("ぉ", " o"),
        ("ゎ", " w a"), ("ぉ", " o"), ("を", " o"),
    ]

    private static let rules: [String: String] = Dictionary(table, uniquingKeysWith: { first, _ in first })
    private static let longestKey = table.map(\.0.count).max() ?? 1

    /// Julius's phones for a reading in katakana or hiragana (`k a: d o`), nil when some of it is
    /// not kana (a kanji or a Latin letter left unread).
    static func phones(kana: String) -> String? {
        let chars = Array(hiragana(kana).replacingOccurrences(of: "ゔ", with: "う゛"))
        var out = ""
        var i = 0
        next: while i < chars.count {
            for length in stride(from: min(longestKey, chars.count - i), through: 1, by: -1) {
                if let phones = rules[String(chars[i..<i + length])] {
                    out += phones
                    i += length
                    continue next
                }
            }
            return nil
        }
        let trimmed = out.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty || trimmed.hasPrefix(":") ? nil : trimmed
    }

    /// Katakana as hiragana (ー and everything else as it is).
    static func hiragana(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            (0x30A1...0x30F6).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0x60)! : scalar
        }))
    }

    /// The syllable of every single kana (`k a`, `sh i`, `N`, `q` …; きょ is `k i` `y o`), for the free
    /// syllable loop beside the command grammar (JuliusGrammar.syllableLoop).
    static var syllables: [String] {
        Set(table.filter { $0.0.count == 1 }.map { $0.1.trimmingCharacters(in: .whitespaces) })
            .filter { !$0.isEmpty && !$0.hasPrefix(":") }.sorted()
    }

    /// The one-kana syllables with the table's two-kana ones (`ky o`, `f a`) and every syllable
    /// ending in a vowel also long (`k a:`): a closer free path, measured against `syllables`
    /// (COACH_JULIUS_LOOP=rich; docs/voice.md, "Japanese by voice").
    static var richSyllables: [String] {
        let all = Set(table.map { $0.1.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix(":") })
        let long = all.filter { ["a", "i", "u", "e", "o"].contains($0.split(separator: " ").last.map(String.init) ?? "") }.map { $0 + ":" }
        // ty and zy are in the table but not in the model's phones (julius would not load the loop).
        return all.union(long).filter { s in
            let phones = s.split(separator: " ")
            return phones.count <= 2 && !phones.contains("ty") && !phones.contains("zy")
        }.sorted()
    }
}
