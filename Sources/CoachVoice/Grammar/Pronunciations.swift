// Pronunciations: the dictionary the decoder gets — only the grammar's words, looked up in the
// model's cmudict, then in the lexicon kept as data (Intents/<lang>/_voice.yaml), then spelled
// letter by letter. Every word not in cmudict is reported (word, where it comes from, what was done).

import CoachLanguage
import CoachWire
import Foundation

/// The speech data of one language's `_voice.yaml`: extra pronunciations, letter names, filler.
public struct VoiceLexicon: Sendable {
    /// word → its pronunciations, the first the usual one ("hiit": "hit", then "H I I T").
    public var pronunciations: [String: [String]] = [:]
    public var letters: [String: String] = [:]
    public var filler: [String] = []
    public var writtenOnly: Set<String> = []
    /// Words the free transcript need not repeat for a second opinion to confirm a command heard
    /// after the wake phrase (`second_opinion_ignores:`; WakeSecondOpinion).
    public var secondOpinionIgnores: Set<String> = []
    /// Word → its weight in the grammar against the usual 1 (`priors:`; SpeechGrammar.wordPriors).
    public var priors: [String: Double] = [:]
    /// The wake phrase of this language when the settings' one cannot be said in it (`wake_phrase:`,
    /// Japanese: an English "hey coach" has no reading).
    public var wakePhrase: String?

    public init() {}

    /// The speech words of one language as the Vocabulary read them (`_voice.yaml`; user files extend).
    public init(_ words: VoiceWords) {
        for entry in words.pronunciations { pronunciations[entry.name.lowercased()] = entry.words }
        for pair in words.letters { letters[pair.key.lowercased()] = pair.value }
        filler = words.filler
        writtenOnly = Set(words.writtenOnly.map { $0.lowercased() })
        secondOpinionIgnores = Set(words.secondOpinionIgnores.map { $0.lowercased() })
        for prior in words.priors where prior.weight > 0 && prior.weight <= 1 { priors[prior.word.lowercased()] = prior.weight }
        wakePhrase = words.wakePhrase
    }

    /// The speech words of `directories` (built-in first, user files extend).
    public static func load(directories: [String]) throws -> VoiceLexicon {
        VoiceLexicon(try Vocabulary.load(.en, directories: directories, only: VoiceWords.keys).voice)
    }
}

public struct Pronunciations: Sendable {
    public struct Note: Sendable, Equatable, CustomStringConvertible {
        public enum Source: String, Sendable { case lexicon, compound, spelled }
        public let word: String
        public let origin: String
        public let source: Source
        public let phones: String
        public var description: String {
            "'\(word)' (from \(origin)) is not in the pronunciation dictionary: "
                + ["lexicon": "using the lexicon's \(phones)", "compound": "said as a compound, \(phones)",
                   "spelled": "spelled as letters, \(phones)"][source.rawValue, default: phones]
        }
    }

    /// cmudict-format text for the decoder (`word PHONES`, variants as `word(2)`).
    public let dictionary: String
    public let notes: [Note]
    /// Words with no pronunciation at all (characters with no letter name): left out of the grammar.
    public let unpronounceable: [String]

    /// A dictionary made elsewhere (JapanesePronunciations: readings → Japanese phones).
    init(dictionary: String, notes: [Note], unpronounceable: [String]) {
        self.dictionary = dictionary
        self.notes = notes
        self.unpronounceable = unpronounceable
    }

