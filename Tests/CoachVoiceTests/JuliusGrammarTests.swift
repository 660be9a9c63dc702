// Julius's side of Japanese by voice, without Julius: kana read in its phones as PySegmentKit's
// yomi2voca reads them, and Coach's FSG turned into its grammar — null arcs folded, one arc per
// category and state (what Julius needs), every word a category with its readings, and the free
// syllable loop beside it.

@testable import CoachVoice
import Testing

@Suite struct JuliusGrammarTests {
    @Test func kanaAreReadInJuliusPhones() {
        #expect(JuliusPhones.phones(kana: "ランニング") == "r a N n i N g u")
        #expect(JuliusPhones.phones(kana: "ワークアウト") == "w a: k u a u t o")
        #expect(JuliusPhones.phones(kana: "じょぎんぐ") == "j o g i N g u")
        #expect(JuliusPhones.phones(kana: "いっしゅう") == "i q sh u u")
        #expect(JuliusPhones.phones(kana: "ヴァ") == "b a")
        #expect(JuliusPhones.phones(kana: "走る") == nil)  // a kanji has no phones: the word is left out
        #expect(JuliusPhones.phones(kana: "km") == nil)
    }

    /// The loop is one kana's syllables (きょ runs as "k i" "y o"; what was measured, docs/voice.md).
    @Test func theSyllableLoopHasEveryOneKanaSyllable() {
        let syllables = JuliusPhones.syllables
        for s in ["a", "k a", "sh i", "ch i", "ts u", "f u", "N", "q"] { #expect(syllables.contains(s), "\(s)") }
        #expect(!syllables.contains("ky o"))
        #expect(!syllables.contains { $0.hasPrefix(":") || $0.isEmpty })
    }

    /// The richer loop adds きょ as one syllable and long vowels, and leaves out the phones the
    /// model lacks (ty, zy: julius refuses to load a dictionary with them).
    @Test func theRicherLoopHasTwoKanaSyllablesAndLongVowels() {
        let rich = JuliusPhones.richSyllables
        for s in ["a", "k a", "N", "q", "ky o", "sh o", "f a", "k a:", "ky o:", "o:"] { #expect(rich.contains(s), "\(s)") }
        #expect(Set(JuliusPhones.syllables).isSubset(of: Set(rich)))
        #expect(!rich.contains { $0.hasPrefix("ty") || $0.hasPrefix("zy") || $0.split(separator: " ").count > 2 })
        let loop = JuliusGrammar.syllableLoop(rich: true)
        #expect(loop.wordCount == rich.count && loop.wordCount > JuliusGrammar.syllableLoop().wordCount)
    }

    /// start 0 -(はじめ)-> 1 -(て)-> 3 (final), and 0 -(null)-> 2 -(はじめ)-> 3: 0 leaves by はじめ twice.
    static let fsg = """
        FSG_BEGIN t
        NUM_STATES 4
        START_STATE 0
        FINAL_STATE 3
        TRANSITION 0 1 1.0 はじめ
        TRANSITION 1 3 1.0 て
        TRANSITION 0 2 1.0
        TRANSITION 2 3 1.0 はじめ
        TRANSITION 1 3 1.0 漢字
        FSG_END
        """

    @Test func theGrammarIsDeterministicWithOneCategoryPerReadableWord() throws {
        let grammar = JuliusGrammar(fsg: Self.fsg) { word in
            word == "漢字" ? nil : JuliusPhones.phones(kana: word).map { [$0] }
        }
        #expect(grammar.wordCount == 2)  // 漢字 has no reading: its arc is gone
        #expect(grammar.dictionary == "0 [<s>] silB\n1 [</s>] silE\n2 [て] t e\n3 [はじめ] h a j i m e\n")
        for dfa in [grammar.dfa, grammar.forwardDFA] {
            let arcs = dfa.split(separator: "\n").map { $0.split(separator: " ").compactMap { Int($0) } }
            let moves = arcs.filter { $0[1] >= 0 }.map { "\($0[0]) \($0[1])" }
            #expect(Set(moves).count == moves.count, "one arc per category and state: \(dfa)")
            #expect(arcs.contains { $0[1] == -1 && $0[3] == 1 }, "an accepting state")
        }
        // Forward: silB, then はじめ (one arc though the FSG had two), then て or silE.
        let forward = grammar.forwardDFA.split(separator: "\n").map { $0.split(separator: " ").compactMap { Int($0) } }
        let afterStart = try #require(forward.first { $0[0] == 0 && $0[1] == 0 })[2]
        let afterHajime = forward.filter { $0[0] == afterStart && $0[1] == 3 }
        #expect(afterHajime.count == 1)
        let next = Set(forward.filter { $0[0] == afterHajime[0][2] && $0[1] >= 0 }.map { $0[1] })
        #expect(next == [1, 2])  // silE (はじめ alone) or て
    }

    @Test func theLoopGrammarMarksItsWords() {
        let loop = JuliusGrammar.syllableLoop()
        let words = loop.dictionary.split(separator: "\n").dropFirst(2)
        #expect(words.count == loop.wordCount && loop.wordCount > 60)
        #expect(words.allSatisfy { $0.hasPrefix("2 [\(JuliusGrammar.loopMark)") })
    }

    @Test func juliusOutputIsReadPerGrammar() {
        let block = """
            sentence1: <s> %ki %o </s>
            wseq1: 0 2 2 1
            cmscore1: 0.500 0.100 0.400 1.000
            score1: -5741.802246
            grammar1: 0
            sentence2: <s> いちじていし </s>
            cmscore2: 1.000 0.750 1.000
            score2: -6032.187012
            grammar2: 2
            """
        let out = JuliusOutput(block)
        #expect(out.sentences.count == 2)
        #expect(out.sentences[1].words == ["いちじていし"] && out.sentences[1].grammar == 2 && out.sentences[1].confidence == [0.75])
        #expect(out.sentences[0].score == -5741.802246 && out.sentences[0].confidence == [0.1, 0.4])
        #expect(JuliusDecoder.grammarNumbers("STAT: Gram #1 /tmp/x/answers registered\nSTAT: Gram #0 /tmp/x/commands registered\n",
                                            directory: "/tmp/x") == ["commands", "answers"])
    }
}
