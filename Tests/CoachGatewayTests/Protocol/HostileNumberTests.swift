// Lines that used to stop the gateway (issue 18): numbers no Int can hold, sent where the gateway
// wants a whole number. Each must be refused with -32602 naming the param, and the gateway must
// still answer afterwards. Sent through the router in-process, then once over the real socket.

import CoachCore
@testable import CoachGateway
import Testing

@Suite("Hostile numbers")
struct HostileNumberTests {
    static let hostile = ["1e300", "-1e300", "9.3e18", "18446744073709551616", "1e400", "-1", "1.5"]

    static let cases: [(method: String, param: String, extra: String)] = [
        ("history", "limit", ""),
        ("workouts.changes", "anchor", ""),
        ("sample", "syncVersion", #""type":"heartRate","value":120,"syncIdentifier":"r-1","#),
    ]

    @Test func wholeNumberParamsRefuseWhatNoIntCanHold() async throws {
        let test = try await TestGateway.start()
        let router = RequestRouter(gateway: test.gateway)
        let session = ConnectionSession()
        _ = await router.reply(to: #"{"jsonrpc":"2.0","id":0,"method":"start","params":{"activity":"running"}}"#, session: session)
        for (method, param, extra) in Self.cases {
            for value in Self.hostile {
                // -1 is a fine anchor only if it means "from the start"; here every value below 0 is refused.
                let line = #"{"jsonrpc":"2.0","id":1,"method":""# + method + #"","params":{"# + extra + #"""# + param + #"":"# + value + "}}"
                let reply = try #require(await router.reply(to: line, session: session))
                let parsed = try JSONValue(parsing: reply)
                #expect(parsed["error"]?["code"]?.doubleValue == -32602, "\(line) → \(reply)")
                #expect(parsed["error"]?["message"]?.stringValue?.contains(param) == true, "\(line) → \(reply)")
            }
        }
        let ping = try #require(await router.reply(to: #"{"jsonrpc":"2.0","id":2,"method":"ping"}"#, session: session))
        #expect(ping.contains("pong"))
        // And over the socket: the process that serves it is still there.
        // A blocking client against a gateway in this process: on a thread of its own, so the pool
        // stays free to serve it.
        let (refused, pong) = try await onThread {
            let client = try test.client()
            let refused = (try? client.call("history", ["limit": 1e300])) == nil
            return (refused, try client.call("ping"))
        }
        #expect(refused, "history with limit 1e300 is an error")
        #expect(pong == "pong")
        await test.stop()
    }

    @Test func anOutOfRangeGoalSaysItIsTheGoal() async throws {
        let test = try await TestGateway.start()
        let reply = try await onThread {
            try test.client().call("start", ["activity": "running", "goal": ["type": "time", "value": 1e300]])
        }
        #expect(reply["code"]?.stringValue == "unsupported")
        let message = reply["message"]?.stringValue ?? ""
        #expect(message.contains("goal"), "\(message)")
        #expect(!message.contains("workout workouts"), "\(message)")
        await test.stop()
    }
}
