// Guest, faithfully (issue 33, item 12): a guest gateway on the owner's store reads it read-only
// with the owner's read grants, and every change of the owner's data — permissions, authorization
// requests, deletions, amendments, a saved workout — is refused with errorNotPermissibleForGuestUserMode
// or not kept. Through the real socket and the real store file.

import CoachCore
import CoachGateway
import CoachStore
import CoachWire
import Foundation
import Testing

@Suite("Guest mode over the socket", .serialized)
struct GuestModeTests {
    static let guestCode = "errorNotPermissibleForGuestUserMode"

    @Test func aGuestReadsTheOwnersStoreWithTheOwnersGrantsAndChangesNothing() async throws {
        let directory = temporaryDirectory()
        // The owner: hr-bridge may write heart rate and read workouts, not heart rate; one saved ride.
        try await TestGateway.running(directory: directory) { owner in
            try await onThread {
                let user = try owner.client()
                _ = try user.call("permissions.grant", ["client": "hr-bridge", "share": ["heartRate"], "read": ["workouts"]])
                _ = try user.call("start", ["activity": "cycling"])
                let bridge = try owner.client()
                _ = try bridge.call("hello", ["client": "hr-bridge"])
                _ = try bridge.call("sample", ["type": "heartRate", "value": 131])
                _ = try user.call("sample", ["type": "heartRate", "value": 150])
                _ = try user.call("end", ["save": true])
            }
        }
        let seen = try await TestGateway.running(directory: directory, guest: true) { guest in
            try await onThread { () -> [String: String?] in
                var seen: [String: String?] = [:]
                let user = try guest.client()
                guard case .array(let workouts) = try user.call("history"), let id = workouts.first?["id"]?.stringValue else {
                    return ["history": "empty"]
                }
                seen["historyCount"] = "\(workouts.count)"
                seen["userHeartRateCount"] = try Self.heartRateCount(user.call("show", ["id": .string(id)]))
                let bridge = try guest.client()
                _ = try bridge.call("hello", ["client": "hr-bridge"])
                // The owner's grants: hr-bridge may not read heart rate, so it sees only its own sample.
                seen["bridgeHeartRateCount"] = try Self.heartRateCount(bridge.call("show", ["id": .string(id)]))
                seen["grant"] = refusal { () throws(GatewayClientError) in
                    try user.call("permissions.grant", ["client": "hr-bridge", "read": ["heartRate"]])
                }
                seen["list"] = refusal { () throws(GatewayClientError) in try user.call("permissions.list") }
                seen["request"] = refusal { () throws(GatewayClientError) in
                    try bridge.call("authorization.request", ["read": ["heartRate"], "wait": 0])
                }
                seen["delete"] = refusal { () throws(GatewayClientError) in
                    try user.call("workouts.delete", ["id": .string(id), "confirm": true])
                }
                seen["amend"] = refusal { () throws(GatewayClientError) in
                    try user.call("sample", ["type": "dietaryWater", "value": 100, "workout": .string(id)])
                }
                _ = try user.call("start", ["activity": "walking"])
                _ = try user.call("sample", ["type": "heartRate", "value": 100])
                seen["end"] = try user.call("end", ["save": true])["message"]?.stringValue
                return seen
            }
        }
        #expect(seen["historyCount"] == "1")
        #expect(seen["userHeartRateCount"] == "2")
        #expect(seen["bridgeHeartRateCount"] == "1")
        for key in ["grant", "list", "request", "delete", "amend"] {
            #expect(seen[key] == Self.guestCode, "\(key): \(String(describing: seen[key] ?? nil))")
        }
        // The owner's store is as the owner left it: one workout, two samples.
        let store = try WorkoutStore.open(path: directory + "/coach.sqlite", readOnly: true)
        #expect(try store.history(includeAll: true).count == 1)
        #expect(try store.changes(since: nil).added.count == 3)
        #expect(try store.permissions.entries().count == 2)
    }

    static func heartRateCount(_ shown: JSONValue) -> String? {
        guard case .array(let statistics)? = shown["statistics"] else { return nil }
        return statistics.first { $0["type"]?.stringValue == "heartRate" }?["count"].map { "\($0.intValue ?? -1)" }
    }
}
