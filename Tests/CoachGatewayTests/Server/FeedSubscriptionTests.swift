// Feed subscribers over the socket: the first gets the current content at once and every change
// after; once all have gone the gateway stops encoding the feed, and the next subscriber again
// starts with the current content (not a stale or missing one).

import CoachWire
import Testing

@Suite struct FeedSubscriptionTests {
    /// Reads lines until a `feed` notification whose phase is `phase` (at most 20 lines).
    private static func feedPhase(_ client: GatewayClient, _ phase: String) throws -> Bool {
        for _ in 0..<20 {
            let line = try client.readLine()
            if line.contains(#""method":"feed""#) && line.contains(#""phase":"\#(phase)""#) { return true }
        }
        return false
    }

    @Test func subscribersComeAndGoAndEachStartsWithTheCurrentContent() async throws {
        try await TestGateway.running { test in
            let seen = try await onThread { () -> [Bool] in
                var seen: [Bool] = []
                let actor = try test.client()
                do {
                    // Closed (by deinit) at the end of this block.
                    let first = try test.client()
                    _ = try first.call("subscribe", ["events": false, "status": false, "feed": true])
                    seen.append(try Self.feedPhase(first, "idle"))
                    _ = try actor.call("start", ["activity": "running"])
                    seen.append(try Self.feedPhase(first, "running"))
                    let second = try test.client()
                    _ = try second.call("subscribe", ["events": false, "status": false, "feed": true])
                    seen.append(try Self.feedPhase(second, "running"))
                }
                // Nobody listens now; a change meanwhile, then a newcomer sees it at once.
                _ = try actor.call("pause")
                let third = try test.client()
                _ = try third.call("subscribe", ["events": false, "status": false, "feed": true])
                seen.append(try Self.feedPhase(third, "paused"))
                return seen
            }
            #expect(seen == [true, true, true, true], "idle, running, running for the newcomer, paused after all had gone")
        }
    }
}
