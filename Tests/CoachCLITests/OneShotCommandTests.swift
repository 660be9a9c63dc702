// One-shot commands as a user runs them: the real `coach` binary, a gateway started in the
// background on first use, exit statuses that tell outcomes apart, a second `coach serve` refused,
// and systemd socket activation.

import CoachWire
import CoachGateway
import Foundation
import Testing

/// Runs the built `coach` with a private XDG environment and returns (status, stdout, stderr).
struct CoachRunner {
    let home: String

    init() {
        home = "/tmp/coach-cli-\(getpid())-\(UUID().uuidString.prefix(6))"
        for folder in ["run", "data", "state", "config"] {
            try? FileManager.default.createDirectory(atPath: home + "/" + folder, withIntermediateDirectories: true)
        }
        chmod(home + "/run", 0o700)
    }

    var socket: String { home + "/run/coach/coach.sock" }

    var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = home + "/run"
        environment["XDG_DATA_HOME"] = home + "/data"
        environment["XDG_STATE_HOME"] = home + "/state"
        environment["XDG_CONFIG_HOME"] = home + "/config"
        environment["SWIFT_BACKTRACE"] = "interactive=no"
        environment.removeValue(forKey: "COACH_SOCKET")
        return environment
    }

    @discardableResult
    func run(_ arguments: [String], executable: String = CoachBinary.located,
             environment extra: [String: String] = [:]) async throws -> (Int32, String, String) {
        var environment: [String: String?] = self.environment.merging(extra) { $1 }
        if extra["COACH_SOCKET"] == nil { environment["COACH_SOCKET"] = .some(nil) }
        let result = try await runProcess(executable, arguments, environment: environment)
        return (result.status, result.stdout, result.stderr)
    }

    /// Stops the gateway the commands started (its pid is in the lock file) and removes the files.
    func cleanUp() {
        // Only a pid whose process still holds the lock: a stale one may name another program.
        if let pid = InstanceLock.holder(path: socket + ".lock") { kill(pid, SIGTERM) }
        try? FileManager.default.removeItem(atPath: home)
    }
}

@Suite("One-shot commands", .serialized)
struct OneShotCommandTests {
    @Test func firstCommandStartsAGatewayAndExitStatusesTellOutcomesApart() async throws {
        let coach = CoachRunner()
        defer { coach.cleanUp() }
        let (started, startOut, _) = try await coach.run(["start", "running", "--location", "outdoor", "--goal", "5km"])
        #expect(started == 0)
        #expect(startOut == "Starting your outdoor run. Goal: 5 kilometers.\n")
        #expect(RawSocket.probe(coach.socket) == .answers, "the background gateway outlives the command")

        #expect(try await coach.run(["start", "cycling"]).0 == 4)                       // failureOngoingWorkout
        #expect(try await coach.run(["resume"]).0 == 5)                                  // failureNoMatchingWorkout
        #expect(try await coach.run(["say", "make me a sandwich"]).0 == 3)               // not understood
        let (cancel, _, cancelErr) = try await coach.run(["cancel"])
        #expect(cancel == 6)                                                       // needs --yes off a terminal
        #expect(cancelErr.contains("--yes"))
        #expect(try await coach.run(["start", "moonwalking"]).0 == 64)                   // usage
        let (discarded, discardOut, _) = try await coach.run(["cancel", "--yes"])
        #expect(discarded == 0)
        #expect(discardOut.contains("Nothing was saved"))
        let (status, statusOut, _) = try await coach.run(["status", "--format", "json"])
        #expect(status == 0)
        #expect(statusOut.contains(#""state":"ended""#))
    }

    @Test func noStartRefusesWhenNoGatewayRuns() async throws {
        let coach = CoachRunner()
        defer { coach.cleanUp() }
        let (code, _, stderr) = try await coach.run(["status", "--no-start"])
        #expect(code == 69)
        #expect(stderr.contains("no gateway answers"))
        #expect(RawSocket.probe(coach.socket) != .answers)
    }

    @Test func aSecondServeOnTheSameSocketRefusesClearly() async throws {
        let coach = CoachRunner()
        defer { coach.cleanUp() }
        #expect(try await coach.run(["status"]).0 == 0)  // starts the first gateway
        let (code, _, stderr) = try await coach.run(["serve"])
        #expect(code == 75)
        #expect(stderr.contains("already running"))
        #expect(RawSocket.probe(coach.socket) == .answers, "the running gateway keeps its socket")
    }

    @Test func systemdSocketActivation() async throws {
        let activate = "/usr/bin/systemd-socket-activate"
        guard FileManager.default.isExecutableFile(atPath: activate) else {
            Issue.record("systemd-socket-activate is not installed; .ci/run installs systemd")
            return
        }
        let coach = CoachRunner()
        defer { coach.cleanUp() }
        let path = coach.home + "/run/activated.sock"
        // systemd-socket-activate passes on only the variables named with -E.
        let passed = ["XDG_RUNTIME_DIR", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "SWIFT_BACKTRACE"]
            .flatMap { ["-E", "\($0)=\(coach.environment[$0] ?? "")"] }
        let activator = try await ChildProcess.spawn([activate, "-l", path] + passed + [CoachBinary.located, "serve"],
                                                     environment: coach.environment)
        defer { ChildProcess.terminateSoon(activator) }
        _ = try await poll(timeout: .seconds(60), every: .milliseconds(10)) { FileManager.default.fileExists(atPath: path) }
        // The first connection starts the gateway on the inherited socket.
        let (pong, started) = try await onThread {
            let client = try GatewayClient(location: SocketLocation(path: path))
            return (try client.call("ping"), try client.call("start", ["activity": "yoga"]))
        }
        #expect(pong == "pong")
        #expect(started["code"] == "success", "\(started.serialized())")
        #expect(!FileManager.default.fileExists(atPath: coach.socket), "no socket of its own was created")
    }
}

@Suite("coach-status", .serialized)
struct CoachStatusClientTests {
    static var tinyPath: String { (CoachBinary.located as NSString).deletingLastPathComponent + "/coach-status" }

    @Test func printsTheRenderedLineOrNothingWithoutAGateway() async throws {
        let coach = CoachRunner()
        defer { coach.cleanUp() }
        let (absent, absentOut, _) = try await coach.run(["tmux"], executable: Self.tinyPath)
        #expect(absent == 69)
        #expect(absentOut == "\n", "a bar shows nothing rather than an error")

        #expect(try await coach.run(["start", "rowing", "--location", "indoor"]).0 == 0)
        let (status, line, _) = try await coach.run(["tmux"], executable: Self.tinyPath)
        #expect(status == 0)
        #expect(line.contains("#[fg="), "tmux styles: \(line)")
        #expect(line.contains("row"))
        let (_, waybar, _) = try await coach.run(["waybar"], executable: Self.tinyPath)
        let object = try JSONValue(parsing: waybar.trimmingCharacters(in: .newlines))
        #expect(object["class"]?.stringValue != nil)
        #expect(try await coach.run(["bogus"], executable: Self.tinyPath).0 == 64)
    }
}
