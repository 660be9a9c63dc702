// The REPL's modes through the real binary: client of a gateway that already runs (`coach serve`
// on the scratch socket), the gateway going away under it, guest mode, a recovered workout, and
// which gateway a script talks to. Every wait polls; nothing depends on how long anything takes.

import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite(.serialized)
struct ClientModeTests {
    static let prompt = "coach>"

    private func coach(_ arguments: [String], home: ScratchHome, stdin: String? = nil) async throws -> ProcessResult {
        let binary = try #require(CoachBinary.path())
        return try await runProcess(binary, arguments, environment: home.environment, stdin: stdin)
    }

    /// The issue's key test: another client's command shows up above what the user is typing,
    /// and the typed text and the cursor are as they were.
    @Test func anotherClientsEventIsPrintedAboveAHalfTypedLine() async throws {
        let home = try ScratchHome()
        let gateway = try await BackgroundGateway(home: home)
        let tmux = try await TmuxSession(home: home)
        let pid = try #require(gateway.lockPID)
        let banner = try await tmux.waitFor(text: "connected to the gateway at \(gateway.socketPath) (pid \(pid))")
        #expect(!banner.contains { $0.contains("gateway embedded") })
        try await tmux.waitFor(lastLine: Self.prompt)

        // An utterance is answered by the running gateway, in one line: what it did (no countdown
        // here, so "Go!" at once) is not printed again as an event.
        try await tmux.type("start an outdoor run")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Starting your outdoor run.")

        // "/stus" with the cursor between "/st" and "us": the event must keep both.
        try await tmux.type("/stus")
        try await tmux.press("Left", "Left")
        try await tmux.waitFor(lastLine: "coach> /stus")
        let pause = try await coach(["pause"], home: home)
        #expect(pause.status == 0)
        #expect(pause.stdout.contains("Paused your outdoor run."))

        let lines = try await tmux.waitFor(text: "Your outdoor run is paused.")
        #expect(!lines.contains("Go! Your outdoor run has started."), "the start's own event is not echoed")
        #expect(lines.last == "coach> /stus", "the half-typed line is still there")
        let event = try #require(lines.lastIndex(of: "Your outdoor run is paused."))
        #expect(event == lines.count - 2, "the event sits right above the prompt")
        #expect(!lines.contains { $0.contains("paused") && $0.contains("/st") }, "nothing garbled")

        // Typing goes where the cursor was: "/st" + "at" + "us".
        try await tmux.type("at")
        try await tmux.waitFor(lastLine: "coach> /status")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Your outdoor run is paused:")

        // Another client's resume shows up too.
        let resume = try await coach(["resume"], home: home)
        #expect(resume.status == 0)
        try await tmux.waitFor(text: "Your outdoor run is running again.")

        // Ctrl-D leaves at once: the gateway is not ours, and it keeps running.
        try await tmux.press("C-d")
        let end = try await tmux.waitFor(text: "[exit 0]")
        #expect(!end.contains { $0.contains("Press Ctrl-D again") })
        let status = try await coach(["status"], home: home)
        #expect(status.status == 0)
        #expect(status.stdout.contains("outdoor run"), "the workout went on without the REPL: \(status.stdout)")
        #expect(try await gateway.stop() == 0)
    }

    /// A follow-up question and its answer go over the same connection (the gateway's
    /// conversation is per connection).
    @Test func aFollowUpAnswerReachesItsQuestion() async throws {
        let home = try ScratchHome()
        let gateway = try await BackgroundGateway(home: home)
        let tmux = try await TmuxSession(home: home)
        try await tmux.waitFor(text: "connected to the gateway at")
        try await tmux.waitFor(lastLine: Self.prompt)
        try await tmux.type("start a workout")
        try await tmux.press("Enter")
        try await tmux.waitFor(lastLine: "which workout? >")
        try await tmux.type("2")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Starting your walk.")
        try await tmux.type("cancel")
        try await tmux.press("Enter")
        try await tmux.waitFor(lastLine: "discard? [y/N] >")
        try await tmux.type("y")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Discarded your walk.")
        #expect(try await gateway.stop() == 0)
    }

