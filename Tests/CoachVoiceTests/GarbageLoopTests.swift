// The speech grammar's garbage loop (docs/voice.md, "Refusing what is not a command"): it holds
// the everyday words of Intents/en/_voice.yaml and every command word, each as a marked token
// said like its word, so a hypothesis through the loop is told apart from a command; and heard
// goals nobody sets ("one foot") are refused.

import CoachLanguage
import CoachVoice
import CoachWire
import Foundation
import Testing

@Suite struct GarbageLoopTests {
    static let intents = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Intents").path

    @Test func theLoopHoldsCommandWordsAsMarkedTokens() throws {
        let source = try SentenceSource.load(intentsDirectory: Self.intents, userDirectory: nil, language: .en)
        let grammar = SpeechGrammar(source: source, filler: ["weather music the"], fillerWeight: 0.01)
        // Everyday words and the commands' own words ("start", "pause", "the") are all in the loop.
        for word in ["weather", "music", "the", "start", "pause", "minute"] {
            #expect(grammar.fillerWords.contains(SpeechGrammar.fillerMark + word), "\(word) is not in the garbage loop")
        }
        // The command path keeps its plain words; the loop adds no plain word of its own.
        #expect(grammar.words["start"] != nil)
        #expect(grammar.words["weather"] == nil)
        #expect(!grammar.fillerWords.contains("start"))
        // Without a filler list there is no loop at all.
        #expect(SpeechGrammar(source: source).fillerWords.isEmpty)
    }

    @Test func aHypothesisThroughTheLoopIsFiller() {
        #expect(SpeechGrammar.isFiller("~what's ~the ~weather ~like"))
        #expect(SpeechGrammar.isFiller("start ~the run"))  // cannot happen in one path, but is never a command
        #expect(!SpeechGrammar.isFiller("start a thirty minute run"))
        #expect(SpeechGrammar.unmarked("~play ~some ~music") == "play some music")
    }

    @Test func loopTokensAreSaidLikeTheirWords() {
        let cmudict = "start S T AA R T\nthe DH AH\nthe(2) DH IY\nweather W EH DH ER\n"
        let (p, lines) = PronunciationLines.of(["start": "StartWorkout", "~start": "filler", "~the": "filler", "~weather": "filler"], cmudict: cmudict)
        #expect(lines.contains("start S T AA R T"))
        #expect(lines.contains("~start S T AA R T"))
        #expect(lines.contains("~weather W EH DH ER"))
        #expect(lines.contains("~the DH AH"))
        #expect(!lines.contains { $0.hasPrefix("~the(2)") }, "one variant is enough for garbage")
        #expect(!lines.contains { $0.hasPrefix("weather ") }, "a loop-only word is not a command word")
        #expect(p.unpronounceable.isEmpty)
    }

    @Test func goalsNobodySetsAreNotTakenAsHeard() throws {
        let goals = SpokenGoals(try Vocabulary.load(intentsDirectory: Self.intents).contract)
        #expect(goals.implausibility(of: .distance(meters: 0.3048), activity: "running") != nil)  // "one foot"
        #expect(goals.implausibility(of: .distance(meters: 2), activity: "cycling") != nil)  // "two metre bike"
        #expect(goals.implausibility(of: .time(seconds: 5), activity: nil) != nil)
        #expect(goals.implausibility(of: .energy(kilocalories: 3), activity: nil) != nil)
        #expect(goals.implausibility(of: .distance(meters: 50), activity: "swimming") == nil)  // a pool length
        #expect(goals.implausibility(of: .time(seconds: 30), activity: "coreTraining") == nil)  // a thirty second plank
        #expect(goals.implausibility(of: .distance(meters: 5000), activity: nil) == nil)  // "a 5k"
        #expect(goals.implausibility(of: .open, activity: "golf") == nil)
        // A distance for an activity HealthKit measures none for (the list is Intents/intents.yaml's).
        #expect(goals.implausibility(of: .distance(meters: 1609), activity: "golf") != nil)  // "five foot golf five miles"
        #expect(goals.implausibility(of: .distance(meters: 1000), activity: "basketball") != nil)
        #expect(goals.implausibility(of: .time(seconds: 3600), activity: "basketball") == nil)
        for activity in ["running", "walking", "hiking", "cycling", "swimming", "rowing", "paddleSports", "wheelchairRunPace"] {
            #expect(goals.implausibility(of: .distance(meters: 5000), activity: activity) == nil, "\(activity)")
        }
        // Without the list (a user's own Intents/ lacking it) no activity is refused a distance.
        #expect(SpokenGoals().implausibility(of: .distance(meters: 1000), activity: "golf") == nil)
    }
}
