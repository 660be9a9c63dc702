// MatcherTests: the compiled matcher on small inline grammars (lists, ranges, rules,
// permutations, optionals, fixed slots, skip words, wildcards, CJK, contexts).

import Testing
@testable import CoachLanguage

@Suite struct MatcherTests {
    static let english = """
        language: en
        skip_words: ["please", "can you"]
        expansion_rules:
          det: "(a|an|the|my)"
        lists:
          activity:
            values:
              - in: "(run|running|jog)"
                out: running
              - in: "walk"
                out: walking
          minutes:
            range: {from: 1, to: 120}
          note:
            wildcard: true
          place:
            values:
              - in: "park"
                out: park
                context: {outside: "yes"}
              - in: "gym"
                out: gym
        intents:
          StartWorkout:
            data:
              - sentences:
                  - "(start|begin) [<det>] {activity}"
                  - "(start|begin) [<det>] {minutes:goal_value} minute {activity}"
                  - "(start; {activity})"
              - sentences:
                  - "start [a] marathon"
                slots:
                  activity: running
                  goal_value: 42195
          PauseWorkout:
            data:
              - sentences: ["pause[ it]", "hold(ing|s) on"]
          MarkLap:
            data:
              - sentences: ["note {note}"]
          WorkoutStatus:
            data:
              - sentences: ["status at {place}"]
                requires_context: {outside: "yes"}
        """

    static let recognizer: Recognizer = {
        let dir = try! TestSupport.temporaryIntents(["en/test.yaml": english])
        return try! Recognizer(intentsDirectory: dir)
    }()

    func r(_ s: String) -> Recognition { Self.recognizer.recognize(s, language: .en) }

    @Test func alternativesOptionalsAndLists() {
        #expect(r("start running").slots.activity == "running")
        #expect(r("begin my walk").slots.activity == "walking")
        #expect(r("start the jog").intent == "StartWorkout")
        #expect(r("start the jog").isExact)
        #expect(r("start the jog").confidence == 1)
    }

    @Test func anchoredMatching() {
        #expect(r("start running now").method != .template)
        #expect(r("startrunning").method != .template)
    }

    @Test func rangeListAcceptsDigitsAndWords() {
        #expect(r("start a 30 minute run").slots.values["goal_value"] == .number(30))
        #expect(r("start a thirty minute run").slots.values["goal_value"] == .number(30))
        #expect(r("start a 500 minute run").method != .template)  // out of range
    }

    @Test func permutationInEitherOrder() {
        #expect(r("start run").intent == "StartWorkout")
        #expect(r("run start").intent == "StartWorkout")
        #expect(r("run start").isExact)
    }

    @Test func fixedSlots() {
        let m = r("start a marathon")
        #expect(m.slots.values["activity"] == .string("running"))
        #expect(m.slots.values["goal_value"] == .number(42195))
        #expect(m.slots.spans["activity"] == nil)
    }

    @Test func alternativesInsideWords() {
        #expect(r("holding on").intent == "PauseWorkout")
        #expect(r("holds on").intent == "PauseWorkout")
        #expect(r("pause it").intent == "PauseWorkout")
    }

    @Test func skipWords() {
        #expect(r("can you pause please").intent == "PauseWorkout")
        #expect(r("can you pause please").isExact)
    }

    @Test func wildcardKeepsOriginalText() {
        let m = r("note Felt Great")
        #expect(m.intent == "MarkLap")
        #expect(m.slots.values["note"] == .string("Felt Great"))
        #expect(m.slots.spans["note"] == SlotSpan(start: 5, end: 15))
    }

    @Test func requiresContextFromListValues() {
        #expect(r("status at park").intent == "WorkoutStatus")
        #expect(r("status at gym").method != .template)
    }

    @Test func spansPointIntoTheOriginalText() {
        let text = "Please START a 30 minute RUN!"
        let m = r(text)
        #expect(m.slots.spans["activity"] == SlotSpan(start: 25, end: 28))
        #expect(m.slots.spans["goal_value"] == SlotSpan(start: 15, end: 17))
    }

    @Test func japaneseIgnoresWhitespace() throws {
        let dir = try TestSupport.temporaryIntents([
            "ja/test.yaml": """
            language: ja
            settings: {ignore_whitespace: true}
            lists:
              activity:
                values:
                  - in: "(ランニング|ジョギング)"
                    out: running
              minutes:
                range: {from: 1, to: 120}
            intents:
              StartWorkout:
                data:
                  - sentences: ["{activity}を(開始|始めて)", "{minutes:goal_value}分[間]の{activity}を開始"]
            """
        ])
        let rec = try Recognizer(intentsDirectory: dir)
        #expect(rec.recognize("ランニング を 開始", language: .ja).slots.activity == "running")
        #expect(rec.recognize("ﾗﾝﾆﾝｸﾞを始めて", language: .ja).isExact)
        #expect(rec.recognize("三十分のジョギングを開始", language: .ja).slots.values["goal_value"] == .number(30))
        #expect(rec.recognize("３０分間のランニングを開始", language: .ja).slots.values["goal_value"] == .number(30))
    }

    @Test func missingListIsACompileError() throws {
        let dir = try TestSupport.temporaryIntents([
            "en/x.yaml": "language: en\nintents:\n  PauseWorkout:\n    data:\n      - sentences: [\"pause {nothing}\"]\n"
        ])
        #expect(throws: GrammarCompileError.self) { try Recognizer(intentsDirectory: dir) }
    }
}
