// How long a gateway lives: `coach shutdown` stops it (keeping a workout in progress for the next
// one), and one that a one-shot command started exits after an idle period with no workout and
// no client — while one started by hand stays. Real processes, real sockets.

import CoachGateway
import Foundation
import Testing

@Suite("Gateway lifetime", .serialized)
struct GatewayLifetimeTests {
    static func coach(_ home: ScratchHome, _ arguments: [String], environment: [String: String] = [:]) async throws -> ProcessResult {
        guard let binary = CoachBinary.path() else { throw TmuxError("coach is not built") }
        return try await runProcess(binary, arguments, environment: home.environment.merging(environment) { $1 })
    }

    static func socket(_ home: ScratchHome) -> String { home.root.appendingPathComponent("run/coach/coach.sock").path }

    /// Polls (up to 20 s) until the gateway's process is gone and its socket does not answer. The
    /// lock is polled, not the socket: a connection every few milliseconds is a client, and would
    /// keep an idle gateway alive.
    static func waitUntilGone(_ home: ScratchHome) async throws -> Bool {
        for _ in 0..<1000 {
            if InstanceLock.holder(path: socket(home) + ".lock") == nil { return RawSocket.probe(socket(home)) != .answers }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    @Test func shutdownStopsTheBackgroundGatewayAndKeepsTheWorkout() async throws {
        let home = try ScratchHome()
        #expect(try await Self.coach(home, ["start", "rowing", "--location", "indoor"]).status == 0)
        #expect(RawSocket.probe(Self.socket(home)) == .answers, "started in the background")
        let stopped = try await Self.coach(home, ["shutdown"])
        #expect(stopped.status == 0, "\(stopped.stderr)")
        #expect(stopped.stdout.contains("Stopped the gateway (pid "))
        #expect(stopped.stdout.contains("kept"), "a workout in progress is said to be kept: \(stopped.stdout)")
        #expect(RawSocket.probe(Self.socket(home)) != .answers, "gone when shutdown returns")

        let again = try await Self.coach(home, ["shutdown"])
        #expect(again.status == ExitStatus.unreachable.rawValue)
        #expect(again.stderr.contains("no gateway runs"))

        // The next command starts a gateway that recovers the workout.
        let status = try JSONValue(parsing: try await Self.coach(home, ["status", "--json"]).stdout)
        #expect(status["activity"]?.stringValue == "rowing", "\(status.serialized())")
        #expect(try await Self.coach(home, ["cancel", "--yes"]).status == 0)
        #expect(try await Self.coach(home, ["shutdown"]).status == 0)
    }

    @Test func anAutostartedGatewayExitsWhenIdleButNotDuringAWorkout() async throws {
        let home = try ScratchHome()
        let idle = ["COACH_IDLE_EXIT": "1s"]
        #expect(try await Self.coach(home, ["start", "walking", "--location", "outdoor"], environment: idle).status == 0)
        try await Task.sleep(for: .milliseconds(2500))
        #expect(RawSocket.probe(Self.socket(home)) == .answers, "a workout is in progress: the gateway stays")
        #expect(try await Self.coach(home, ["cancel", "--yes"], environment: idle).status == 0)
        #expect(try await Self.waitUntilGone(home), "idle for 1 s with no workout and no client: it exits")
        #expect(InstanceLock.holder(path: Self.socket(home) + ".lock") == nil, "the process is gone, not just the socket")

        // A client that stays connected keeps it too.
        #expect(try await Self.coach(home, ["status"], environment: idle).status == 0)
        let client = try GatewayClient(location: SocketLocation(path: Self.socket(home)))
        try await Task.sleep(for: .milliseconds(2500))
        #expect(try client.call("ping") == "pong")
        _ = consume client
        #expect(try await Self.waitUntilGone(home))
    }

    @Test func aGatewayStartedByHandStays() async throws {
        let home = try ScratchHome()
        let gateway = try await BackgroundGateway(home: home)
        try await Task.sleep(for: .milliseconds(2500))
        #expect(RawSocket.probe(gateway.socketPath) == .answers)
        #expect(try await Self.coach(home, ["serve", "--idle-exit", "soon"]).status == 64, "a bad duration is a usage error")
        #expect(try await Self.coach(home, ["shutdown"]).status == 0)
        #expect(try await Self.waitUntilGone(home))
    }
}
