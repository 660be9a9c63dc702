// The status line in a real tmux: after `coach tmux setup`, the gateway pushes every change into
// the @coach user option — a start shows running, a pause shows within a second, a lock hides
// every metric value.

import CoachGateway
import Foundation
import Testing

@Suite("tmux status line", .serialized)
struct TmuxStatusLineTests {
    /// A private tmux server with one session that lasts as long as this process, killed at the end.
    final class TmuxServer: @unchecked Sendable {
        let name = "coach-status-\(getpid())-\(UUID().uuidString.prefix(6))"

        /// The server's pid, for the deinit: SIGTERM is what `tmux kill-server` sends, and needs no wait.
        private var serverPID: pid_t = 0

        init() async throws {
            // The session's command ends with this process: the server goes even if the deinit never runs.
            let status = try await spawnDetached(["tmux", "-L", name, "-f", "/dev/null", "new-session", "-d", "-s", "main",
                                                  "-x", "120", "-y", "10", TestProcessLifetime.command])
            #expect(status == 0)
            serverPID = pid_t(try await option("#{pid}")) ?? 0
        }

        deinit { TmuxSession.terminateServer(serverPID, socketName: name) }

        func option(_ format: String) async throws -> String {
            try await runProcess("/usr/bin/tmux", ["-L", name, "display", "-p", format]).stdout
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Polls the option until `condition` holds; returns how long it took, or nil on timeout.
        func wait(for description: String, timeout: Duration = .seconds(8), _ condition: (String) -> Bool) async throws -> Duration? {
            let start = ContinuousClock.now
            if try await poll(timeout: timeout, until: { condition(try await option("#{@coach}")) }) {
                return ContinuousClock.now - start
            }
            Issue.record("timed out waiting for \(description); @coach is \(try await option("#{@coach}"))")
            return nil
        }
    }

    @Test func setupStartPauseAndLockShowInTheStatusLine() async throws {
        guard let coach = CoachBinary.path() else { Issue.record("coach is not built"); return }
        let home = try ScratchHome()
        let tmux = try await TmuxServer()
        let environment = home.environment
        defer {
            // The background gateway: stop it (its pid is in the lock file it holds).
            if let pid = InstanceLock.holder(path: home.root.appendingPathComponent("run/coach/coach.sock.lock").path) {
                kill(pid, SIGTERM)
            }
        }
        let setup = try await runProcess(coach, ["tmux", "setup", "-L", tmux.name], environment: environment)
        #expect(setup.status == 0, "\(setup.stderr)")
        #expect(try await tmux.option("#{status-right}").contains("#{@coach}"))

        #expect(try await runProcess(coach, ["start", "running", "--location", "outdoor"], environment: environment).status == 0)
        _ = try await tmux.wait(for: "running") { $0.contains("▶") && $0.contains("run") }
        #expect(try await runProcess(coach, ["sample", "heartRate", "163"], environment: environment).status == 0)
        _ = try await tmux.wait(for: "heart rate") { $0.contains("163") }

        #expect(try await runProcess(coach, ["pause"], environment: environment).status == 0)
        let delay = try await tmux.wait(for: "paused", timeout: .seconds(1)) { $0.contains("‖") }
        #expect(delay != nil, "the pause must show within 1 s")

        #expect(try await runProcess(coach, ["lock"], environment: environment).status == 0)
        _ = try await tmux.wait(for: "locked") { !$0.contains("163") }
        let locked = try await tmux.option("#{@coach}")
        #expect(!locked.contains("163") && !locked.contains("♥"), "no metric value while locked: \(locked)")
        #expect(locked.contains("run"), "the activity still shows")

        // A restarted gateway remembers the tmux server: no second `coach tmux setup` needed.
        let lock = home.root.appendingPathComponent("run/coach/coach.sock.lock").path
        let pid = try #require(InstanceLock.holder(path: lock))
        kill(pid, SIGKILL)
        #expect(try await runProcess(coach, ["resume"], environment: environment).status == 0)   // starts and recovers a gateway
        _ = try await tmux.wait(for: "running again after the restart") { $0.contains("▶") }
        // …and the privacy lock: metrics stay hidden after the restart.
        #expect(try await runProcess(coach, ["sample", "heartRate", "171"], environment: environment).status == 0)
        // Absence is asserted once a later change has shown: the feed is pushed in order, so by
        // the time the pause is on the status line the sample's content has been pushed too.
        #expect(try await runProcess(coach, ["pause"], environment: environment).status == 0)
        _ = try await tmux.wait(for: "paused after the sample") { $0.contains("‖") }
        let afterRestart = try await tmux.option("#{@coach}")
        #expect(!afterRestart.contains("171") && !afterRestart.contains("♥"), "still locked: \(afterRestart)")
    }
}
