// The REPL's own gateway applies the settings file as `coach serve` does: auto-pause switched per
// activity, heart-rate zones on the feed. A script drives auto-pause on the virtual clock (distance
// samples that stop growing are a standstill); the interactive REPL, which serves the socket, is
// asked for its status line by a one-shot `coach status`.

import CoachWire
import Foundation
import Testing

@Suite struct ReplSettingsTests {
    /// An outdoor run that stands still for 10 s, then its status as JSON.
    static let standingStill = ["start an outdoor run"]
        + Array(repeating: ["/sample distance 0", "/wait 2s"], count: 5).flatMap { $0 }
        + ["status"]

    /// The script's last reply (the status), run by the REPL's private gateway with `settings`.
    func lastReply(settings: String, script: [String]) async throws -> JSONValue {
        let binary = try #require(CoachBinary.path(), "coach is not built")
        let home = try ScratchHome()
        try home.writeSettings(settings)
        let result = try await runProcess(binary, ["--virtual-clock", "--json", "--keep-going"], environment: home.environment,
                                    stdin: script.joined(separator: "\n") + "\n")
        let last = try #require(result.stdout.split(separator: "\n").last, "no output: \(result.stderr)")
        return try JSONValue(parsing: String(last))
    }

    @Test func autoPauseSwitchedOffForRunsKeepsAnOutdoorRunRunning() async throws {
        let status = try await lastReply(settings: "auto_pause:\n  running: false\n", script: Self.standingStill)
        #expect(status["workout"]?["state"]?.stringValue == "running", "\(status.serialized())")
        #expect(status["workout"]?["autoPaused"] == nil)
    }

    @Test func theDefaultsStillAutoPauseAnOutdoorRun() async throws {
        let status = try await lastReply(settings: "units: km\n", script: Self.standingStill)
        #expect(status["workout"]?["state"]?.stringValue == "paused", "\(status.serialized())")
        #expect(status["workout"]?["autoPaused"]?.boolValue == true)
    }

    @Test func autoPauseSwitchedOnForWalksPausesAnOutdoorWalk() async throws {
        let script = ["start an outdoor walk"] + Self.standingStill.dropFirst()
        let status = try await lastReply(settings: "auto_pause:\n  walking: true\n", script: script)
        #expect(status["workout"]?["state"]?.stringValue == "paused", "\(status.serialized())")
        #expect(status["workout"]?["autoPaused"]?.boolValue == true)
    }

    /// The interactive REPL hosts the gateway and serves the socket: its status line shows the
    /// heart rate's zone from the settings' maximum (150 of 200 is zone 3; the bar's tooltip says it).
    @Test func theInteractiveReplsGatewayShowsHeartRateZones() async throws {
        let home = try ScratchHome()
        try home.writeSettings("heart_rate:\n  max: 200\n")
        let tmux = try await TmuxSession(home: home)
        try await tmux.waitFor(lastLine: InteractiveReplTests.prompt)
        try await tmux.type("start an outdoor run")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Go!")  // samples count once the countdown is over
        try await tmux.type("/sample heartRate 150")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "heartRate 150 recorded.")
        let binary = try #require(CoachBinary.path())
        let status = try await runProcess(binary, ["status", "--format", "waybar", "--no-start"], environment: home.environment)
        #expect(status.status == 0, "\(status.stderr)")
        #expect(status.stdout.contains("Zone 3"), "\(status.stdout)")
    }
}
