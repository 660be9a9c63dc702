// `coach parse --json` on issue #40's categories, through the built binary: slots said outside
// the command clause, equipment that implies indoors, discards with their reason, idioms and bare
// verbs answered by the state (`--context`), requests in question form, and messages to someone
// else, which are never commands.

import Foundation
import Testing

@Suite struct ParseLastMileTests {
    func parse(_ lines: [String], lang: String, context: String? = nil) async throws -> [[String: Any]] {
        let binary = try #require(CoachBinary.path(), "coach is not built")
        let home = try ScratchHome()
        let input = home.root.appendingPathComponent("lines.txt")
        try (lines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        let extra = context.map { " --context \($0)" } ?? ""
        let result = try await runProcess(
            "/bin/sh", ["-c", "\"$0\" parse --json --stdin --lang \(lang)\(extra) < \"$1\"", binary, input.path],
            environment: home.environment)
        return try result.stdout.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func slots(_ answer: [String: Any]) -> [String: Any] { answer["slots"] as? [String: Any] ?? [:] }

    @Test func slotsComeFromTheWholeLineAndUnitsFromTheirWords() async throws {
        let en = try await parse([
            "begin a ride, forty minutes", "start a run, no goal today", "start a walk with a 200 kcal target",
            "start the rowing machine", "start a run for an hour and a half",
        ], lang: "en", context: "workout=idle")
        #expect(en.allSatisfy { $0["intent"] as? String == "StartWorkout" })
        #expect((slots(en[0])["goal"] as? [String: Any])?["value"] as? Double == 2400)
        #expect(slots(en[1])["open"] as? Bool == true)
        #expect((slots(en[2])["goal"] as? [String: Any])?["type"] as? String == "energy")
        #expect((slots(en[2])["goal"] as? [String: Any])?["value"] as? Double == 200)
        #expect(slots(en[3])["location"] as? String == "indoor")
        #expect((slots(en[4])["goal"] as? [String: Any])?["value"] as? Double == 5400)
        let ja = try await parse(["500キロカロリー消費するまでバイクを開始", "ランニング開始、時間は決めずに", "エアロバイク開始"],
                                 lang: "ja", context: "workout=idle")
        #expect((slots(ja[0])["goal"] as? [String: Any])?["type"] as? String == "energy")
        #expect((slots(ja[0])["goal"] as? [String: Any])?["value"] as? Double == 500)
        #expect(slots(ja[1])["open"] as? Bool == true)
        #expect(slots(ja[2])["location"] as? String == "indoor")
    }

    @Test func discardsQuestionsAndTheStateAreUnderstood() async throws {
        let running = try await parse(["cancel, I hit start by accident", "could you pause for me?"], lang: "en", context: "workout=running")
        #expect(running.map { $0["intent"] as? String } == ["CancelWorkout", "PauseWorkout"])
        let paused = try await parse(["let's go", "start"], lang: "en", context: "workout=paused")
        #expect(paused.map { $0["intent"] as? String } == ["ResumeWorkout", "ResumeWorkout"])
        // A bare 止めて ends (and is asked about); ちょっと止めて pauses — asked as a question too.
        let ja = try await parse(["誤操作なので破棄して", "ちょっと止めてもらえる？"], lang: "ja", context: "workout=running")
        #expect(ja.map { $0["intent"] as? String } == ["CancelWorkout", "PauseWorkout"])
    }

    @Test func messagesToSomeoneElseAreNeverCommands() async throws {
        for state in ["idle", "running", "paused"] {
            let en = try await parse(["tell Ana I'm starting my run", "send my trainer a message: cancel the workout",
                                      "could you pause the video for me?"], lang: "en", context: "workout=\(state)")
            let ja = try await parse(["妻に今から走るって送って", "動画を止めてもらえる？"], lang: "ja", context: "workout=\(state)")
            for answer in en + ja { #expect(answer["intent"] is NSNull, "\(answer["text"] ?? "") while \(state)") }
        }
    }

    @Test func aBadContextIsAUsageError() async throws {
        let binary = try #require(CoachBinary.path(), "coach is not built")
        let home = try ScratchHome()
        let result = try await runProcess(binary, ["parse", "--context", "workout", "pause"], environment: home.environment)
        #expect(result.status == 64)
        #expect(result.stderr.contains("KEY=VALUE"))
    }
}
