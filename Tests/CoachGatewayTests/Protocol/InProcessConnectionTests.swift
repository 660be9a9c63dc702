// InProcessConnection: the route table without the socket — its own session (a conversation that
// follow-ups answer, a subscription), the socket's results and notifications, and an end that
// fails what comes after it.

import CoachWire
import CoachCore
import CoachGateway
import Testing

@Suite struct InProcessConnectionTests {
    private static func gateway() async throws -> Gateway {
        var configuration = GatewayConfiguration()
        configuration.countdown = .zero
        configuration.virtualClock = true
        return try await GatewayAssembly.start(configuration).gateway
    }

    @Test func aFollowUpAnswersTheQuestionOnItsOwnConnection() async throws {
        let gateway = try await Self.gateway()
        let repl = InProcessConnection(gateway: gateway)
        let asked = try await repl.call("say", ["text": "start a workout"], timeout: nil)
        #expect(asked["code"] == "needsValue")
        // Another connection is another conversation: "2" is no answer there.
        let other = try await InProcessConnection(gateway: gateway).call("say", ["text": "2"], timeout: nil)
        #expect(other["code"] == "notUnderstood")
        let started = try await repl.call("say", ["text": "2"], timeout: nil)
        #expect(started["code"] == "success")
        #expect(started["workout"]?["activity"] == "walking")
        await gateway.manager.shutdown()
    }

    @Test func notificationsComeAsOverTheSocketAndStopAtTheEnd() async throws {
        let gateway = try await Self.gateway()
        let repl = InProcessConnection(gateway: gateway)
        _ = try await repl.call("subscribe", ["events": true, "status": false, "echo": false], timeout: nil)
        _ = try await repl.call("start", ["activity": "running"], timeout: nil)
        _ = try await InProcessConnection(gateway: gateway).call("pause", .object([]), timeout: nil)
        var events = repl.notifications.makeAsyncIterator()
        let first = await events.next()
        #expect(first?["method"] == "event")
        // Its own start (no countdown: "Go!" at once) is not echoed; the other client's pause is.
        #expect(first?["params"]?["message"] == "Your run is paused.")
        #expect(first?["params"]?["state"] == "paused")

        repl.close()
        #expect(await events.next() == nil, "the stream finishes")
        await #expect(throws: GatewayClientError.self) { try await repl.call("status", .object([]), timeout: nil) }
        await gateway.manager.shutdown()
    }

    @Test func errorsAreTheRouteTablesErrors() async throws {
        let gateway = try await Self.gateway()
        let connection = InProcessConnection(gateway: gateway)
        do {
            _ = try await connection.call("start", ["activity": "moonwalking"], timeout: nil)
            Issue.record("a bad activity was accepted")
        } catch {
            guard case .rpc(let rpc) = error else { Issue.record("not an RPC error: \(error)"); return }
            #expect(rpc.code == -32602)
        }
        await gateway.manager.shutdown()
    }
}
