// `subscribe` with `echo: false`: a connection that shows its own replies (the REPL) is not told
// again what its own commands did, while what other clients and the clock do still reaches it.

import CoachWire
import CoachCore
import CoachGateway
import Foundation
import Testing

@Suite("Echo-free subscriptions", .serialized)
struct EchoSubscriptionTests {
    /// The events a connection reads up to (and with) the first whose message is `last`.
    private static func events(_ client: GatewayClient, until last: String) throws -> [String] {
        var messages: [String] = []
        while messages.count < 50 {
            let params = try client.nextNotification("event")
            messages.append(params["message"]?.stringValue ?? "")
            if messages.last == last { break }
        }
        return messages
    }

    @Test func ownCommandsAreNotEchoedOthersAre() async throws {
        try await TestGateway.running { test in
            let heard = try await onThread { () -> [String] in
                let repl = try test.client()
                _ = try repl.call("subscribe", ["events": true, "status": false, "echo": false])
                _ = try repl.call("start", ["activity": "walking"])
                _ = try repl.call("pause")
                _ = try repl.call("resume")
                // Another client's pause: the one event this connection hears.
                _ = try test.client().call("pause")
                return try Self.events(repl, until: "Your walk is paused.")
            }
            #expect(heard == ["Your walk is paused."], "\(heard)")
        }
    }

    /// "Saved your walk: 0:02." → "Saved your walk: M:SS.".
    static func durationsMasked(_ events: [String]) -> [String] {
        events.map { $0.replacingOccurrences(of: #"\d+:\d\d\."#, with: "M:SS.", options: .regularExpression) }
    }

    @Test func anEndIsNotEchoedButAnotherClientsEndIs() async throws {
        try await TestGateway.running { test in
            let (quiet, full) = try await onThread { () -> ([String], [String]) in
                let repl = try test.client()
                _ = try repl.call("subscribe", ["events": true, "status": false, "echo": false])
                let other = try test.client()
                _ = try other.call("subscribe", ["events": true, "status": false])
                // The other client's walk: the quiet connection hears all of it.
                _ = try other.call("start", ["activity": "walking"])
                _ = try other.call("end", ["save": true])
                // Its own run: nothing (the replies said it); the default subscriber hears it all.
                _ = try repl.call("start", ["activity": "running"])
                _ = try repl.call("end", ["save": true])
                _ = try other.call("start", ["activity": "cycling"])
                return (try Self.events(repl, until: "Go! Your ride has started."),
                        try Self.events(other, until: "Go! Your ride has started."))
            }
            // The saved duration is how long the machine took between start and end (0:00 when idle).
            let walk = ["Go! Your walk has started.", "Your walk has stopped.", "Saved your walk: M:SS."]
            let run = ["Go! Your run has started.", "Your run has stopped.", "Saved your run: M:SS."]
            #expect(Self.durationsMasked(quiet) == walk + ["Go! Your ride has started."], "\(quiet)")
            #expect(Self.durationsMasked(full) == walk + run + ["Go! Your ride has started."], "\(full)")
        }
    }

    /// The clock's events have no origin: a countdown after the connection's own start is heard.
    @Test func theClocksEventsAfterOwnCommandsAreHeard() async throws {
        try await TestGateway.running(countdown: .seconds(1)) { test in
            let heard = try await onThread { () -> [String] in
                let repl = try test.client()
                _ = try repl.call("subscribe", ["events": true, "status": false, "echo": false])
                _ = try repl.call("start", ["activity": "walking"])
                return try Self.events(repl, until: "Go! Your walk has started.")
            }
            #expect(heard.last == "Go! Your walk has started.")
        }
    }
}