    /// `words`: word → origin (from SpeechGrammar); `cmudict`: the model dictionary's text.
    public init(words: [String: String], cmudict: String, lexicon: VoiceLexicon) {
        // A marked token (garbage loop "~the", skip phrase "^please") is said as its word: look
        // the word up, write both.
        let marked = Set(words.keys.filter { SpeechGrammar.unmarked(word: Substring($0)).count != $0.count })
        let plain = Set(words.keys).subtracting(marked)
        let words = words.filter { !marked.contains($0.key) }
            .merging(marked.map { (String(SpeechGrammar.unmarked(word: Substring($0))), words[$0]!) }) { command, _ in command }
        var found = Self.lookUp(Set(words.keys), in: cmudict)
        let missing = words.keys.filter { found[$0] == nil && lexicon.pronunciations[$0] == nil }
        // Letter-to-sound for a missing word: first as a compound of dictionary words
        // ("kettlebell" = kettle + bell, "bootcamp"), else spelled letter by letter ("mtb").
        var pieces = Set<String>()
        for w in missing {
            let chars = Array(w)
            for i in 0..<chars.count { for j in (i + 2)...max(i + 2, chars.count) where j <= chars.count { pieces.insert(String(chars[i..<j])) } }
        }
        let pieceSounds = Self.lookUp(pieces, in: cmudict).mapValues { $0[0] }
        var notes: [Note] = []
        var unpronounceable: [String] = []
        for (word, origin) in words.sorted(by: { $0.key < $1.key }) where found[word] == nil {
            if let p = lexicon.pronunciations[word], !p.isEmpty {
                found[word] = p
                notes.append(Note(word: word, origin: origin, source: .lexicon, phones: p.joined(separator: " | ")))
            } else if let p = Self.compound(word, pieceSounds) {
                found[word] = [p]
                notes.append(Note(word: word, origin: origin, source: .compound, phones: p))
            } else {
                let letters = word.compactMap { lexicon.letters[String($0)] }
                if letters.count == word.filter({ $0 != "'" }).count, !letters.isEmpty {
                    let p = letters.joined(separator: " ")
                    found[word] = [p]
                    notes.append(Note(word: word, origin: origin, source: .spelled, phones: p))
                } else {
                    unpronounceable.append(word)
                }
            }
        }
        var out: [String] = []
        for token in marked.sorted() {
            guard let variants = found[String(SpeechGrammar.unmarked(word: Substring(token)))] else { continue }
            if token.hasPrefix(SpeechGrammar.fillerMark) {
                out.append(token + " " + variants[0])  // one variant: the loop is garbage, not a transcript
            } else {
                for (i, phones) in variants.enumerated() { out.append((i == 0 ? token : "\(token)(\(i + 1))") + " " + phones) }
            }
        }
        for (word, variants) in found.sorted(by: { $0.key < $1.key }) where plain.contains(word) {
            for (i, phones) in variants.enumerated() {
                out.append((i == 0 ? word : "\(word)(\(i + 1))") + " " + phones)
            }
        }
        dictionary = out.joined(separator: "\n") + "\n"
        self.notes = notes
        self.unpronounceable = unpronounceable
    }

    /// Dictionary lines for `words` (all variants, in dictionary order). Hand-written over the
    /// text's UTF-8 bytes: as Substrings and Characters (split into lines, find the space, strip
    /// "(2)") the 134k-line dictionary took ~170 ms of `coach listen`'s start; as bytes, ~25 ms
    /// (release, COACH_VOICE_TIMING=1 coach listen …: the "dictionary" mark).
    static func lookUp(_ words: Set<String>, in dictionary: String) -> [String: [String]] {
        var found: [String: [String]] = [:]
        var text = dictionary
        text.withUTF8 { bytes in
            let space = UInt8(ascii: " "), newline = UInt8(ascii: "\n"), open = UInt8(ascii: "("), close = UInt8(ascii: ")")
            var lineStart = 0
            while lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count && bytes[lineEnd] != newline { lineEnd += 1 }
                defer { lineStart = lineEnd + 1 }
                var wordEnd = lineStart
                while wordEnd < lineEnd && bytes[wordEnd] != space { wordEnd += 1 }
                guard wordEnd < lineEnd, wordEnd > lineStart else { continue }
                var keyEnd = wordEnd  // "word(2)" → "word"
                if bytes[wordEnd - 1] == close, let paren = (lineStart..<wordEnd).last(where: { bytes[$0] == open }) { keyEnd = paren }
                let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[lineStart..<keyEnd]), as: UTF8.self)
                guard words.contains(word) else { continue }
                let phones = String(decoding: UnsafeBufferPointer(rebasing: bytes[(wordEnd + 1)..<lineEnd]), as: UTF8.self)
                found[word, default: []].append(phones.trimmingCharacters(in: .whitespaces))
            }
        }
        return found
    }

    /// The fewest dictionary words (of 2+ letters) that spell `word`, their phones joined.
    static func compound(_ word: String, _ sounds: [String: String]) -> String? {
        let chars = Array(word)
        var best: [[String]?] = Array(repeating: nil, count: chars.count + 1)
        best[0] = []
        for end in 1...max(1, chars.count) where end <= chars.count {
            for start in 0..<end where end - start >= 2 {
                guard let prefix = best[start], let p = sounds[String(chars[start..<end])] else { continue }
                if best[end] == nil || best[end]!.count > prefix.count + 1 { best[end] = prefix + [p] }
            }
        }
        guard let parts = best[chars.count], parts.count >= 2 else { return nil }
        return parts.joined(separator: " ")
    }
}
