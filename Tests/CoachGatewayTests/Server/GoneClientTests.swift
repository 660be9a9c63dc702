// A client that sends and goes at once (full close, no reading): its queued questions are dropped,
// but every action it sent is still performed, in order (issue 18, item 4) — a `start` and a
// `pause` written just before a script exited must not be silently lost.

import CoachWire
import Foundation
import Testing

@Suite(.serialized) struct GoneClientTests {
    @Test func actionsSentBeforeTheClientWentAreStillPerformedInOrder() async throws {
        try await TestGateway.running { test in
            // start, 300 questions, pause — then close without reading a single reply.
            var lines = [#"{"jsonrpc":"2.0","id":1,"method":"start","params":{"activity":"running"}}"#]
            for n in 0..<300 { lines.append(#"{"jsonrpc":"2.0","id":\#(n + 2),"method":"history","params":{"limit":100}}"#) }
            lines.append(#"{"jsonrpc":"2.0","id":999,"method":"pause"}"#)
            let fd = RawSocket.stream()
            #expect(RawSocket.connect(fd, test.location.path) == 0)
            #expect(RawSocket.writeAll(fd, Array((lines.joined(separator: "\n") + "\n").utf8)))
            close(fd)

            // The pause comes after 300 questions nobody will read: it happens all the same.
            let state = try await onThread { () -> String? in
                let client = try test.client()
                for _ in 0..<1000 {  // up to 20 s: 300 history queries first, on a busy machine
                    if let state = try client.call("status")["state"]?.stringValue, state == "paused" { return state }
                    usleep(20_000)
                }
                return try client.call("status")["state"]?.stringValue
            }
            #expect(state == "paused", "the start and the pause of a client that had gone were performed")
        }
    }
}
