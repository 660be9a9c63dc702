// Hubs in the FSG (FSGCompiler.sharingHubs): transitions that several states share exactly move
// to one hub state reached by a null transition. The language and every path's score must stay
// the same, and on the real grammar the file must get much smaller (it halved `coach listen`'s
// memory, docs/voice.md).

@testable import CoachVoice
import CoachLanguage
import Foundation
import Testing

@Suite struct GrammarHubTests {
    typealias Transition = FSGCompiler.Transition

    /// What each original state can do in one word: its own word transitions plus those of the
    /// hubs it reaches by a null transition; other null transitions (to the final state) as they are.
    static func expanded(_ own: [[Transition]], hubs: [[Transition]], firstHub: Int) -> [[Transition]] {
        own.map { list in
            list.flatMap { t -> [Transition] in
                guard t.label == nil, t.to >= firstHub else { return [t] }
                return hubs[t.to - firstHub]
            }
        }
    }

    @Test func hubsKeepEveryStatesTransitionsAndScores() {
        // States 0–2 share "please" and "now" to state 4; state 3 has the same words with another score.
        let please = Transition(label: 7, to: 4, probability: "1")
        let now = Transition(label: 8, to: 4, probability: "1")
        let states: [[Transition]] = [
            [please, now, Transition(label: 1, to: 1, probability: "1")],
            [please, now],
            [please, now, Transition(label: nil, to: 4, probability: "1")],
            [Transition(label: 7, to: 4, probability: "0.5"), Transition(label: 8, to: 4, probability: "0.5")],
            [],
        ]
        let (own, hubs) = FSGCompiler.sharingHubs(states, firstHub: states.count)
        #expect(hubs == [[please, now]])
        #expect(own[0].contains(Transition(label: nil, to: 5, probability: "1")))
        #expect(own[3] == states[3], "the same word with another score is not the same transition")
        let back = Self.expanded(own, hubs: hubs, firstHub: states.count)
        for (s, original) in states.enumerated() {
            #expect(back[s].count == original.count && Set(back[s]) == Set(original), "state \(s) changed")
        }
        #expect(own.reduce(0) { $0 + $1.count } + hubs.reduce(0) { $0 + $1.count } < states.reduce(0) { $0 + $1.count })
    }

    @Test func theRealGrammarKeepsItsLanguageWithFarFewerTransitions() throws {
        let intents = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Intents").path
        let source = try SentenceSource.load(intentsDirectory: intents, userDirectory: nil, language: .en)
        let lexicon = try VoiceLexicon.load(directories: [intents + "/en"])
        let grammar = SpeechGrammar(source: source, filler: lexicon.filler, fillerWeight: 0.005, writtenOnly: lexicon.writtenOnly)
        var compiler = FSGCompiler(grammar)
        let (_, final, states) = compiler.weightedTransitions()
        let loopWords = Set(compiler.words.indices.filter { grammar.fillerWords.contains(compiler.words[$0]) })
        #expect(loopWords.count > 100)
        let (own, hubs) = FSGCompiler.sharingHubs(states, firstHub: states.count, keepingApart: loopWords)
        #expect(own.count == states.count && own[final].isEmpty)
        // The garbage loop stays out of hubs (in one, it refused fewer non-commands).
        #expect(!hubs.joined().contains { loopWords.contains($0.label!) })
        // A hub holds words only, so a state's words are at most one null transition away.
        #expect(hubs.allSatisfy { $0.allSatisfy { $0.label != nil } })
        let back = Self.expanded(own, hubs: hubs, firstHub: states.count)
        let changed = states.indices.filter { back[$0].count != states[$0].count || Set(back[$0]) != Set(states[$0]) }
        #expect(changed.isEmpty, "states whose transitions changed: \(changed.prefix(5))")
        let before = states.reduce(0) { $0 + $1.count }
        let after = own.reduce(0) { $0 + $1.count } + hubs.reduce(0) { $0 + $1.count }
        #expect(after * 2 < before, "hubs saved too little: \(before) → \(after) transitions")
        // The file pocketsphinx reads is the one with hubs.
        let file = grammar.finiteStateGrammar()
        #expect(file.states == states.count + hubs.count && file.arcs == after)
        #expect(file.text.contains("NUM_STATES \(states.count + hubs.count)\n"))
    }
}