    @Test func theGatewayStoppingMidSessionIsSaidAndExits69() async throws {
        let home = try ScratchHome()
        let gateway = try await BackgroundGateway(home: home)
        let tmux = try await TmuxSession(home: home)
        try await tmux.waitFor(text: "connected to the gateway at")
        try await tmux.waitFor(lastLine: Self.prompt)
        try await tmux.type("half typed")
        try await tmux.waitFor(lastLine: "coach> half typed")

        #expect(try await gateway.stop() == 0)
        let lines = try await tmux.waitFor(text: "[exit 69]")
        let message = "coach: the gateway at \(gateway.socketPath) stopped; restart it with `coach serve` or run `coach` again"
        #expect(lines.contains(message), "screen:\n\(lines.joined(separator: "\n"))")
    }

    @Test func guestModeRunsWorkoutsAndSavesNothing() async throws {
        let home = try ScratchHome()
        let tmux = try await TmuxSession(["--guest"], home: home)
        let banner = try await tmux.waitFor(text: "guest mode: nothing is saved")
        #expect(banner.contains { $0.contains("gateway embedded, listening on") })
        try await tmux.waitFor(lastLine: Self.prompt)
        try await tmux.type("start a run")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Go! Your run has started.")
        // Long enough to be kept (5 s), so the save is really attempted and refused.
        try await tmux.type("/wait 5s")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "(5s later)")
        try await tmux.type("end")
        try await tmux.press("Enter")
        let ended = try await tmux.waitFor(text: "this workout was not kept")
        #expect(ended.contains { $0.hasPrefix("Ended your run") })
        try await tmux.type("/quit")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "[exit 0]")
        let store = home.root.appendingPathComponent("data/coach/coach.sqlite").path
        #expect(!FileManager.default.fileExists(atPath: store), "guest mode opened no store")
    }

    /// A gateway killed mid-workout: the next `coach` hosts a gateway that recovers it, and says so.
    @Test func aRecoveredWorkoutIsShownOnStart() async throws {
        let home = try ScratchHome()
        let gateway = try await BackgroundGateway(home: home)
        #expect(try await coach(["start", "running"], home: home).status == 0)
        #expect(try await coach(["pause"], home: home).status == 0)
        // The socket file stays behind: the REPL's gateway replaces it as stale.
        await gateway.killHard()

        let tmux = try await TmuxSession(home: home)
        let lines = try await tmux.waitFor(text: "Recovered your run after a restart: paused,")
        #expect(lines.contains { $0.contains("gateway embedded, listening on") })
        try await tmux.waitFor(lastLine: Self.prompt)
        try await tmux.type("/status")
        try await tmux.press("Enter")
        try await tmux.waitFor(text: "Your run is paused:")
    }

    /// Scripts keep their own gateway, unless --socket names one explicitly.
    @Test func aScriptUsesTheRunningGatewayOnlyWithAnExplicitSocket() async throws {
        let home = try ScratchHome()
        let gateway = try await BackgroundGateway(home: home)

        let private_ = try await coach(["--script", "-"], home: home, stdin: "start a walk\n")
        #expect(private_.status == 0)
        #expect(try await coach(["status"], home: home).stdout.contains("No workout in progress."))

        let shared = try await coach(["--socket", gateway.socketPath, "--script", "-"], home: home, stdin: "start a walk\nstatus\n")
        #expect(shared.status == 0, "stderr: \(shared.stderr)")
        #expect(shared.stdout.contains("Starting your walk."))
        #expect(try await coach(["status"], home: home).stdout.contains("walk"))

        // A second start on the shared gateway fails as over the socket (failureOngoingWorkout: 4).
        let again = try await coach(["--socket", gateway.socketPath, "--script", "-"], home: home, stdin: "start a run\n")
        #expect(again.status == 4)

        let virtual = try await coach(["--socket", gateway.socketPath, "--virtual-clock", "--script", "-"], home: home, stdin: "status\n")
        #expect(virtual.status == 64)
        #expect(virtual.stderr.contains("--virtual-clock needs the script's own gateway"))
        #expect(try await gateway.stop() == 0)

        let gone = try await coach(["--socket", gateway.socketPath, "--script", "-"], home: home, stdin: "status\n")
        #expect(gone.status == 69)
        #expect(gone.stderr.contains("no gateway answers on \(gateway.socketPath)"))
    }

    @Test func guestNeedsTheREPLsOwnGateway() async throws {
        let home = try ScratchHome()
        let gateway = try await BackgroundGateway(home: home)
        let tmux = try await TmuxSession(["--guest"], home: home)
        let lines = try await tmux.waitFor(text: "[exit 75]")
        #expect(lines.contains { $0.contains("--guest needs the REPL to host its own gateway") })
        #expect(try await gateway.stop() == 0)
    }
}
