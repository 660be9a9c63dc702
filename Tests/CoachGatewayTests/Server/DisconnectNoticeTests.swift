// A subscriber that stops reading is dropped with a `disconnect` notice, and the notice must reach
// it: when it reads again it finds what was queued for it, then the notice, then the end. Before,
// the notice queued behind notifications the kernel had no room for; the close a second later
// dropped them, notice included, and the client saw its stream simply end (SocketRoom.swift).

import CoachWire
import CoachGateway
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Disconnect notice", .serialized)
struct DisconnectNoticeTests {
    @Test func aSubscriberThatStoppedReadingReadsTheNoticeBeforeTheEnd() async throws {
        try await TestGateway.running { test in
            let path = test.location.path
            let lines: [String] = try await onThread {
                let listener = RawSocket.stream()
                guard listener >= 0, RawSocket.connect(listener, path) == 0 else { throw GatewayClientError.protocolError("connect") }
                defer { close(listener) }
                _ = RawSocket.writeLine(listener, #"{"jsonrpc":"2.0","id":1,"method":"subscribe","params":{"events":false,"status":true}}"#)
                // The listener reads nothing from here on; another client makes a status change per sample.
                let actor = try test.client()
                _ = try actor.call("start", ["activity": "cycling", "location": "indoor"])
                var value = 0
                // Until the gateway has closed the listener (POLLRDHUP: its end is shut), at most 40 000 samples.
                while value < 40_000 {
                    let readHangUp: Int16 = 0x2000  // POLLRDHUP, which <poll.h> shows only under _GNU_SOURCE
                    var poller = pollfd(fd: listener, events: readHangUp, revents: 0)
                    if poll(&poller, 1, 0) > 0, poller.revents & (readHangUp | Int16(POLLHUP)) != 0 { break }
                    for _ in 0..<200 {
                        value += 1
                        try actor.send(#"{"jsonrpc":"2.0","id":\#(value),"method":"sample","params":{"type":"heartRate","value":\#(80 + value % 100)}}"#)
                    }
                    for _ in 0..<200 { _ = try actor.readLine() }
                }
                // Now read everything that was queued for the listener, to the end.
                var data = Data()
                var chunk = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = chunk.withUnsafeMutableBytes { recv(listener, $0.baseAddress, $0.count, 0) }
                    if count <= 0 { break }
                    data.append(contentsOf: chunk[0..<count])
                }
                return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            }
            #expect(lines.count > 100, "the listener was sent notifications before it was dropped (\(lines.count) lines)")
            let last = lines.last.flatMap { try? JSONValue(parsing: $0) }
            #expect(last?["method"] == "disconnect", "the last line is the notice: \(lines.last?.prefix(200) ?? "nothing")")
            #expect(last?["params"]?["reason"]?.stringValue?.contains("stopped reading") == true)
            // Every line is whole: the notice did not cut into a notification.
            #expect(lines.allSatisfy { (try? JSONValue(parsing: $0)) != nil })
        }
    }
}
