// The status line in a real tmux: after `coach tmux setup`, the gateway pushes every change into
// the @coach user option — a start shows running, a pause shows within a second, a lock hides
// every metric value.

import Foundation
import Testing

@Suite("tmux status line", .serialized)
struct TmuxStatusLineTests {
    /// A private tmux server with one plain shell session, killed at the end.
    final class TmuxServer: @unchecked Sendable {
        let name = "coach-status-\(getpid())-\(UUID().uuidString.prefix(6))"

        init() throws {
            let status = try spawnDetached(["tmux", "-L", name, "-f", "/dev/null", "new-session", "-d", "-s", "main",
                                            "-x", "120", "-y", "10"])
            #expect(status == 0)
        }

        deinit { _ = try? spawnDetached(["tmux", "-L", name, "kill-server"]) }

        func option(_ format: String) throws -> String {
            try runProcess("/usr/bin/tmux", ["-L", name, "display", "-p", format]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Polls the option until `condition` holds; returns how long it took, or nil on timeout.
        func wait(for description: String, timeout: Double = 8, _ condition: (String) -> Bool) throws -> Double? {
            let start = Date()
            while Date().timeIntervalSince(start) < timeout {
                if condition(try option("#{@coach}")) { return Date().timeIntervalSince(start) }
                usleep(20_000)
            }
            Issue.record("timed out waiting for \(description); @coach is \(try option("#{@coach}"))")
            return nil
        }
    }

    @Test func setupStartPauseAndLockShowInTheStatusLine() throws {
        guard let coach = CoachBinary.path() else { Issue.record("coach is not built"); return }
        let home = try ScratchHome()
        let tmux = try TmuxServer()
        let environment = home.environment
        defer {
            // The background gateway: stop it (its pid is in the lock file).
            let lock = home.root.appendingPathComponent("run/coach/coach.sock.lock").path
            if let pid = (try? String(contentsOfFile: lock, encoding: .utf8)).flatMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
                kill(pid, SIGTERM)
            }
        }
        let setup = try runProcess(coach, ["tmux", "setup", "-L", tmux.name], environment: environment)
        #expect(setup.status == 0, "\(setup.stderr)")
        #expect(try tmux.option("#{status-right}").contains("#{@coach}"))

        #expect(try runProcess(coach, ["start", "running", "--location", "outdoor"], environment: environment).status == 0)
        _ = try tmux.wait(for: "running") { $0.contains("▶") && $0.contains("run") }
        #expect(try runProcess(coach, ["sample", "heartRate", "163"], environment: environment).status == 0)
        _ = try tmux.wait(for: "heart rate") { $0.contains("163") }

        #expect(try runProcess(coach, ["pause"], environment: environment).status == 0)
        let delay = try tmux.wait(for: "paused", timeout: 1) { $0.contains("‖") }
        #expect(delay != nil, "the pause must show within 1 s")

        #expect(try runProcess(coach, ["lock"], environment: environment).status == 0)
        _ = try tmux.wait(for: "locked") { !$0.contains("163") }
        let locked = try tmux.option("#{@coach}")
        #expect(!locked.contains("163") && !locked.contains("♥"), "no metric value while locked: \(locked)")
        #expect(locked.contains("run"), "the activity still shows")

        // A restarted gateway remembers the tmux server: no second `coach tmux setup` needed.
        let lock = home.root.appendingPathComponent("run/coach/coach.sock.lock").path
        let pid = try #require((try? String(contentsOfFile: lock, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) })
        kill(pid, SIGKILL)
        #expect(try runProcess(coach, ["resume"], environment: environment).status == 0)   // starts and recovers a gateway
        _ = try tmux.wait(for: "running again after the restart") { $0.contains("▶") }
        // …and the privacy lock: metrics stay hidden after the restart.
        #expect(try runProcess(coach, ["sample", "heartRate", "171"], environment: environment).status == 0)
        // Absence is asserted once a later change has shown: the feed is pushed in order, so by
        // the time the pause is on the status line the sample's content has been pushed too.
        #expect(try runProcess(coach, ["pause"], environment: environment).status == 0)
        _ = try tmux.wait(for: "paused after the sample") { $0.contains("‖") }
        let afterRestart = try tmux.option("#{@coach}")
        #expect(!afterRestart.contains("171") && !afterRestart.contains("♥"), "still locked: \(afterRestart)")
    }
}
