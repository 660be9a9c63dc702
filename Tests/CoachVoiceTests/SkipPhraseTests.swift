// Skip phrases around a command ("please", "can you", "let's … now"): the first word of each is its
// own marked token ("^please", said like "please") whose FSG arc carries the skip weight, so speech
// that is not a command cannot hang a few command words between two free skip phrases
// (docs/voice.md, "Refusing what is not a command"). The words heard reach the text recogniser
// without the mark.

@testable import CoachVoice
import CoachLanguage
import Foundation
import Testing

@Suite struct SkipPhraseTests {
    static let intents = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Intents").path

    @Test func aSkipPhrasesFirstWordIsMarkedAndCarriesTheSkipWeight() throws {
        let source = try SentenceSource.load(intentsDirectory: Self.intents, userDirectory: nil, language: .en)
        let grammar = SpeechGrammar(source: source, filler: ["weather"], fillerWeight: 0.005, skipWeight: 0.3)
        #expect(grammar.skipWords.contains(SpeechGrammar.skipMark + "please"))
        #expect(grammar.skipWords.contains(SpeechGrammar.skipMark + "let's"))
        #expect(grammar.words[SpeechGrammar.skipMark + "please"] == "skip_words")
        // The garbage loop holds the plain word, never a marked one.
        #expect(grammar.fillerWords.contains(SpeechGrammar.fillerMark + "please"))
        #expect(!grammar.fillerWords.contains { $0.contains(SpeechGrammar.skipMark) })
        var compiler = FSGCompiler(grammar)
        let (_, _, states) = compiler.weightedTransitions()
        var skipArcs = 0, commandArcs = 0
        for t in states.joined() {
            guard let label = t.label else { continue }
            let word = compiler.words[label]
            if grammar.skipWords.contains(word) {
                skipArcs += 1
                #expect(t.probability == "0.3", "\(word): \(t.probability)")
            } else if !grammar.fillerWords.contains(word) {
                commandArcs += 1
                #expect(t.probability == "1", "\(word): \(t.probability)")
            }
        }
        #expect(skipArcs > 0 && commandArcs > 0)
    }

    @Test func markedWordsAreSaidLikeTheirWordsAndHeardWithoutTheMark() {
        let cmudict = "please P L IY Z\npause P AO Z\nnow N AW\n"
        let (p, lines) = PronunciationLines.of(["pause": "PauseWorkout", "^please": "skip_words", "^now": "skip_words", "~now": "filler"], cmudict: cmudict)
        #expect(lines.contains("^please P L IY Z"))
        #expect(lines.contains("^now N AW"))
        #expect(lines.contains("~now N AW"))
        #expect(!lines.contains { $0.hasPrefix("please ") }, "a skip-only word is not a command word")
        #expect(p.unpronounceable.isEmpty)
        #expect(SpeechGrammar.unmarked("^please pause my run ^now") == "please pause my run now")
        #expect(!SpeechGrammar.isFiller("^please pause"), "a skip phrase is not the garbage loop")
    }
}
