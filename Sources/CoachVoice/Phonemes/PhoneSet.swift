// PhoneSet: the CMU dictionary's 39 English phones (ARPAbet, as pocketsphinx-en-us spells them)
// in terms of hama's IPA tokens. The model was trained on narrow IPA from many languages, so one
// English phone is several tokens ("T" is t, tʰ, a flap ɾ or a glottal stop ʔ); a phone's score in a
// frame is the log of the summed probability of its tokens. The CTC blank and the word boundary
// `<wb>` (which the model emits between words, where the grammar has nothing) are one "blank".
//
// The table is the model's data, not words anyone reads: it lives here beside the one type that
// reads it. Length marks (ː) count toward vowels: the model writes "iː" as two tokens.

import Foundation

struct PhoneSet: Sendable {
    /// ARPAbet phone → the IPA tokens it may come out as.
    static let englishTokens: [String: [String]] = [
        "AA": ["ɑ", "ɒ", "a", "ɑː"], "AE": ["æ", "a", "ɛ"], "AH": ["ʌ", "ə", "ɐ", "ɜ"], "AO": ["ɔ", "ɑ", "ɒ", "o"],
        "AW": ["aʊ"], "AY": ["aɪ"], "B": ["b", "β"], "CH": ["t͡ʃ", "t͡ɕ", "ʃ"], "D": ["d", "ɾ", "ɖ"], "DH": ["ð", "d"],
        "EH": ["ɛ", "e", "æ"], "ER": ["ɝ", "ɚ", "ɜ"], "EY": ["eɪ", "e"], "F": ["f", "ɸ"], "G": ["ɡ", "g"], "HH": ["h", "ɦ"],
        "IH": ["ɪ", "i", "ɨ"], "IY": ["i", "ɪ"], "JH": ["d͡ʒ", "ʒ"], "K": ["k", "kʰ"], "L": ["l", "ɫ"], "M": ["m"],
        "N": ["n"], "NG": ["ŋ"], "OW": ["oʊ", "o", "əʊ"], "OY": ["ɔɪ"], "P": ["p", "pʰ"], "R": ["ɹ", "r", "ɻ", "ɾ"],
        "S": ["s"], "SH": ["ʃ", "ɕ"], "T": ["t", "tʰ", "ɾ", "ʔ"], "TH": ["θ"], "UH": ["ʊ", "u"], "UW": ["u", "ʉ", "uː"],
        "V": ["v", "ʋ"], "W": ["w"], "Y": ["j"], "Z": ["z"], "ZH": ["ʒ"],
    ]
    static let vowels: Set<String> = ["AA", "AE", "AH", "AO", "AW", "AY", "EH", "ER", "EY", "IH", "IY", "OW", "OY", "UH", "UW"]

    /// The phones, in a fixed order; a phone's index in scores is its place here + 1 (0 is the blank).
    let phones: [String]
    let index: [String: Int]
    /// Per phone (by index), the model's token ids it sums over; [0] is the blank's.
    let tokenIds: [[Int]]

    init(tokens: [String], table: [String: [String]] = PhoneSet.englishTokens, vowels: Set<String> = PhoneSet.vowels) {
        let id = Dictionary(tokens.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        phones = table.keys.sorted()
        index = Dictionary(uniqueKeysWithValues: phones.enumerated().map { ($1, $0 + 1) })
        let blank = ["<blank>", "<wb>"].compactMap { id[$0] }
        tokenIds = [blank] + phones.map { phone in
            let names = table[phone]! + (vowels.contains(phone) ? ["ː"] : [])
            return Array(Set(names.compactMap { id[$0] })).sorted()
        }
    }

    /// Number of score columns: the blank and every phone.
    var width: Int { phones.count + 1 }

    /// Per frame, the blank's and each phone's log-probability (frames × width).
    func scores(_ frames: PhoneticModel.Frames) -> [Float] {
        var out = [Float](repeating: 0, count: frames.count * width)
        frames.logProbabilities.withUnsafeBufferPointer { lp in
            for t in 0..<frames.count {
                let row = t * frames.width
                for (p, ids) in tokenIds.enumerated() {
                    var peak = -Float.infinity
                    for i in ids { peak = max(peak, lp[row + i]) }
                    var sum: Float = 0
                    for i in ids { sum += expf(lp[row + i] - peak) }
                    out[t * width + p] = peak + logf(sum)
                }
            }
        }
        return out
    }

    /// A dictionary's pronunciations as phone indices (cmudict text: `word PH PH …`, `word(2) …`).
    /// Phones outside the set are dropped with their pronunciation.
    func pronunciations(dictionary: String) -> [String: [[Int]]] {
        var out: [String: [[Int]]] = [:]
        for line in dictionary.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard var word = fields.first, fields.count > 1 else { continue }
            if word.hasSuffix(")"), let open = word.lastIndex(of: "(") { word = word[..<open] }
            let ids = fields.dropFirst().compactMap { index[String($0.filter(\.isLetter))] }
            guard ids.count == fields.count - 1 else { continue }
            out[String(word), default: []].append(ids)
        }
        return out
    }
}
