// A planned workout through the real processes (issue 30): a plan saved with `coach plan add`,
// started by a sentence (`coach say`), fed distance by `coach sample`; its step shows in tmux's
// status line within 1 s of each transition, and after the gateway is SIGKILLed in the middle of
// repeat 3 the restarted gateway resumes repeat 3 at the same metre.

import CoachGateway
import Foundation
import Testing

@Suite("planned workout in tmux", .serialized)
struct PlannedWorkoutTmuxTests {
    /// 5 × (400 m, 100 m jog): every step ends on distance, so the samples alone decide.
    static let ladder = """
        activity: running
        blocks:
          - repeat: 5
            steps:
              - work: 400m
              - recovery: 100m
        """

    @Test func stepsShowInTheStatusLineAndSurviveSIGKILL() async throws {
        guard let coach = CoachBinary.path() else { Issue.record("coach is not built"); return }
        let home = try ScratchHome()
        try home.writeSettings("auto_pause: {running: false}\n")
        let tmux = try await TmuxStatusLineTests.TmuxServer()
        let environment = home.environment
        let lock = home.root.appendingPathComponent("run/coach/coach.sock.lock").path
        defer { if let pid = InstanceLock.holder(path: lock) { kill(pid, SIGTERM) } }
        let file = home.root.appendingPathComponent("ladder.yaml").path
        try Self.ladder.write(toFile: file, atomically: true, encoding: .utf8)

        #expect(try await runProcess(coach, ["plan", "add", file], environment: environment).status == 0)
        #expect(try await runProcess(coach, ["tmux", "setup", "-L", tmux.name], environment: environment).status == 0)
        let started = try await runProcess(coach, ["say", "start my ladder plan"], environment: environment)
        #expect(started.status == 0, "\(started.stdout) \(started.stderr)")
        #expect(started.stdout.contains("Interval 1/5"), "\(started.stdout)")
        // After the 3 s countdown: running, in the first interval.
        _ = try await tmux.wait(for: "interval 1, running") { $0.contains("Interval 1/5") && $0.contains("▶") }

        func sample() async throws {
            let result = try await runProcess(coach, ["sample", "distance", "50"], environment: environment)
            #expect(result.status == 0, "\(result.stderr)")
        }
        // Two repeats (10 samples each) and 150 m into the third interval.
        for _ in 0..<20 { try await sample() }
        let third = try await tmux.wait(for: "interval 3", timeout: .seconds(1)) { $0.contains("Interval 3/5") }
        #expect(third != nil, "the third interval must show within 1 s")
        for _ in 0..<3 { try await sample() }
        _ = try await tmux.wait(for: "150 m into interval 3") { $0.contains("250 m left") }

        // kill -9 in the middle of repeat 3; the next command starts a gateway that recovers it.
        let pid = try #require(InstanceLock.holder(path: lock))
        kill(pid, SIGKILL)
        try await sample()
        _ = try await tmux.wait(for: "interval 3 after the restart, 200 m in") {
            $0.contains("Interval 3/5") && $0.contains("200 m left")
        }
        for _ in 0..<4 { try await sample() }
        let rest = try await tmux.wait(for: "recovery 3", timeout: .seconds(1)) { $0.contains("Recovery 3/5") }
        #expect(rest != nil, "the recovery after interval 3 must show within 1 s")

        let skipped = try await runProcess(coach, ["say", "next interval"], environment: environment)
        #expect(skipped.stdout.contains("Interval 4/5"), "\(skipped.stdout)")
        _ = try await tmux.wait(for: "interval 4 after the skip", timeout: .seconds(1)) { $0.contains("Interval 4/5") }
    }
}
