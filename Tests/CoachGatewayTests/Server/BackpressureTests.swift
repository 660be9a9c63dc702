// Backpressure (issue 18, item 4): while requests wait unanswered, a connection is read only until
// 64 are in flight; then the gateway stops reading it, so the client's writes block instead of the
// gateway queueing without bound. The queue is held by a first request that waits (a long poll,
// `authorization.next`, answered when the connection closes); the client then writes 1 KiB pings
// without blocking until the kernel says EAGAIN. Before (4 096 in flight) that took megabytes.

import CoachWire
import CoachGateway
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Backpressure", .serialized)
struct BackpressureTests {
    @Test func aConnectionIsNotReadBeyond64RequestsInFlight() async throws {
        try await TestGateway.running { test in
            let path = test.location.path
            let written: Int = try await onThread {
                let fd = RawSocket.stream()
                guard fd >= 0, RawSocket.connect(fd, path) == 0 else { throw GatewayClientError.protocolError("connect") }
                defer { close(fd) }
                func send(_ text: String) -> Bool {
                    let bytes = Array(text.utf8)
                    return bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) } == bytes.count
                }
                _ = send(#"{"jsonrpc":"2.0","id":0,"method":"authorization.next"}"# + "\n")
                usleep(200_000)
                let padding = String(repeating: "x", count: 1_000)
                let ping = #"{"jsonrpc":"2.0","id":1,"method":"parse","params":{"text":""# + padding + #""}}"# + "\n"
                var total = 0
                // Stop at EAGAIN (the gateway stopped reading and the buffers are full) or 8 MB.
                for _ in 0..<8_000 {
                    guard send(ping) else { break }
                    total += ping.utf8.count
                }
                return total
            }
            print("backpressure: \(written / 1024) KiB written before the client's writes would block")
            // 64 requests of ~1 KiB read by the gateway plus the kernel's socket buffers (a few hundred
            // KiB); with 4 096 in flight the gateway would have taken 4 MiB first.
            #expect(written > 64 * 1024)
            #expect(written < 2 * 1024 * 1024, "\(written) bytes accepted: the gateway kept reading")
            // The gateway is fine and serves others.
            let pong = try await onThread { try test.client().call("ping") }
            #expect(pong == "pong")
        }
    }
}
