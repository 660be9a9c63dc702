// The decoder's dictionary for the real Intents/en: no command word is left to the letter-by-letter
// fallback ("zumba" spelled "Z U M B A", "jiu" "J I U" — nobody says them so), and the lexicon's
// variants ("hiit": "hit" or spelled out) all reach the dictionary.

@testable import CoachVoice
import CoachLanguage
import Foundation
import Testing

@Suite struct PronunciationTests {
    static let intents = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Intents").path
    static let cmudictPath = "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict"

    @Test func noCommandWordIsSpelledLetterByLetter() throws {
        let cmudict = try String(contentsOfFile: Self.cmudictPath, encoding: .utf8)  // pocketsphinx-en-us (scripts/apt-packages.txt)
        let source = try SentenceSource.load(intentsDirectory: Self.intents, userDirectory: nil, language: .en)
        let lexicon = try VoiceLexicon.load(directories: [Self.intents + "/en"])
        let grammar = SpeechGrammar(source: source, filler: lexicon.filler, fillerWeight: 0.005, writtenOnly: lexicon.writtenOnly)
        let p = Pronunciations(words: grammar.words, cmudict: cmudict, lexicon: lexicon)
        let spelled = p.notes.filter { $0.source == .spelled }.map(\.word)
        #expect(spelled.isEmpty, "said as words, these need a pronunciation in Intents/en/_voice.yaml: \(spelled)")
        #expect(p.unpronounceable.isEmpty)
        // The lexicon's own words are used as written there.
        let lines = Set(p.dictionary.split(separator: "\n").map(String.init))
        #expect(lines.contains("zumba Z UW M B AH"))
        #expect(lines.contains("hiit HH IH T") && lines.contains("hiit(2) EY CH AY AY T IY"))
    }

    @Test func aLexiconEntryMayListVariants() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("coach-lexicon-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try """
            pronunciations:
              hiit: ["HH IH T", "EY CH AY AY T IY"]
              erg: "ER G"
            """.write(to: dir.appendingPathComponent("_voice.yaml"), atomically: true, encoding: .utf8)
        let lexicon = try VoiceLexicon.load(directories: [dir.path])
        #expect(lexicon.pronunciations["hiit"] == ["HH IH T", "EY CH AY AY T IY"])
        #expect(lexicon.pronunciations["erg"] == ["ER G"])
        let p = Pronunciations(words: ["hiit": "test", "~hiit": "filler"], cmudict: "", lexicon: lexicon)
        let lines = p.dictionary.split(separator: "\n").map(String.init)
        #expect(lines.contains("hiit HH IH T") && lines.contains("hiit(2) EY CH AY AY T IY"))
        #expect(lines.contains("~hiit HH IH T") && !lines.contains { $0.hasPrefix("~hiit(2)") }, "the loop keeps one variant")
    }

    /// The byte scan finds what a plain line-by-line reading finds: every variant, in order.
    @Test func theByteScanReadsTheDictionaryLikeLines() throws {
        let cmudict = try String(contentsOfFile: Self.cmudictPath, encoding: .utf8)
        let source = try SentenceSource.load(intentsDirectory: Self.intents, userDirectory: nil, language: .en)
        var words = Set(SpeechGrammar(source: source).words.keys)
        words.formUnion(["the", "live", "read", "a", "zzz-not-a-word", "kettle", "bell"])
        var expected: [String: [String]] = [:]
        for line in cmudict.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2 else { continue }
            var word = String(parts[0])
            if word.hasSuffix(")"), let paren = word.lastIndex(of: "(") { word = String(word[..<paren]) }
            if words.contains(word) { expected[word, default: []].append(parts[1].trimmingCharacters(in: .whitespaces)) }
        }
        let found = Pronunciations.lookUp(words, in: cmudict)
        #expect(found == expected)
        #expect((found["the"]?.count ?? 0) >= 2, "variants kept")
        #expect(found["zzz-not-a-word"] == nil)
    }
}
