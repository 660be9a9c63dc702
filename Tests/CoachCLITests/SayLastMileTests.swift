// Issue #40 through the socket's `say` (the real binary and the gateway it starts): slots from the
// whole line reach the workout, a message to someone else changes nothing, a question-form
// request is understood. (Discards and the paused state: ReplLastMileTests, on the virtual clock.)

import Foundation
import Testing

@Suite("say: the last mile", .serialized)
struct SayLastMileTests {
    func reply(_ coach: CoachRunner, _ text: String) async throws -> (Int32, [String: Any]) {
        let (status, out, _) = try await coach.run(["say", "--json", text])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any], "\(out)")
        return (status, object)
    }

    @Test func eachCategoryThroughTheSocket() async throws {
        let coach = CoachRunner()
        defer { coach.cleanUp() }
        let (started, start) = try await reply(coach, "start the rowing machine, no goal today")
        #expect(started == 0)
        #expect(start["intent"] as? String == "StartWorkout")
        let workout = start["workout"] as? [String: Any] ?? [:]
        #expect(workout["activity"] as? String == "rowing")
        #expect(workout["location"] as? String == "indoor")

        let (messaged, message) = try await reply(coach, "text the team that I'll end the session at six")
        #expect(messaged == 3)
        #expect(message["intent"] is NSNull)
        let (_, afterMessage, _) = try await coach.run(["status", "--format", "json"])
        #expect(!afterMessage.contains(#""state":"ended""#) && !afterMessage.contains(#""state":"paused""#))

        // Asked as a question: the pause is understood (whether the 3 s countdown is over or not).
        let (_, asked) = try await reply(coach, "could you pause for me?")
        #expect(asked["intent"] as? String == "PauseWorkout")
    }

    /// Round 3 of #40: an idiom in the state where it means one thing, and a discard with its
    /// reason (who pressed start), which is asked about before anything is thrown away.
    @Test func anIdiomWhilePausedAndADiscardWithItsReason() async throws {
        let coach = CoachRunner()
        defer { coach.cleanUp() }
        let (started, _) = try await reply(coach, "start a run")
        #expect(started == 0)
        // The 3 s countdown first: a workout is paused only once it runs (polled, no timing assert).
        for _ in 0..<100 {
            let (_, s, _) = try await coach.run(["status", "--format", "json"])
            if s.contains(#""state":"running""#) { break }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        let (paused, _, _) = try await coach.run(["pause"])
        #expect(paused == 0)
        let (resumed, idiom) = try await reply(coach, "back to work")
        #expect(resumed == 0)
        #expect(idiom["intent"] as? String == "ResumeWorkout")
        #expect(idiom["state"] as? String == "running")

        let (asked, discard) = try await reply(coach, "scrap this workout, my kid pressed start")
        #expect(discard["intent"] as? String == "CancelWorkout")
        #expect(discard["code"] as? String == "confirmationRequired")
        #expect(asked != 0)
        let (_, status, _) = try await coach.run(["status", "--format", "json"])
        #expect(status.contains(#""state":"running""#), "nothing is discarded before the user says yes: \(status)")
    }
}
