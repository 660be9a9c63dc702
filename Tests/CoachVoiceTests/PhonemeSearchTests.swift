// The phoneme engine's search (CTCSearch over PhoneGraph): CTC's rules on a toy grammar with
// made-up phone scores, the margin, and on the real grammar that every word can be heard and
// every sentence the grammar holds is a path through it.

import CoachLanguage
@testable import CoachVoice
import Foundation
import Testing

@Suite struct PhonemeSearchTests {
    /// Scores for a toy phone set of width 3 (0 blank, 1 "A", 2 "B"): per frame, the column
    /// given gets log 0.9, the others log 0.05.
    static func scores(_ columns: [Int]) -> [Float] {
        columns.flatMap { c in (0..<3).map { $0 == c ? logf(0.9) : logf(0.05) } }
    }

    static let toy = """
        FSG_BEGIN toy
        NUM_STATES 3
        START_STATE 0
        FINAL_STATE 2
        TRANSITION 0 1 1 ab
        TRANSITION 0 1 1 aa
        TRANSITION 0 1 1 b
        TRANSITION 1 2 1
        TRANSITION 1 1 0.5 b
        FSG_END
        """

    func search(_ columns: [Int]) throws -> CTCSearch.Result {
        let graph = try PhoneGraph(fsg: Self.toy, pronunciations: ["ab": [[1, 2]], "aa": [[1, 1]], "b": [[2]]])
        return CTCSearch(graph: graph, width: 3).run(Self.scores(columns))
    }

    @Test func theBestPathsWordsComeOutWithSilenceAroundThem() throws {
        let r = try search([0, 0, 1, 1, 2, 2, 0, 0])
        #expect(r.words == ["ab"])
        #expect(r.frames == 8)
        #expect(r.speechFrames == 4)
    }

    @Test func aRepeatedPhoneNeedsABlankBetween() throws {
        // A A A with no blank is one long A: "aa" cannot be heard there, "aa" with a blank can.
        #expect(try search([1, 1, 1, 0]).words != ["aa"])
        #expect(try search([1, 0, 1, 0]).words == ["aa"])
    }

    @Test func wordsFollowEachOtherThroughTheGrammar() throws {
        #expect(try search([1, 2, 0, 2, 0, 2]).words == ["ab", "b", "b"])
    }

    @Test func theMarginIsNothingForAPerfectFitAndGrowsWithWhatTheGrammarBends() throws {
        let fit = try search([0, 1, 2, 0])
        #expect(abs(fit.freeScore - fit.score) < 1e-4)
        // B A B: no sentence starts with B then A, so the grammar pays for it.
        let bent = try search([2, 1, 2, 0])
        #expect(bent.freeScore - bent.score > 1)
    }

    @Test func nothingComesOutWhenNoPathReachesTheEnd() throws {
        let graph = try PhoneGraph(fsg: Self.toy, pronunciations: ["ab": [[1, 2]]])
        // Only "ab" can be heard, and two frames cannot hold A then B then more.
        #expect(CTCSearch(graph: graph, width: 3).run(Self.scores([1])).words == nil)
    }

    @Test func aMalformedGrammarIsRefusedWithTheLine() {
        #expect(throws: PhoneticModelError.self) {
            _ = try PhoneGraph(fsg: "NUM_STATES 2\nTRANSITION 0 9 1 x\n", pronunciations: [:])
        }
    }

    /// The real grammar, every state's: every word has a pronunciation in hama's phones, and
    /// sentences of every intent are paths through it; what is not a sentence is not.
    @Test func everyWordOfTheRealGrammarCanBeHeard() throws {
        let intents = GarbageLoopTests.intents
        let cmudict = try #require(try? String(contentsOfFile: SpeechDecoder.defaultModelDirectory + "/cmudict-en-us.dict", encoding: .utf8),
                                   "pocketsphinx-en-us's dictionary (scripts/setup-tests installs it)")
        let source = try SentenceSource.load(intentsDirectory: intents, userDirectory: nil, language: .en)
        let lexicon = try VoiceLexicon.load(directories: [intents + "/en"])
        let grammar = SpeechGrammar(source: source, writtenOnly: lexicon.writtenOnly)
        let dictionary = Pronunciations(words: grammar.words, cmudict: cmudict, lexicon: lexicon).dictionary
        let phones = PhoneSet(tokens: PhoneSet.englishTokens.values.flatMap { $0 } + ["ː", "<wb>", "<blank>"])
        let graph = try PhoneGraph(fsg: grammar.finiteStateGrammar().text, pronunciations: phones.pronunciations(dictionary: dictionary))
        #expect(graph.wordsWithoutPronunciation == [])
        for sentence in ["start a thirty minute outdoor run", "pause my workout", "resume", "end the workout", "cancel my workout",
                         "mark a lap", "how am i doing", "start a five hundred calorie workout", "skip this step"] {
            #expect(graph.accepts(sentence.split(separator: " ").map(String.init)), "\(sentence)")
        }
        #expect(!graph.accepts(["eat", "a", "sandwich"]))
        #expect(!graph.accepts(["start", "a"]))
    }
}
