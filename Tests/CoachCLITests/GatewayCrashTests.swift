// The crash test of issue 7 against the real gateway process: `coach serve` runs as its own
// process, a client streams samples and commands over the socket, the gateway is SIGKILLed at a
// random moment, and the restarted gateway must have every acknowledged sample and command, the
// right state and elapsed time, and a store that passes PRAGMA integrity_check.

import CoachWire
import CoachGateway
import CoachStore
import Foundation
import Synchronization
import Testing

@Suite("Gateway crash", .serialized)
struct GatewayCrashTests {
    /// `coach serve` on the scratch socket; SIGKILLed by the test, its end awaited.
    struct Gateway: Sendable {
        let child: Child

        init(coach: String, socket: String, data: String) async throws {
            child = try await ChildProcess.spawn([coach, "serve", "--socket", socket, "--countdown", "0"],
                                                 environment: ["XDG_DATA_HOME": data, "SWIFT_BACKTRACE": "interactive=no"])
            _ = try await poll(timeout: .seconds(60), every: .milliseconds(10)) { RawSocket.probe(socket) == .answers }
        }

        func kill() { child.signal(SIGKILL) }
    }

    /// What the client saw acknowledged before the kill.
    struct Acknowledged: Sendable {
        var samples: [String] = []
        var state = "running"
        var elapsed = 0.0
        /// A pause or resume sent but not yet answered when the gateway died: it may or may not
        /// have been applied (it was not acknowledged, so either is correct).
        var inFlight: String?
    }

    @Test func everyAcknowledgedSampleAndCommandSurvivesSIGKILL() async throws {
        // The shared locator (next to the test bundle, .build/debug, or COACH_BINARY).
        let coach = try #require(CoachBinary.path(), "build coach first: swift build --product coach")
        let work = "/tmp/coach-crash-\(getpid())"
        try? FileManager.default.removeItem(atPath: work)
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: work) }
        let socket = SocketLocation(path: work + "/coach.sock")
        let store = work + "/data/coach/coach.sqlite"
        var everAcknowledged: [String] = []
        var previous: Acknowledged?

        for trial in 1...20 {
            let gateway = try await Gateway(coach: coach, socket: socket.path, data: work + "/data")
            let first = previous == nil
            // The client blocks on its socket: on a thread of its own, not the cooperative pool.
            let (status, seen) = try await onThread { () -> (JSONValue, Acknowledged) in
                let client = try GatewayClient(location: socket)
                let status = try client.call("status")
                // The state the stream starts from: after the first trial's start, that start's
                // (acknowledged before anything else is sent, so a kill before the first pause
                // must recover it, not the notStarted seen before it).
                var from = status["state"]?.stringValue ?? "running"
                if first { from = try client.call("start", ["activity": "cycling"])["state"]?.stringValue ?? "running" }
                // Stream until killed at a random moment.
                let acknowledged = Mutex(Acknowledged(state: from))
                let killAfter = Double.random(in: 0.15...0.6)
                let killer = Thread { usleep(UInt32(killAfter * 1_000_000)); gateway.kill() }
                killer.start()
                var n = 0
                while true {
                    n += 1
                    let id = "t\(trial)-\(n)"
                    do {
                        if n % 7 == 0 {
                            let paused = acknowledged.withLock { $0.state } == "paused"
                            acknowledged.withLock { $0.inFlight = paused ? "running" : "paused" }
                            let reply = try client.call(paused ? "resume" : "pause")
                            acknowledged.withLock {
                                $0.inFlight = nil
                                if reply["code"]?.stringValue == "success" {
                                    $0.state = reply["state"]?.stringValue ?? $0.state
                                    $0.elapsed = reply["elapsed"]?.doubleValue ?? $0.elapsed
                                }
                            }
                            continue
                        }
                        let reply = try client.call("sample", ["type": "power", "value": .number(Double(100 + n % 200)),
                                                               "syncIdentifier": .string(id), "syncVersion": 1])
                        if reply["outcome"]?.stringValue == "added" { acknowledged.withLock { $0.samples.append(id) } }
                    } catch {
                        break  // the gateway is gone
                    }
                }
                return (status, acknowledged.withLock { $0 })
            }
            // After a kill, the workout is recovered exactly as last acknowledged.
            if let previous {
                let allowed = [previous.state] + (previous.inFlight.map { [$0] } ?? [])
                #expect(allowed.contains(status["state"]?.stringValue ?? "?"), "trial \(trial): recovered state \(status["state"] ?? .null), acknowledged \(previous.state)")
                #expect((status["elapsed"]?.doubleValue ?? 0) >= previous.elapsed - 0.001, "trial \(trial): elapsed went back")
            }
            await gateway.child.wait()
            everAcknowledged += seen.samples
            previous = seen

            // The file as the killed gateway left it.
            let database = try AppDatabase.open(path: store, readOnly: true)
            #expect(try database.integrityCheck() == ["ok"], "trial \(trial)")
            let stored = Set(try WorkoutStore(database: database).activeWorkoutJournal()?.compactMap { entry -> String? in
                if case .sample(let sample) = entry.kind { return sample.syncIdentifier }
                return nil
            } ?? [])
            let missing = everAcknowledged.filter { !stored.contains($0) }
            #expect(missing.isEmpty, "trial \(trial): \(missing.count) acknowledged samples missing, e.g. \(missing.prefix(3))")
        }
        #expect(everAcknowledged.count > 20, "the trials acknowledged too little to prove anything")
    }
}
