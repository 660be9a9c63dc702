// "End and save" keeps a workout shorter than the minimum, as `coach end --save` does; a plain
// end of such a workout discards it. The words come from Intents/<lang>/_answers.yaml (`save:`).

import CoachCore
import CoachWire
import Testing
@testable import CoachGateway

@Suite(.serialized) struct EndAndSaveTests {
    @Test func endAndSaveKeepsAShortWorkoutInBothLanguages() async throws {
        try await TestGateway.running { test in
            let router = RequestRouter(gateway: test.gateway)
            func savedWorkouts() async throws -> Int {
                let reply = try #require(await router.reply(to: #"{"jsonrpc":"2.0","id":1,"method":"history"}"#, session: ConnectionSession()))
                guard case .array(let workouts)? = try JSONValue(parsing: reply)["result"] else {
                    Issue.record("history: \(reply)"); return -1
                }
                return workouts.count
            }
            let cases: [(start: String, end: String, kept: Bool)] = [
                ("start a run", "end my run", false),
                ("start a run", "end and save my run", true),
                ("ランニングを始めて", "保存して終了", true),
                ("ランニングを始めて", "終了", false),
                ("start a run", "end it without saving", false),
            ]
            for (start, end, kept) in cases {
                let before = try await savedWorkouts()
                _ = await test.gateway.say(start)
                let ended = await test.gateway.say(end)
                #expect(ended.intent == .endWorkout || ended.intent == .cancelWorkout, "\(end): \(ended.message)")
                #expect(try await savedWorkouts() == before + (kept ? 1 : 0), "\(end) → \(ended.message)")
            }
        }
    }
}
