// Deleting and amending through the real socket and store (issue 33, items 3, 4 and 6): the user
// deletes anything once confirmed, a client only what it wrote; nothing while locked; a sample
// joins a saved workout; a `changes` subscriber hears every page as it commits, gap-free.

import CoachCore
import CoachGateway
import CoachStore
import CoachWire
import Foundation
import Testing

@Suite("Deleting, amending and the pushed change feed over the socket", .serialized)
struct StoreEditingSocketTests {
    static func newestWorkout(_ history: JSONValue) -> String {
        guard case .array(let items) = history else { return "" }
        return items.first?["id"]?.stringValue ?? ""
    }

    /// The reply, when it is exactly what its result type writes; else null (the test then fails on it).
    static func typed<Message: WireMessage>(_ reply: JSONValue, as type: Message.Type) -> JSONValue {
        (try? Message(json: reply).json) == reply ? reply : .null
    }

    @Test func deleteIsConfirmedOwnedAndRefusedWhileLocked() async throws {
        try await TestGateway.running { test in
            let outcome = try await onThread { () -> [String: String?] in
                var seen: [String: String?] = [:]
                let user = try test.client()
                _ = try user.call("permissions.grant", ["client": "hr-bridge", "share": ["heartRate"]])
                _ = try user.call("start", ["activity": "running"])
                let bridge = try test.client()
                _ = try bridge.call("hello", ["client": "hr-bridge"])
                _ = try bridge.call("sample", ["type": "heartRate", "value": 140, "syncIdentifier": "b-1"])
                _ = try user.call("sample", ["type": "heartRate", "value": 150, "syncIdentifier": "u-1"])
                _ = try user.call("end", ["save": true])
                let id = Self.newestWorkout(try user.call("history"))
                seen["id"] = id
                let ask = try user.call("workouts.delete", ["id": .string(String(id.prefix(8)))])
                seen["ask"] = try Self.typed(ask, as: WorkoutDeleteResult.self)["code"]?.stringValue
                seen["bridgeDeletesWorkout"] = refusal { () throws(GatewayClientError) in
                    try bridge.call("workouts.delete", ["id": .string(id), "confirm": true])
                }
                seen["bridgeDeletesUsers"] = refusal { () throws(GatewayClientError) in
                    try bridge.call("samples.delete", ["syncIdentifiers": ["u-1"]])
                }
                seen["bridgeDeletesOwn"] = try Self.typed(bridge.call("samples.delete", ["syncIdentifiers": ["b-1"]]), as: SamplesDeleteResult.self)["deleted"]
                    .map { "\($0.intValue ?? -1)" }
                _ = try user.call("lock")
                seen["locked"] = refusal { () throws(GatewayClientError) in
                    try user.call("workouts.delete", ["id": .string(id), "confirm": true])
                }
                _ = try user.call("unlock")
                seen["deleted"] = try Self.typed(user.call("workouts.delete", ["id": .string(id), "confirm": true]), as: WorkoutDeleteResult.self)["deleted"]?
                    .boolValue.map { "\($0)" }
                seen["unknown"] = refusal { () throws(GatewayClientError) in
                    try user.call("workouts.delete", ["id": .string(id), "confirm": true])
                }
                return seen
            }
            let id = try #require(outcome["id"] ?? nil)
            #expect(outcome["ask"] == "confirmationRequired")
            #expect(outcome["bridgeDeletesWorkout"] == AccessControl.deniedCode)
            #expect(outcome["bridgeDeletesUsers"] == AccessControl.deniedCode)
            #expect(outcome["bridgeDeletesOwn"] == "1")
            #expect(outcome["locked"] == AccessControl.inaccessibleCode)
            #expect(outcome["deleted"] == "true")
            #expect((outcome["unknown"] ?? nil)?.hasPrefix("-32602 Invalid params: id: No workout matches") == true)
            let store = try WorkoutStore.open(path: test.location.path.replacingOccurrences(of: "/coach/coach.sock", with: "/coach.sqlite"),
                                              readOnly: true)
            #expect(try store.history().isEmpty)
            #expect(try store.changes(since: nil).deleted.contains { $0.kind == .workout && $0.id == id })
        }
    }

    @Test func aSampleJoinsASavedWorkoutAndSubscribersHearEveryPage() async throws {
        try await TestGateway.running { test in
            let result = try await onThread { () -> (JSONValue, [JSONValue], JSONValue) in
                let user = try test.client()
                _ = try user.call("start", ["activity": "cycling"])
                _ = try user.call("sample", ["type": "heartRate", "value": 120])
                _ = try user.call("end", ["save": true])
                let id = Self.newestWorkout(try user.call("history"))
                let anchor = try user.call("workouts.changes")["anchor"]?.intValue ?? -1
                // The subscriber starts from that anchor: it must hear the amendment and the deletion.
                let subscriber = try test.client()
                _ = try subscriber.call("subscribe", ["events": false, "status": false, "changes": true, "anchor": .number(Double(anchor))])
                let amended = try user.call("sample", ["type": "dietaryWater", "value": 0.5, "unit": "L", "workout": .string(String(id.prefix(8)))])
                let first = try subscriber.nextNotification("changes")
                _ = try user.call("workouts.delete", ["id": .string(id), "confirm": true])
                let second = try subscriber.nextNotification("changes")
                let shown = try test.client().call("workouts.changes", ["anchor": .number(Double(anchor))])
                return (amended, [first, second], shown)
            }
            let (amended, pages, afterwards) = result
            #expect(amended["outcome"]?.stringValue == "added")
            // Pages chain: each starts where the one before ended.
            #expect(pages[1]["since"]?.intValue == pages[0]["anchor"]?.intValue)
            guard case .array(let added)? = pages[0]["added"] else { Issue.record("no added in \(pages[0])"); return }
            #expect(added.contains { $0["kind"]?.stringValue == "sample" && $0["type"]?.stringValue == "dietaryWater" && $0["value"]?.doubleValue == 500 })
            #expect(added.contains { $0["kind"]?.stringValue == "workout" })
            guard case .array(let deleted)? = pages[1]["deleted"] else { Issue.record("no deleted in \(pages[1])"); return }
            #expect(deleted.contains { $0["kind"]?.stringValue == "workout" })
            // The pushed pages end where the pulled query ends.
            #expect(pages[1]["anchor"]?.intValue == afterwards["anchor"]?.intValue)
        }
    }
}
