// Issue 44: a scripted REPL session on the virtual clock runs a library plan, added by nobody, and
// the status answer, "what's next", /status and a Japanese 「あと何本？」 all say the step.

import Foundation
import Testing

@Suite struct PlanStatusScriptTests {
    static let script = """
        # The Norwegian 4 × 4 from the library: 18 minutes in is one minute into interval 2 of 4.
        start the norwegian 4x4
        /wait 18m
        how am I doing
        what's next
        /status
        /lang ja
        あと何本？
        end
        """

    @Test func theStepIsInEveryStatusAnswer() async throws {
        let binary = try #require(CoachBinary.path(), "coach is not built")
        let home = try ScratchHome()
        let file = home.root.appendingPathComponent("plan.coach")
        try Self.script.write(to: file, atomically: true, encoding: .utf8)
        let result = try await runProcess(binary, ["--script", file.path, "--virtual-clock"], environment: home.environment)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 8, "\(lines)")
        guard lines.count == 8 else { return }
        #expect(lines[0] == "Starting your Norwegian 4 × 4 plan. Warm-up · 10:00 · 10:00 left.")
        #expect(lines[2] == "Your run is in progress: 18:00, no distance yet. Interval 2 of 4, 3:00 left.")
        #expect(lines[3] == "Interval 2 of 4, 3:00 left. Next: Recovery 2 of 4, 3:00.")
        #expect(lines[4] == lines[2], "/status answers as the status question does")
        #expect(lines[6] == "インターバル 4本中2本目、残り3:00。次はリカバリー 4本中2本目、3:00。")
    }
}
