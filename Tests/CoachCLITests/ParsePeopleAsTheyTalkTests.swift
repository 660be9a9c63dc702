// `coach parse --json` on commands as people say them (issue #28): one line per category and
// language, through the built binary, with the method and what was heard; everyday lines in the
// same shapes stay not understood.

import Foundation
import Testing

@Suite struct ParsePeopleAsTheyTalkTests {
    func parse(_ lines: [String], lang: String) async throws -> [[String: Any]] {
        let binary = try #require(CoachBinary.path(), "coach is not built")
        let home = try ScratchHome()
        let input = home.root.appendingPathComponent("lines.txt")
        try (lines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        let result = try await runProcess("/bin/sh", ["-c", "\"$0\" parse --json --stdin --lang \(lang) < \"$1\"", binary, input.path],
                                    environment: home.environment)
        return try result.stdout.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    @Test func eachCategoryIsUnderstoodWithItsMethod() async throws {
        let cases: [(String, String, String?, String?)] = [
            // text, intent, method, heard
            ("my laces came undone, pause", "PauseWorkout", "clause", "pause"),              // preamble
            ("pause, I need a drink", "PauseWorkout", "clause", "pause"),                    // afterthought
            ("er, resume please", "ResumeWorkout", "clause", "resume"),                      // hesitation
            ("stat a run", "StartWorkout", "typo", "start a run"),                           // typo
            ("start an exercise bike ride", "StartWorkout", nil, nil),                       // equipment
            ("what distance am I at", "WorkoutStatus", nil, nil),                            // status
            ("new lap please", "MarkLap", nil, nil),                                         // lap
        ]
        let answers = try await parse(cases.map(\.0), lang: "en")
        for ((text, intent, method, heard), answer) in zip(cases, answers) {
            #expect(answer["intent"] as? String == intent, "\(text)")
            #expect(answer["method"] as? String == method, "\(text)")
            #expect(answer["heard"] as? String == heard, "\(text)")
        }
        #expect((answers[4]["slots"] as? [String: Any])?["activity"] as? String == "cycling")
    }

    @Test func japaneseCategoriesAreUnderstood() async throws {
        let cases: [(String, String)] = [
            ("疲れたので一時停止", "PauseWorkout"), ("再開して、行こう", "ResumeWorkout"), ("えっと、一時停止", "PauseWorkout"),
            ("再会して", "ResumeWorkout"), ("スピンバイクを開始", "StartWorkout"), ("あと何分？", "WorkoutStatus"),
            ("ここで区切って", "MarkLap"),
        ]
        let answers = try await parse(cases.map(\.0), lang: "ja")
        for ((text, intent), answer) in zip(cases, answers) { #expect(answer["intent"] as? String == intent, "\(text)") }
    }

    @Test func everydayLinesInTheSameShapesActOnNothing() async throws {
        let english = try await parse(["she said, pause", "stop it, you're tickling me", "alright, let's begin, everyone's here",
                                 "pose for the photo", "the treadmill is broken again"], lang: "en")
        let japanese = try await parse(["映画を一時停止して", "保存しといて、そのファイル", "再会できてうれしい"], lang: "ja")
        for answer in english + japanese { #expect(answer["intent"] is NSNull, "\(answer["text"] ?? "")") }
    }
}
