// A word's other pronunciations written into the FSG as parallel transitions
// (FSGAlternatePronunciations), replacing pocketsphinx's `-fsgusealtpron`, which walked every
// transition once per alternate at each start. The transitions must be exactly those it would
// add: same states, same probability, one per alternate, and nothing else touched.

import CoachLanguage
@testable import CoachVoice
import Foundation
import Testing

@Suite struct FSGAlternatePronunciationsTests {
    let dictionary = """
        pause P AO Z
        the DH AH
        the(2) DH IY
        the(3) DH IH
        read R EH D
        read(2) R IY D
        ~the DH AH
        """

    @Test func alternatesAreReadFromTheDictionary() {
        let alts = FSGAlternatePronunciations.alternates(inDictionary: dictionary)
        #expect(alts == ["the": ["the(2)", "the(3)"], "read": ["read(2)"]])
    }

    @Test func eachTransitionGetsItsAlternatesBesideIt() {
        let fsg = """
            FSG_BEGIN coach
            NUM_STATES 4
            START_STATE 0
            FINAL_STATE 3
            TRANSITION 0 1 1 pause
            TRANSITION 1 2 0.5 the
            TRANSITION 1 3 1
            TRANSITION 2 3 1 read
            FSG_END

            """
        let out = FSGAlternatePronunciations.expanded(fsg, alternates: FSGAlternatePronunciations.alternates(inDictionary: dictionary))
        #expect(out == """
            FSG_BEGIN coach
            NUM_STATES 4
            START_STATE 0
            FINAL_STATE 3
            TRANSITION 0 1 1 pause
            TRANSITION 1 2 0.5 the
            TRANSITION 1 2 0.5 the(2)
            TRANSITION 1 2 0.5 the(3)
            TRANSITION 1 3 1
            TRANSITION 2 3 1 read
            TRANSITION 2 3 1 read(2)
            FSG_END

            """)
        #expect(FSGAlternatePronunciations.expanded(fsg, alternates: [:]) == fsg)
    }

    /// The real grammar and dictionary: every word transition with alternates is followed by
    /// exactly its alternates between the same states with the same probability, and the count
    /// of transitions grows by exactly as many.
    @Test func theRealGrammarGetsEveryAlternate() throws {
        let intents = GarbageLoopTests.intents
        let source = try SentenceSource.load(intentsDirectory: intents, userDirectory: nil, language: .en)
        guard let cmudict = try? String(contentsOfFile: SpeechDecoder.defaultModelDirectory + "/cmudict-en-us.dict", encoding: .utf8) else {
            return  // pocketsphinx-en-us is not installed: the pure tests above still ran
        }
        let grammar = SpeechGrammar(source: source)
        let lexicon = try VoiceLexicon.load(directories: [intents + "/en"])
        let dictionary = Pronunciations(words: grammar.words, cmudict: cmudict, lexicon: lexicon).dictionary
        let alternates = FSGAlternatePronunciations.alternates(inDictionary: dictionary)
        #expect(alternates.count > 50, "cmudict gives many of the grammar's words a second pronunciation")
        let fsg = grammar.finiteStateGrammar().text
        let lines = FSGAlternatePronunciations.expanded(fsg, alternates: alternates).split(separator: "\n")
        var i = 0, added = 0
        while i < lines.count {
            let fields = lines[i].split(separator: " ")
            i += 1
            guard fields.first == "TRANSITION", fields.count == 5, let alts = alternates[String(fields[4])] else { continue }
            let following = lines[i ..< min(i + alts.count, lines.count)].map(String.init)
            #expect(following == alts.map { fields[0 ..< 4].joined(separator: " ") + " " + $0 })
            i += alts.count
            added += alts.count
        }
        #expect(added > 0)
        #expect(lines.count == fsg.split(separator: "\n").count + added)
    }
}
