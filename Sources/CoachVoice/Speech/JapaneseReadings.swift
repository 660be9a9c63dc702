// JapaneseReadings: kanji words → kana, so that espeak-ng's `ja` voice (which says "Chinese
// letter" for every kanji) reads Coach's Japanese replies when no HTS voice is installed. The
// table, Intents/ja/_readings.tsv, covers every kanji word of the response catalog; it is generated
// with MeCab over Open JTalk's NAIST-jdic (Benchmarks/voice/ja-readings.py), because open_jtalk will
// not analyse text without a voice and libmecab is not part of a stock Debian with open-jtalk.

import CoachLanguage
import Foundation

public struct JapaneseReadings: Sendable {
    /// First character → (word, reading), longest word first: the longest match wins, as MeCab's
    /// segmentation of the catalog put 一時 before 時.
    private var byFirst: [Character: [(String, String)]] = [:]
    public private(set) var count = 0

    public init(tsv: String) {
        for line in tsv.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard parts.count == 2, let first = parts[0].first else { continue }
            byFirst[first, default: []].append((String(parts[0]), String(parts[1])))
            count += 1
        }
        for key in byFirst.keys { byFirst[key]!.sort { $0.0.count > $1.0.count } }
    }

    /// The table under `intentsDirectory`/ja; empty (kanji left as written) when it is missing.
    public init(intentsDirectory: String) {
        let path = (intentsDirectory as NSString).appendingPathComponent("ja/_readings.tsv")
        self.init(tsv: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
    }

    /// The table of the built-in Intents/ directory.
    public static let builtIn = Recognizer.builtInIntentsDirectory().map { JapaneseReadings(intentsDirectory: $0) }
        ?? JapaneseReadings(tsv: "")

    /// `text` with every known kanji word replaced by its reading (katakana, as the table holds).
    public func read(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        scan: while let c = rest.first {
            for (word, reading) in byFirst[c] ?? [] where rest.hasPrefix(word) {
                out += reading
                rest = rest.dropFirst(word.count)
                continue scan
            }
            out.append(c)
            rest = rest.dropFirst()
        }
        return out
    }

    /// What espeak-ng's `ja` voice is given: readings in, then hiragana (voice.md §9: it reads
    /// hiragana best).
    public func espeakText(_ text: String) -> String { JapaneseSpeech.hiragana(read(text)) }
}
