// The one client's pieces without a gateway: lines found across reads, replies told from
// notifications, and the async face over a socket pair whose other end the test plays — replies
// out of order, notifications, a timeout, and the other end going away.

import CoachWire
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct GatewayClientTests {
    @Test func linesAreFoundAcrossChunks() {
        var buffer = LineBuffer()
        buffer.append(Array(#"{"a":1}"#.utf8) + [10] + Array("{\"b\"".utf8))
        #expect(buffer.nextLine() == #"{"a":1}"#)
        #expect(buffer.nextLine() == nil)
        buffer.append(Array(":2}\n\n".utf8))
        #expect(buffer.nextLine() == #"{"b":2}"#)
        #expect(buffer.nextLine() == "")
        #expect(buffer.nextLine() == nil)
        buffer.append(Array("rest".utf8))
        #expect(buffer.takeRest() == Array("rest".utf8))
    }

    @Test func repliesAndNotificationsAreToldApart() {
        var exchange = RPCExchange()
        let first = exchange.request("ping", .object([]))
        let second = exchange.request("status", ["lang": "en"])
        #expect(first.id == 1 && second.id == 2)
        #expect(first.line == #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{}}"#)
        guard case .reply(2, .success(let result)) = RPCExchange.classify(#"{"jsonrpc":"2.0","id":2,"result":"pong"}"#) else {
            Issue.record("a result"); return
        }
        #expect(result == "pong")
        guard case .reply(1, .failure(let error)) = RPCExchange.classify(#"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"bad","data":{"code":"x"}}}"#) else {
            Issue.record("an error"); return
        }
        #expect(error == RPCError(code: -32602, message: "bad", data: ["code": "x"]))
        guard case .notification("event", _) = RPCExchange.classify(#"{"jsonrpc":"2.0","method":"event","params":{}}"#) else {
            Issue.record("a notification"); return
        }
        guard case .other = RPCExchange.classify(#"{"jsonrpc":"2.0","error":{"code":-32000,"message":"not yours"}}"#),
              case .unreadable = RPCExchange.classify("not json") else {
            Issue.record("neither"); return
        }
    }

    /// The test's end of a socket pair, read without blocking a pool thread.
    final class Peer: Sendable {
        let fd: Int32
        init(_ fd: Int32) {
            self.fd = fd
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        deinit { close(fd) }

        func requests(_ count: Int) async throws -> [JSONValue] {
            var text = ""
            var chunk = [UInt8](repeating: 0, count: 4096)
            for _ in 0..<500 where text.filter({ $0 == "\n" }).count < count {
                let read = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if read > 0 { text += String(decoding: chunk[..<read], as: UTF8.self) } else { try await Task.sleep(for: .milliseconds(10)) }
            }
            return try text.split(separator: "\n").map { try JSONValue(parsing: String($0)) }
        }

        func say(_ line: String) { _ = RawSocket.writeLine(fd, line) }
    }

    static func pair(onEnd: @escaping @Sendable (Bool) -> Void = { _ in }) throws -> (AsyncGatewayClient, Peer) {
        var fds: [Int32] = [0, 0]
        try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0)
        return (AsyncGatewayClient(descriptor: fds[0], onEnd: onEnd), Peer(fds[1]))
    }

    @Test func concurrentCallsGetTheirOwnRepliesAndNotificationsFlowApart() async throws {
        let (client, peer) = try Self.pair()
        async let first = client.call("ping")
        async let second = client.call("status")
        let requests = try await peer.requests(2)
        try #require(requests.count == 2)
        // Answered in reverse order, with a notification in between.
        for request in requests.reversed() {
            peer.say(RPCMessage.result(id: request["id"] ?? .null, .string(request["method"]?.stringValue ?? "")))
            peer.say(RPCMessage.notification(method: "event", ["message": "hello"]))
        }
        #expect(try await first == "ping")
        #expect(try await second == "status")
        var events = client.notifications.makeAsyncIterator()
        #expect(await events.next()?["params"]?["message"] == "hello")
        client.close()
    }

    @Test func anUnansweredCallTimesOutAndAGoneGatewayEndsTheRest() async throws {
        let ended = Flag()
        let (client, peer) = try Self.pair(onEnd: { closedByUs in ended.set(closedByUs ? "us" : "gateway") })
        do {
            _ = try await client.call("ping", timeout: .milliseconds(50))
        } catch .timedOut {
        } catch {
            Issue.record("expected a timeout, got \(error)")
        }
        async let pending = client.call("status")
        _ = try await peer.requests(2)
        shutdown(peer.fd, Int32(SHUT_RDWR))
        do {
            _ = try await pending
            Issue.record("the call outlived the connection")
        } catch {
            if case .closed? = error as? GatewayClientError {} else { Issue.record("expected closed, got \(error)") }
        }
        for _ in 0..<100 where ended.value == nil { try await Task.sleep(for: .milliseconds(10)) }
        #expect(ended.value == "gateway")
    }
}

/// Set once from the client's reader thread.
final class Flag: Sendable {
    private let stored = Mutex<String?>(nil)
    func set(_ value: String) { stored.withLock { $0 = value } }
    var value: String? { stored.withLock { $0 } }
}
