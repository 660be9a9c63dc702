// The protocol over a real Unix socket: intents and their codes, subscriptions, plain-text lines,
// errors, limits and pipelining (docs/protocol.md).

import CoachWire
import CoachCore
import CoachGateway
import Foundation
import Testing

@Suite("Socket protocol", .serialized)
struct SocketProtocolTests {
    @Test func startSecondStartPauseAndStatus() async throws {
        try await TestGateway.running { test in
            let results = try await onThread { () -> [JSONValue] in
                let client = try test.client()
                return [
                    try client.call("start", ["activity": "running", "location": "outdoor", "goal": "30min"]),
                    try client.call("start", ["activity": "cycling"]),
                    try client.call("pause"),
                    try client.call("status"),
                ]
            }
            #expect(results[0]["code"] == "success")
            #expect(results[0]["intent"] == "StartWorkout")
            #expect(results[0]["workout"]?["activity"] == "running")
            #expect(results[0]["workout"]?["goal"]?["value"] == 1800)
            #expect(results[0]["message"] == "Starting your outdoor run. Goal: 30 minutes.")
            #expect(results[1]["code"] == "failureOngoingWorkout")
            #expect(results[1]["state"] == "running")
            #expect(results[2]["code"] == "success")
            #expect(results[2]["state"] == "paused")
            #expect(results[3]["state"] == "paused")
            #expect(results[3]["workout"]?["state"] == "paused")
            #expect(results[3]["elapsed"]?.doubleValue != nil)
        }
    }

    @Test func subscriberReceivesThePauseNotification() async throws {
        try await TestGateway.running { test in
            let lines = try await onThread { () -> [String] in
                let listener = try test.client()
                _ = try listener.call("subscribe", ["events": true, "status": false])
                let actor = try test.client()
                _ = try actor.call("start", ["activity": "walking"])
                _ = try actor.call("pause")
                var seen: [String] = []
                while seen.count < 10 {
                    let line = try listener.readLine()
                    seen.append(line)
                    if line.contains("\"event\":\"stateChanged\"") && line.contains("paused") { break }
                }
                return seen
            }
            let pause = lines.last.flatMap { try? JSONValue(parsing: $0) }
            #expect(pause?["method"] == "event")
            #expect(pause?["params"]?["state"] == "paused")
            #expect(pause?["params"]?["message"] == "Your walk is paused.")
        }
    }

    @Test func plainTextLineGetsAPlainTextAnswer() async throws {
        try await TestGateway.running { test in
            let replies = try await onThread { () -> [String] in
                let client = try test.client()
                try client.send("start an outdoor run")
                let first = try client.readLine()
                try client.send("pause my workout")
                return [first, try client.readLine()]
            }
            #expect(replies == ["Starting your outdoor run.", "Paused your outdoor run."])
        }
    }

    @Test func malformedJSONUnknownMethodAndBadParamsGetStandardErrors() async throws {
        try await TestGateway.running { test in
            let replies = try await onThread { () -> [JSONValue] in
                let client = try test.client()
                let lines = [
                    #"{"jsonrpc":"2.0","id":1,"method":"#,
                    #"{"jsonrpc":"2.0","id":2,"method":"dance"}"#,
                    #"{"jsonrpc":"2.0","id":3,"method":"start","params":{"activity":"moonwalking"}}"#,
                    #"{"jsonrpc":"1.0","id":4,"method":"status"}"#,
                    #"{"jsonrpc":"2.0","id":5,"method":"status"}"#,
                ]
                return try lines.map { line in
                    try client.send(line)
                    return try JSONValue(parsing: client.readLine())
                }
            }
            #expect(replies[0]["error"]?["code"] == -32700)
            #expect(replies[0]["id"] == .null)
            #expect(replies[1]["error"]?["code"] == -32601)
            #expect(replies[1]["id"] == 2)
            #expect(replies[2]["error"]?["code"] == -32602)
            #expect(replies[3]["error"]?["code"] == -32600)
            #expect(replies[4]["result"]?["code"] == "success", "the connection stays usable after errors")
        }
    }

