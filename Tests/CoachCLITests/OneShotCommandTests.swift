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
             environment extra: [String: String] = [:]) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment.merging(extra) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Read before waiting: a full pipe would block the child.
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }

    /// Stops the gateway the commands started (its pid is in the lock file) and removes the files.
    func cleanUp() {
        if let pid = (try? String(contentsOfFile: socket + ".lock", encoding: .utf8)).flatMap({ Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }) {
            kill(pid, SIGTERM)
            usleep(100_000)
        }
        try? FileManager.default.removeItem(atPath: home)
    }
}

@Suite("One-shot commands", .serialized)
struct OneShotCommandTests {
    @Test func firstCommandStartsAGatewayAndExitStatusesTellOutcomesApart() throws {
        let coach = CoachRunner()
        defer { coach.cleanUp() }
        let (started, startOut, _) = try coach.run(["start", "running", "--location", "outdoor", "--goal", "5km"])
        #expect(started == 0)
        #expect(startOut == "Starting your outdoor run. Goal: 5 kilometers.\n")
        #expect(RawSocket.probe(coach.socket) == .answers, "the background gateway outlives the command")

        #expect(try coach.run(["start", "cycling"]).0 == 4)                       // failureOngoingWorkout
        #expect(try coach.run(["resume"]).0 == 5)                                  // failureNoMatchingWorkout
        #expect(try coach.run(["say", "make me a sandwich"]).0 == 3)               // not understood
        let (cancel, _, cancelErr) = try coach.run(["cancel"])
        #expect(cancel == 6)                                                       // needs --yes off a terminal
        #expect(cancelErr.contains("--yes"))
        #expect(try coach.run(["start", "moonwalking"]).0 == 64)                   // usage
        let (discarded, discardOut, _) = try coach.run(["cancel", "--yes"])
        #expect(discarded == 0)
        #expect(discardOut.contains("Nothing was saved"))
        let (status, statusOut, _) = try coach.run(["status", "--format", "json"])
        #expect(status == 0)
        #expect(statusOut.contains(#""state":"ended""#))
    }

    @Test func noStartRefusesWhenNoGatewayRuns() throws {
        let coach = CoachRunner()
        defer { coach.cleanUp() }
        let (code, _, stderr) = try coach.run(["status", "--no-start"])
        #expect(code == 69)
        #expect(stderr.contains("no gateway answers"))
        #expect(RawSocket.probe(coach.socket) != .answers)
    }

    @Test func aSecondServeOnTheSameSocketRefusesClearly() throws {
        let coach = CoachRunner()
        defer { coach.cleanUp() }
        #expect(try coach.run(["status"]).0 == 0)  // starts the first gateway
        let (code, _, stderr) = try coach.run(["serve"])
        #expect(code == 75)
        #expect(stderr.contains("already running"))
        #expect(RawSocket.probe(coach.socket) == .answers, "the running gateway keeps its socket")
    }

    @Test func systemdSocketActivation() throws {
        let activate = "/usr/bin/systemd-socket-activate"
        guard FileManager.default.isExecutableFile(atPath: activate) else {
            Issue.record("systemd-socket-activate is not installed; .ci/run installs systemd")
            return
        }
        let coach = CoachRunner()
        defer { coach.cleanUp() }
        let path = coach.home + "/run/activated.sock"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: activate)
        // systemd-socket-activate passes on only the variables named with -E.
        let passed = ["XDG_RUNTIME_DIR", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "SWIFT_BACKTRACE"]
            .flatMap { ["-E", "\($0)=\(coach.environment[$0] ?? "")"] }
        process.arguments = ["-l", path] + passed + [CoachBinary.located, "serve"]
        process.environment = coach.environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { process.terminate(); process.waitUntilExit() }
        for _ in 0..<200 where !FileManager.default.fileExists(atPath: path) { usleep(10_000) }
        // The first connection starts the gateway on the inherited socket.
        let client = try GatewayClient(location: SocketLocation(path: path))
        #expect(try client.call("ping") == "pong")
        let started = try client.call("start", ["activity": "yoga"])
        #expect(started["code"] == "success", "\(started.serialized())")
        #expect(!FileManager.default.fileExists(atPath: coach.socket), "no socket of its own was created")
    }
}

@Suite("coach-status", .serialized)
struct CoachStatusClientTests {
    static var tinyPath: String { (CoachBinary.located as NSString).deletingLastPathComponent + "/coach-status" }

    @Test func printsTheRenderedLineOrNothingWithoutAGateway() throws {
        let coach = CoachRunner()
        defer { coach.cleanUp() }
        let (absent, absentOut, _) = try coach.run(["tmux"], executable: Self.tinyPath)
        #expect(absent == 69)
        #expect(absentOut == "\n", "a bar shows nothing rather than an error")

        #expect(try coach.run(["start", "rowing", "--location", "indoor"]).0 == 0)
        let (status, line, _) = try coach.run(["tmux"], executable: Self.tinyPath)
        #expect(status == 0)
        #expect(line.contains("#[fg="), "tmux styles: \(line)")
        #expect(line.contains("row"))
        let (_, waybar, _) = try coach.run(["waybar"], executable: Self.tinyPath)
        let object = try JSONValue(parsing: waybar.trimmingCharacters(in: .newlines))
        #expect(object["class"]?.stringValue != nil)
        #expect(try coach.run(["bogus"], executable: Self.tinyPath).0 == 64)
    }
}
