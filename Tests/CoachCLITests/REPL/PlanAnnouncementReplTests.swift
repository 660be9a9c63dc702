// A plan's announcements in the REPL as a person sees them (issue 30): started by a sentence typed
// at the prompt, fed distance from another process, each step's end and start printed as a line
// above the prompt, which stays the last line.

import Foundation
import Testing

@Suite(.serialized)
struct PlanAnnouncementReplTests {
    @Test func stepChangesAreLinesAboveThePrompt() async throws {
        let home = try ScratchHome()
        try home.writeSettings("auto_pause: {running: false}\n")
        let file = home.root.appendingPathComponent("ladder.yaml").path
        try PlannedWorkoutTmuxTests.ladder.write(toFile: file, atomically: true, encoding: .utf8)
        let coach = CoachBinary.located
        #expect(try await runProcess(coach, ["plan", "add", file], environment: home.environment).status == 0)

        let tmux = try await TmuxSession(home: home)
        try await tmux.waitFor(lastLine: InteractiveReplTests.prompt)
        try await tmux.type("start my ladder plan")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Starting your ladder plan. Interval 1/5")
        try await tmux.waitFor(text: "Go!")
        for _ in 0..<8 {
            let result = try await runProcess(coach, ["sample", "distance", "50"], environment: home.environment)
            #expect(result.status == 0, "\(result.stderr)")
        }
        try await tmux.waitFor(text: "Interval 1/5 done.")
        try await tmux.waitFor(text: "Recovery 1/5: 100 m.")
        try await tmux.waitFor(lastLine: InteractiveReplTests.prompt)
        let lines = try await tmux.lines()
        let done = try #require(lines.firstIndex { $0.contains("Interval 1/5 done.") })
        let rest = try #require(lines.firstIndex { $0.contains("Recovery 1/5: 100 m.") })
        #expect(done < rest)
        #expect(rest < lines.count - 1, "the announcements come above the prompt")
    }
}