    @Test func oversizedLineIsRefusedAndTheConnectionStaysUsable() async throws {
        try await TestGateway.running { test in
            let (error, after) = try await onThread { () -> (JSONValue, JSONValue) in
                let client = try test.client()
                try client.send(String(repeating: "x", count: 200_000))
                let error = try JSONValue(parsing: client.readLine())
                return (error, try client.call("ping"))
            }
            #expect(error["error"]?["code"] == -32600)
            #expect(error["error"]?["message"]?.stringValue?.contains("longer than the limit") == true)
            #expect(after == "pong")
        }
    }

    @Test func thousandPipelinedRequestsAreAnsweredInOrder() async throws {
        try await TestGateway.running { test in
            let ids = try await onThread { () -> [Double] in
                let client = try test.client()
                var batch = ""
                for id in 1...1000 {
                    // ping and status are answered on the event loop, lap goes through the manager:
                    // mixing them checks that the fast path never overtakes a queued request.
                    let method = ["ping", "status", "lap"][id % 3]
                    batch += #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)"}"# + "\n"
                }
                try client.send(String(batch.dropLast()))
                return try (1...1000).map { _ in try JSONValue(parsing: client.readLine())["id"]?.doubleValue ?? -1 }
            }
            #expect(ids == (1...1000).map(Double.init))
        }
    }

    @Test func notificationsWithoutIdGetNoReply() async throws {
        try await TestGateway.running { test in
            let reply = try await onThread { () -> JSONValue in
                let client = try test.client()
                try client.send(#"{"jsonrpc":"2.0","method":"lock"}"#)
                try client.send(#"{"jsonrpc":"2.0","id":"after","method":"ping"}"#)
                return try JSONValue(parsing: client.readLine())
            }
            #expect(reply["id"] == "after")
            #expect(test.gateway.displays.isLocked, "the notification was still performed")
        }
    }

    @Test func sixtyFourClientsStartAtOnceAndExactlyOneWins() async throws {
        for _ in 0..<3 {
            let test = try await TestGateway.start()
            let codes = try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<64 {
                    group.addTask {
                        try await onThread {
                            let client = try test.client()
                            return try client.call("start", ["activity": "running"])["code"]?.stringValue ?? "?"
                        }
                    }
                }
                return try await group.reduce(into: [String]()) { $0.append($1) }
            }
            #expect(codes.count { $0 == "success" } == 1)
            #expect(codes.count { $0 == "failureOngoingWorkout" } == 63)
            await test.stop()
        }
    }
}

@Suite("Socket protocol: store", .serialized)
struct SocketStoreTests {
    @Test func savedWorkoutsAppearInHistoryAndTheChangeFeed() async throws {
        try await TestGateway.running { test in
            let (first, history, after) = try await onThread { () -> (JSONValue, JSONValue, JSONValue) in
                let client = try test.client()
                let first = try client.call("workouts.changes")
                _ = try client.call("start", ["activity": "rowing"])
                _ = try client.call("sample", ["type": "distance", "value": 250])
                _ = try client.call("end", ["save": true])
                let history = try client.call("history")
                let anchor = first["anchor"] ?? .null
                return (first, history, try client.call("workouts.changes", ["anchor": anchor]))
            }
            #expect(first["added"] == .array([]))
            guard case .array(let workouts) = history else { Issue.record("history is not an array"); return }
            #expect(workouts.count == 1)
            #expect(workouts.first?["activity"] == "rowing")
            guard case .array(let added) = after["added"] else { Issue.record("no added list"); return }
            #expect(!added.isEmpty)
            #expect((after["anchor"]?.doubleValue ?? 0) > (first["anchor"]?.doubleValue ?? 0))
        }
    }
}
