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
}
