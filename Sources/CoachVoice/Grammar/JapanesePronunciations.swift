// JapanesePronunciations: the phoneme engine's dictionary for the Japanese grammar. A grammar word
// is a chunk of a template (Japanese has no spaces, so "一時停止" or "始めよう" is one word) and
// is read as kana: first the readings of Intents/ja/_voice.yaml (`pronunciations:`, in kana:
// number words, units), then the longest kanji words of Intents/ja/_voice_readings.tsv (every
// kanji word of the templates, read by MeCab over Open JTalk's NAIST-jdic:
// Benchmarks/voice/ja-readings.py --grammar) and of the replies' _readings.tsv; kana is kept as
// written. The kana become Japanese phones (JapanesePhones), written as cmudict lines so the
// decoder reads them as it reads English.

import Foundation

enum JapanesePronunciations {
    /// The readings table the grammar's kanji words are read with: the grammar's own words
    /// (`_voice_readings.tsv`, whole words) and the replies' (`_readings.tsv`), both under `ja/`.
    static func readings(directories: [String]) -> JapaneseReadings {
        let tsv = directories.flatMap { dir in
            ["_voice_readings.tsv", "_readings.tsv"].compactMap {
                try? String(contentsOfFile: (dir as NSString).appendingPathComponent($0), encoding: .utf8)
            }
        }
        return JapaneseReadings(tsv: tsv.joined(separator: "\n"))
    }

    /// The kana readings of `word` (variants; nil when some of it cannot be read).
    static func kana(of word: String, lexicon: VoiceLexicon, readings: JapaneseReadings) -> [String]? {
        if let given = lexicon.pronunciations[word], !given.isEmpty { return given }
        let read = readings.read(word)
        return JapanesePhones.phones(kana: read) == nil ? nil : [read]
    }

    /// The phones of `word`, every reading's variants (nil: unreadable).
    static func phones(of word: String, lexicon: VoiceLexicon, readings: JapaneseReadings) -> [[String]]? {
        guard let kana = kana(of: word, lexicon: lexicon, readings: readings) else { return nil }
        var out: [[String]] = []
        for k in kana {
            guard let variants = JapanesePhones.phones(kana: k) else { return nil }
            for v in variants where !out.contains(v) { out.append(v) }
        }
        return out.isEmpty ? nil : out
    }

    /// The dictionary of `words` (word → origin, marked skip words included), and the words that
    /// have no reading.
    static func make(words: [String: String], lexicon: VoiceLexicon, readings: JapaneseReadings) -> Pronunciations {
        var lines: [String] = []
        var unreadable: [String] = []
        for word in words.keys.sorted() {
            let plain = String(SpeechGrammar.unmarked(word: Substring(word)))
            guard let variants = phones(of: plain, lexicon: lexicon, readings: readings) else {
                unreadable.append(plain)
                continue
            }
            for (i, phones) in variants.enumerated() {
                lines.append((i == 0 ? word : "\(word)(\(i + 1))") + " " + phones.joined(separator: " "))
            }
        }
        return Pronunciations(dictionary: lines.joined(separator: "\n") + "\n", notes: [], unpronounceable: Array(Set(unreadable)).sorted())
    }
}
