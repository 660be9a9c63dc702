// Commands as people say them (issue #28) through the REPL: a script of lines in each category,
// English and Japanese, run by the built binary on the virtual clock. End and Cancel found
// inside a longer line are asked about, never done at once.

import Foundation
import Testing

@Suite struct ReplPeopleAsTheyTalkTests {
    func answers(_ lines: [String]) async throws -> [[String: Any]] { try await Self.answers(lines) }

    /// `lines` run as a REPL script on the virtual clock (`--json --keep-going`): each reply's object.
    static func answers(_ lines: [String]) async throws -> [[String: Any]] {
        let binary = try #require(CoachBinary.path(), "coach is not built")
        let home = try ScratchHome()
        let file = home.root.appendingPathComponent("talk.coach")
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let result = try await runProcess(binary, ["--script", file.path, "--virtual-clock", "--json", "--keep-going"],
                                    environment: home.environment)
        return try result.stdout.split(separator: "\n").filter { $0.hasPrefix("{") }.map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func englishCategoriesAct() async throws {
        let replies = try await answers([
            "ok my legs feel fresh, start a 5k run", "/wait 10s", "uh, status", "lap here",
            "pause, I need a drink", "resmue", "what distance am I at", "forget it, cancel the workout",
        ])
        let intents = replies.map { $0["intent"] as? String }
        #expect(intents == ["StartWorkout", "WorkoutStatus", "MarkLap", "PauseWorkout", "ResumeWorkout",
                            "WorkoutStatus", "CancelWorkout"])
        #expect(replies.prefix(6).allSatisfy { $0["code"] as? String == "success" })
        #expect(replies.last?["code"] as? String == "confirmationRequired")
    }

    @Test func japaneseCategoriesAct() async throws {
        let replies = try await answers([
            "天気がいいから、ランニングを開始", "/wait 10s", "えっと、今どのくらい？", "ここで区切って",
            "疲れたので一時停止", "再会して", "着いたから終了して",
        ])
        let intents = replies.map { $0["intent"] as? String }
        #expect(intents == ["StartWorkout", "WorkoutStatus", "MarkLap", "PauseWorkout", "ResumeWorkout", "EndWorkout"])
        #expect(replies.prefix(5).allSatisfy { $0["code"] as? String == "success" })
        #expect(replies.last?["code"] as? String == "confirmationRequired")
    }
}
