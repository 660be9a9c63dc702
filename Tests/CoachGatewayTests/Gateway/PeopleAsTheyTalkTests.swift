// Commands as people say them (issue #28) through the real socket's `say`: a reason before the
// command, an afterthought, hesitations, typos, figures and laps in everyday words, and the
// workout state as evidence (a guess the state rules out is refused; an exact command still gets
// its SiriKit code).

import CoachWire
import Testing
@testable import CoachGateway

@Suite(.serialized) struct PeopleAsTheyTalkTests {
    @Test func eachCategoryActsThroughTheSocket() async throws {
        try await TestGateway.running { test in
            let replies = try await onThread { () -> [(String, String?, String?)] in
                let user = try test.client()
                var out: [(String, String?, String?)] = []
                for text in [
                    "ok my legs feel fresh, start a 5k run",   // preamble
                    "uh, status",                              // hesitation
                    "uh, resume",                              // a clause guess of Resume while running: refused
                    "resume",                                  // exact: the handler's code
                    "lap here",                                // a lap said casually
                    "what distance am I at",                   // figures in everyday words
                    "pause, I need a drink",                   // afterthought
                    "resmue",                                  // typo
                ] {
                    let r = try user.call("say", ["text": .string(text)])
                    out.append((text, r["intent"]?.stringValue, r["code"]?.stringValue))
                }
                return out
            }
            let byText = Dictionary(uniqueKeysWithValues: replies.map { ($0.0, ($0.1, $0.2)) })
            #expect(byText["ok my legs feel fresh, start a 5k run"]?.0 == "StartWorkout")
            #expect(byText["ok my legs feel fresh, start a 5k run"]?.1 == "success")
            #expect(byText["uh, status"]?.0 == "WorkoutStatus")
            #expect(byText["uh, resume"]?.1 == "notUnderstood")
            #expect(byText["resume"]?.0 == "ResumeWorkout")
            #expect(byText["resume"]?.1 == "failureNoMatchingWorkout")
            #expect(byText["lap here"]?.0 == "MarkLap")
            #expect(byText["what distance am I at"]?.0 == "WorkoutStatus")
            #expect(byText["pause, I need a drink"]?.0 == "PauseWorkout")
            #expect(byText["pause, I need a drink"]?.1 == "success")
            #expect(byText["resmue"]?.0 == "ResumeWorkout")
            #expect(byText["resmue"]?.1 == "success")
        }
    }
}
