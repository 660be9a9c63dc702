// Small things a new user tripped on, tried as they tried them: the real `coach` against a real
// gateway. Pausing a paused workout says so; `coach show --json` and `coach status --format json`
// agree on shapes; what the clock says after a Japanese line comes in Japanese in an English REPL.

import CoachGateway
import Foundation
import Testing

@Suite("New-user polish", .serialized)
struct NewUserTests {
    static func coach(_ home: ScratchHome, _ arguments: [String]) async throws -> ProcessResult {
        guard let binary = CoachBinary.path() else { throw TmuxError("coach is not built") }
        return try await runProcess(binary, arguments, environment: home.environment)
    }

    @Test func pausingAPausedWorkoutSaysItIsAlreadyPaused() async throws {
        let home = try ScratchHome()
        let gateway = try await BackgroundGateway(home: home)
        try await withCleanup({ _ = try? await Self.coach(home, ["cancel", "--yes"]) }) {
            #expect(try await Self.coach(home, ["start", "running", "--location", "outdoor"]).status == 0)

            let resumeRunning = try await Self.coach(home, ["resume"])
            #expect(resumeRunning.stdout == "Your outdoor run is already running.\n")
            #expect(resumeRunning.status == ExitStatus.noMatchingWorkout.rawValue, "nothing was resumed")

            #expect(try await Self.coach(home, ["pause"]).stdout == "Paused your outdoor run.\n")
            let again = try await Self.coach(home, ["pause"])
            #expect(again.stdout == "Your outdoor run is already paused.\n")
            #expect(again.status == ExitStatus.noMatchingWorkout.rawValue)
            let json = try JSONValue(parsing: try await Self.coach(home, ["pause", "--json"]).stdout)
            #expect(json["code"]?.stringValue == "failureNoMatchingWorkout", "SiriKit's code is kept")
            #expect(try await Self.coach(home, ["say", "一時停止"]).stdout.contains("すでに一時停止中です"))

            // Naming another activity is not "already paused": that workout does not exist.
            let client = try GatewayClient(location: SocketLocation(path: gateway.socketPath))
            let other = try client.call("pause", ["activity": "cycling"])
            #expect(other["code"]?.stringValue == "failureNoMatchingWorkout")
            #expect(other["message"]?.stringValue?.contains("already") == false, "\(other.serialized())")

            #expect(try await Self.coach(home, ["cancel", "--yes"]).status == 0)
            #expect(try await Self.coach(home, ["pause"]).stdout == "There's no workout running to pause.\n")
            try await gateway.stop()
        }
    }

    @Test func showJSONAndStatusJSONAgreeOnLocationAndUnits() async throws {
        let home = try ScratchHome()
        let gateway = try await BackgroundGateway(home: home)
        #expect(try await Self.coach(home, ["start", "yoga"]).status == 0)
        #expect(try await Self.coach(home, ["sample", "heartRate", "120"]).status == 0)
        let status = try JSONValue(parsing: try await Self.coach(home, ["status", "--format", "json"]).stdout)
        #expect(status["location"] == .null)
        let statusUnit = status["metrics"]?["heartRate"]?["unit"]?.stringValue
        #expect(try await Self.coach(home, ["end", "--save"]).status == 0)

        let history = try JSONValue(parsing: try await Self.coach(home, ["history", "--json"]).stdout)
        guard case .array(let workouts) = history, let id = workouts.first?["id"]?.stringValue else {
            Issue.record("no saved workout: \(history.serialized())")
            return
        }
        let shown = try await Self.coach(home, ["show", id, "--json"])
        let detail = try JSONValue(parsing: shown.stdout)
        #expect(detail["summary"]?["location"] == .null, "\(shown.stdout)")
        #expect(shown.stdout.contains(#""location":null"#))
        #expect(!shown.stdout.contains("unknown"))
        guard case .array(let statistics)? = detail["statistics"] else {
            Issue.record("no statistics: \(shown.stdout)")
            return
        }
        let heart = try #require(statistics.first { $0["type"]?.stringValue == "heartRate" })
        #expect(heart["unit"]?.stringValue == "bpm")
        #expect(statusUnit == "bpm", "status names the unit bpm too: \(status.serialized())")
        try await gateway.stop()
    }

    /// An English REPL, a Japanese line: its reply is Japanese, and so is what the clock says after
    /// it (the countdown's "Go!"); what the line itself did is said once, by the reply.
    @Test func aJapaneseLineGetsJapaneseEventsInAnEnglishRepl() async throws {
        let tmux = try await TmuxSession()
        try await tmux.waitFor(lastLine: "coach>")
        try await tmux.type("屋外ランニングを開始")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "屋外ランニングを開始します")
        let started = try await tmux.waitFor(text: "スタート！屋外ランニングを記録しています")
        #expect(!started.contains("Go! Your outdoor run has started."), "\(started)")
        try await tmux.type("一時停止")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "屋外ランニングを一時停止しました")
        try await tmux.type("resume")
        try await tmux.press("Enter")
        let after = try await tmux.waitFor(text: "Resuming your outdoor run.")
        #expect(!after.contains { $0.contains("一時停止中です") || $0.contains("is paused") || $0.contains("running again") }, "\(after)")
    }
}
