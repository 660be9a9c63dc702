// OpenGoalJSONTests (#40): an open workout said in words reaches the slots JSON that
// `coach parse --json` and `coach listen --json` print (`"open": true`), and a goal said beside
// "no goal" is neither (not sure which was meant).

import CoachWire
import Testing
@testable import CoachLanguage

@Suite struct OpenGoalJSONTests {
    let idle: RecognitionContext = ["workout": .string("idle")]

    @Test func anOpenGoalIsPrinted() {
        let r = TestSupport.recognizer.recognize("start a run, no goal today", language: .en, context: idle)
        #expect(r.slots.openEnded == true)
        #expect(r.slotsJSON() == #"{"activity":"running","open":true}"#)
        #expect(r.json().contains(#""slots":{"activity":"running","open":true}"#))
        let ja = TestSupport.recognizer.recognize("ランニング開始、時間は決めずに", language: .ja, context: idle)
        #expect(ja.slotsJSON() == #"{"activity":"running","open":true}"#)
    }

    @Test func aGoalBesideNoGoalIsNeither() {
        let r = TestSupport.recognizer.recognize("start a run, 30 minutes, no goal", language: .en, context: idle)
        #expect(r.slots.goal == nil)
        #expect(r.slots.openEnded != true)
    }
}
