// Two gateways in separate XDG worlds, one the mirror of the other, for the mirroring tests and
// their ssh variant: clients to each, waiting for the link, and a subscriber that times how long a
// change takes to show.

import CoachGateway
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

final class MirrorPair: @unchecked Sendable {
    let primaryHome = try! ScratchHome()
    let mirrorHome = try! ScratchHome()
    var primary: BackgroundGateway
    var mirror: BackgroundGateway

    init(primaryEnvironment: [String: String] = [:]) async throws {
        primary = try await BackgroundGateway(home: primaryHome)
        mirror = try await BackgroundGateway(home: mirrorHome)
    }

    func client(_ gateway: BackgroundGateway) throws -> GatewayClient {
        try GatewayClient(location: SocketLocation(path: gateway.socketPath))
    }

    func call(_ gateway: BackgroundGateway, _ method: String, _ params: JSONValue = .object([])) throws -> JSONValue {
        try client(gateway).call(method, params)
    }

    /// `mirror.start` on the mirror, then waits until the link is live.
    func link(_ target: String, extra: [(String, JSONValue)] = [], timeout: Duration = .seconds(60)) async throws {
        _ = try call(mirror, "mirror.start", .object([("target", .string(target))] + extra))
        try await waitLive(timeout: timeout)
    }

    func waitLive(timeout: Duration = .seconds(60)) async throws {
        try await eventually(timeout: timeout, "the mirror link did not go live") {
            (try? self.call(self.mirror, "mirror.status"))?["state"]?.stringValue == "live"
        }
    }

    func eventually(timeout: Duration = .seconds(60), _ what: String, _ condition: @escaping @Sendable () async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            if try await condition() { return }
            guard ContinuousClock.now < deadline else {
                let status = (try? call(mirror, "mirror.status"))?.serialized() ?? "?"
                throw TmuxError("\(what) within \(timeout); mirror.status: \(status)")
            }
            try await Task.sleep(for: .milliseconds(25))
        }
    }
}

/// A `status` (and `event`) subscriber on one gateway, read on a thread of its own.
final class StatusWatcher: @unchecked Sendable {
    private let client: GatewayClient
    private let states = Mutex<[(state: String, json: JSONValue, at: ContinuousClock.Instant)]>([])
    private let events = Mutex<[String]>([])

    init(_ socketPath: String, events: Bool = false) throws {
        client = try GatewayClient(location: SocketLocation(path: socketPath))
        _ = try client.call("subscribe", ["events": .bool(events), "status": true])
        let client = self.client
        Thread { [self] in
            while let line = try? client.readLine() {
                if let message = try? JSONValue(parsing: line), message["method"]?.stringValue == "event",
                   let kind = message["params"]?["event"]?.stringValue {
                    self.events.withLock { $0.append(kind + ": " + (message["params"]?["message"]?.stringValue ?? "")) }
                }
                guard let message = try? JSONValue(parsing: line), message["method"]?.stringValue == "status",
                      let params = message["params"], let state = params["state"]?.stringValue else { continue }
                self.states.withLock { $0.append((state, params, ContinuousClock.now)) }
            }
        }.start()
    }

    /// How long after `since` the first status matching `condition` arrived (waits up to `timeout`).
    func latency(since: ContinuousClock.Instant, timeout: Duration = .seconds(5),
                 _ condition: @escaping (JSONValue) -> Bool) async throws -> Duration {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let hit = states.withLock({ $0.first { $0.at >= since && condition($0.json) } }) { return hit.at - since }
            try await Task.sleep(for: .milliseconds(2))
        }
        throw TmuxError("no matching status within \(timeout)")
    }

    var latest: JSONValue? { states.withLock { $0.last?.json } }

    /// The events heard so far, as "kind: message".
    var heard: [String] { events.withLock { $0 } }
}

import Synchronization
