// Issue #40's categories through the REPL (a script on the virtual clock, the built binary): the
// activity said in a reason, the goal as an afterthought, equipment that is indoors, a question-
// form request, idioms the paused state makes clear, status in everyday words, a discard with its
// reason (asked about first), and a message to someone else that does nothing.

import Foundation
import Testing

@Suite struct ReplLastMileTests {
    func answers(_ lines: [String]) async throws -> [[String: Any]] { try await ReplPeopleAsTheyTalkTests.answers(lines) }

    func workout(_ reply: [String: Any]) -> [String: Any] { reply["workout"] as? [String: Any] ?? [:] }

    @Test func englishCategoriesAct() async throws {
        let replies = try await answers([
            "going for a swim now, begin recording", "/wait 10s", "could you pause for me?", "right, back to it",
            "how's it looking", "tell Ana I'm ending my run", "cancel, I hit start by accident",
        ])
        #expect(replies.map { $0["intent"] as? String } == [
            "StartWorkout", "PauseWorkout", "ResumeWorkout", "WorkoutStatus", nil, "CancelWorkout",
        ])
        #expect(workout(replies[0])["activity"] as? String == "swimming")
        #expect(replies.prefix(4).allSatisfy { $0["code"] as? String == "success" })
        #expect(replies[4]["code"] as? String == "notUnderstood")
        #expect(replies[5]["code"] as? String == "confirmationRequired")
    }

    @Test func slotsFromTheWholeLineReachTheWorkout() async throws {
        let replies = try await answers(["start the rowing machine, 2000 meters"])
        let goal = workout(replies[0])["goal"] as? [String: Any]
        #expect(workout(replies[0])["location"] as? String == "indoor")
        #expect(goal?["type"] as? String == "distance")
        #expect(goal?["value"] as? Double == 2000)
    }

    @Test func japaneseCategoriesAct() async throws {
        let replies = try await answers([
            "500キロカロリー消費するまでバイクを開始", "/wait 10s", "ちょっと一時停止してもらえる？", "よし、続き", "調子どう？",
            "妻に今から走るって送って", "誤操作なので破棄して",
        ])
        #expect(replies.map { $0["intent"] as? String } == [
            "StartWorkout", "PauseWorkout", "ResumeWorkout", "WorkoutStatus", nil, "CancelWorkout",
        ])
        let goal = workout(replies[0])["goal"] as? [String: Any]
        #expect(goal?["type"] as? String == "energy")
        #expect(goal?["value"] as? Double == 500)
        #expect(replies[5]["code"] as? String == "confirmationRequired")
    }
}
