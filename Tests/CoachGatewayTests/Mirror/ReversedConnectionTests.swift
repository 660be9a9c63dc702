// The mirror's half of an offered link without a socket (issue 33, item 13): ReversedConnection
// sends nothing the primary could mistake for its reply before `mirror.ready`, matches replies to
// calls, passes notifications on and fails waiting calls at the end; the primary's handshake sorts
// the mirror's answer; ssh failures name the mirror, not the primary.

@testable import CoachGateway
import CoachWire
import Synchronization
import Testing

@Suite struct ReversedConnectionTests {
    /// A connection whose written lines are kept, and whose close is counted.
    private final class Wire: Sendable {
        let lines = Mutex<[String]>([])
        let closes = Mutex(0)
        var control: ConnectionControl {
            ConnectionControl(write: { line, _ in self.lines.withLock { $0.append(line) } },
                              close: { self.closes.withLock { $0 += 1 } },
                              takeOver: { _ in })
        }
    }

    @Test func callsAreAnsweredNotificationsPassOnAndTheEndFailsWaitingCalls() async throws {
        let wire = Wire()
        let connection = ReversedConnection(control: wire.control)
        connection.receive(#"{"jsonrpc":"2.0","method":"mirror.ready","params":{}}"#)
        #expect(await connection.waitUntilReady(timeout: .seconds(5)))

        async let reply = connection.call("status", .object([]), timeout: .seconds(5))
        try await waitUntil { wire.lines.withLock { $0.count } == 1 }
        let sent = try JSONValue(parsing: try #require(wire.lines.withLock { $0.first }))
        #expect(sent["method"]?.stringValue == "status")
        let id = try #require(sent["id"]?.intValue)
        connection.receive(#"{"jsonrpc":"2.0","method":"event","params":{"event":"paused"}}"#)
        connection.receive(#"{"jsonrpc":"2.0","id":\#(id),"result":{"state":"running"}}"#)
        #expect(try await reply["state"]?.stringValue == "running")

        let pending = Task { () async -> GatewayClientError? in
            do throws(GatewayClientError) { _ = try await connection.call("status", .object([]), timeout: nil); return nil } catch { return error }
        }
        try await waitUntil { wire.lines.withLock { $0.count } == 2 }
        connection.ended()
        guard case .closed? = await pending.value else { Issue.record("a call waiting at the end did not fail as closed"); return }
        var heard: [String] = []
        for await message in connection.notifications { heard.append(message["method"]?.stringValue ?? "?") }
        #expect(heard == ["event"], "mirror.ready is the link's, not a notification for the mirror")
        connection.close()
        #expect(wire.closes.withLock { $0 } == 1)
    }

    @Test func noReadyInTimeOrAnEndedConnectionIsNotReady() async {
        let late = ReversedConnection(control: Wire().control)
        #expect(await late.waitUntilReady(timeout: .milliseconds(20)) == false)
        let ended = ReversedConnection(control: Wire().control)
        ended.ended()
        #expect(await ended.waitUntilReady(timeout: .seconds(5)) == false)
    }

    @Test func theHandshakeSortsTheMirrorsAnswer() {
        guard case .accepted(let result) = OfferHandshake.answer(#"{"jsonrpc":"2.0","id":1,"result":{"accepted":true,"mirror":"laptop"}}"#) else {
            Issue.record("an accept was not accepted")
            return
        }
        #expect(result["mirror"]?.stringValue == "laptop")
        guard case .refused(let why) = OfferHandshake.answer(#"{"jsonrpc":"2.0","id":1,"error":{"code":-32004,"message":"this gateway already mirrors x"}}"#) else {
            Issue.record("a refusal was not refused")
            return
        }
        #expect(why == "this gateway already mirrors x")
        guard case .refused(let uid) = OfferHandshake.answer(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32003,"message":"permission denied: this gateway belongs to uid 7"}}"#) else {
            Issue.record("the uid refusal was not refused")
            return
        }
        #expect(uid.contains("uid 7"))
        guard case .refused = OfferHandshake.answer("Welcome to the machine") else { Issue.record("garbage was accepted"); return }
    }

    @Test func sshFailuresNameTheMirrorOnAnOffer() {
        let noGateway = MirrorChannel.classify(exited: true, code: 69, signal: 0, stderr: nil, peer: .mirror)
        #expect(noGateway.reason == "no gateway runs on the mirror (start one there with `coach serve`)")
        #expect(noGateway.retryable)
        #expect(MirrorChannel.classify(exited: true, code: 127, signal: 0, stderr: nil, peer: .mirror).reason.contains("not found on the mirror"))
        #expect(MirrorChannel.classify(exited: true, code: 69, signal: 0, stderr: nil).reason.contains("on the primary"))
    }

    private func waitUntil(_ condition: @escaping @Sendable () -> Bool) async throws {
        for _ in 0..<500 where !condition() { try await Task.sleep(for: .milliseconds(10)) }
        #expect(condition())
    }
}
