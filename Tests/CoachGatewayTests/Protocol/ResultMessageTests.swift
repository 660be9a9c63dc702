// Each method's result type against docs/protocol.md: the documented example, read from the doc,
// is what the type writes and reads back unchanged (one test case per method); and the gateway's
// own replies are exactly what the types write (a reply decoded and encoded again is the same
// JSON), so the doc, CoachWire's types and the gateway cannot drift apart.

import CoachCore
import CoachWire
@testable import CoachGateway
import Foundation
import Testing

@Suite struct ResultMessageTests {
    static let documented = RequestRouter.methods.filter { !$0.examples.isEmpty }

    /// The JSON blocks under a method's heading in the doc's "Results" section (or, with
    /// `heading`, under that heading: a notification's).
    static func documentedExamples(of method: String, heading: String? = nil) throws -> [JSONValue] {
        let text = try String(contentsOfFile: RoutesDocumentationTests.path, encoding: .utf8)
        guard let heading = text.range(of: heading ?? "#### `\(method)` →") else { return [] }
        let rest = text[heading.upperBound...]
        // Up to the next heading or the end of the generated part, whichever comes first.
        let ends = [rest.range(of: "\n#### ")?.lowerBound, rest.range(of: "<!-- end of ")?.lowerBound].compactMap { $0 }
        let section = rest[..<(ends.min() ?? rest.endIndex)]
        return try section.components(separatedBy: "```json\n").dropFirst().map { block in
            try JSONValue(parsing: String(block.prefix { $0 != "`" }))
        }
    }

    @Test(arguments: documented.map(\.name)) func documentedResultRoundTrips(_ name: String) throws {
        let method = try #require(RequestRouter.methods.first { $0.name == name })
        let fromDoc = try Self.documentedExamples(of: name)
        try #require(fromDoc.count == method.examples.count, "docs/protocol.md shows \(fromDoc.count) examples of \(name), the route \(method.examples.count)")
        for (example, documented) in zip(method.examples, fromDoc) {
            #expect(documented == example.json, "\(name): the doc's example is not the type's encoding")
            #expect(try example.roundTrip(documented) == documented, "\(name): \(example.type) does not read back what it wrote")
        }
    }

    @Test(arguments: RequestRouter.notifications.map(\.name)) func documentedNotificationRoundTrips(_ name: String) throws {
        let notification = try #require(RequestRouter.notifications.first { $0.name == name })
        let fromDoc = try Self.documentedExamples(of: name, heading: "#### `\(name)` params →")
        try #require(fromDoc.count == notification.examples.count, "docs/protocol.md shows \(fromDoc.count) examples of the \(name) notification")
        for (example, documented) in zip(notification.examples, fromDoc) {
            #expect(documented == example.json, "\(name): the doc's example is not the type's encoding")
            #expect(try example.roundTrip(documented) == documented, "\(name): \(example.type) does not read back what it wrote")
        }
    }

    /// The methods whose result has no CoachWire type yet, and why (docs/protocol.md, "Results",
    /// names them too). A ratchet: a new route without a typed result fails below, and so does a
    /// method named here once it has one.
    static let untyped: [String: String] = [:]

    @Test func everyMethodButTheNamedOnesHasATypedResult() {
        for method in RequestRouter.methods {
            if let reason = Self.untyped[method.name] {
                #expect(method.examples.isEmpty, "\(method.name) has a typed result now: take it off the untyped list (\(reason))")
            } else {
                #expect(!method.examples.isEmpty, "\(method.name) has no result type with a documented example (CoachWire/Messages, WireExamples)")
            }
        }
        #expect(Set(Self.untyped.keys).isSubset(of: RequestRouter.methods.map(\.name)), "the untyped list names a method there is not")
    }

    /// A reply must be exactly what its method's type writes: decode, encode again, compare.
    static func expectTyped(_ reply: JSONValue, _ method: String) throws {
        let example = try #require(RequestRouter.methods.first { $0.name == method }?.examples.first)
        #expect(try example.roundTrip(reply) == reply, "\(method)'s reply is not \(example.type)'s encoding: \(reply.serialized())")
    }

    @Test func theGatewaysRepliesAreWhatTheTypesWrite() async throws {
        // The blocking client on a thread of its own: the gateway needs the cooperative pool.
        let replies = try await TestGateway.running { test in try await onThread { () -> [(String, JSONValue)] in
            let client = try test.client()
            var replies: [(String, JSONValue)] = []
            for (method, params) in [("start", ["activity": "running", "location": "outdoor", "goal": "30min"] as JSONValue),
                                     ("sample", ["type": "heartRate", "value": 140]), ("sample", ["type": "heartRate", "value": 150]),
                                     ("sample", ["type": "distance", "value": 25]), ("sample", ["type": "power", "value": 10, "unit": "furlongs"]),
                                     ("status", [:]), ("lap", [:]), ("pause", [:]), ("pause", [:]), ("resume", [:]), ("lock", [:]),
                                     ("status", [:]), ("unlock", [:]), ("subscribe", ["feed": true]), ("unsubscribe", [:]),
                                     ("say", ["text": "how am I doing"]), ("say", ["text": "florp the blarg"]),
                                     ("cancel", [:]), ("end", [:])] {
                // A refused unit is an error, not a result.
                if let reply = try? client.call(method, params) { replies.append((method, reply)) }
            }
            return replies
        } }
        #expect(replies.count >= 17)
        for (method, reply) in replies { try Self.expectTyped(reply, method) }
        #expect(replies.contains { $0.0 == "status" && $0.1["workout"]?["locked"] == true }, "a locked status was among them")
    }

    @Test func theStoreParseAndPermissionRepliesAreWhatTheTypesWrite() async throws {
        let replies = try await TestGateway.running { test in try await onThread { () -> [(String, JSONValue)] in
            let client = try test.client()
            var replies: [(String, JSONValue)] = []
            for (method, params) in [("ping", [:] as JSONValue), ("help", [:]), ("rpc.discover", [:]), ("feed.render", [:]),
                                     ("feed.render", ["format": "waybar"]), ("parse", ["text": "start a 5 km outdoor run"]),
                                     ("parse", ["text": "florp the blarg"]), ("parse", ["text": "no goal today, just a run"]),
                                     ("start", ["activity": "running", "goal": "open"]),
                                     ("sample", ["type": "heartRate", "value": 140]), ("sample", ["type": "distance", "value": 25]),
                                     ("lap", [:]), ("end", ["save": true])] {
                replies.append((method, try client.call(method, params)))
            }
            let id = try #require(replies.last?.1["workout"]?["id"]?.stringValue)
            for (method, params) in [("history", [:] as JSONValue), ("show", ["id": .string(id)]), ("workouts.changes", [:]),
                                     ("workouts.replica", ["id": .string(id)]), ("workouts.replica", ["id": .string(id), "limit": 1]),
                                     ("workouts.changes", ["anchor": 1, "limit": 1]),
                                     ("permissions.grant", ["client": "hr-bridge", "share": ["heartRate"], "read": "workouts"]),
                                     ("permissions.revoke", ["client": "hr-bridge", "read": ["workouts"]]),
                                     ("permissions.list", [:]), ("permissions.policy", [:]), ("permissions.reset", ["client": "hr-bridge"]),
                                     ("sensors", [:]), ("sensors.reload", [:]), ("mirror.status", [:]), ("mirror.stop", [:]),
                                     ("hello", ["client": "hr-bridge", "version": "1.2"]),
                                     ("authorization.status", ["type": "heartRate"]),
                                     ("authorization.request", ["share": ["heartRate"], "wait": 0])] {
                replies.append((method, try client.call(method, params)))
            }
            return replies
        } }
        for (method, reply) in replies { try Self.expectTyped(reply, method) }
        let show = try ShowResult(json: #require(replies.first { $0.0 == "show" }?.1))
        #expect(show.summary.goal == .open && show.events.contains { $0.type == "lap" } && show.sampleCount >= 2)
        let heartRate = try #require(show.statistics.first { $0.type == "heartRate" })
        #expect(heartRate.mostRecent == 140 && heartRate.mostRecentDate != nil)
        let changes = try ChangesResult(json: #require(replies.first { $0.0 == "workouts.changes" }?.1))
        #expect(changes.added.contains { $0.workoutID != nil } && changes.added.contains { if case .sample = $0 { true } else { false } })
        let parsed = try ParseResult(json: #require(replies.first { $0.0 == "parse" }?.1))
        #expect(parsed.intent == "StartWorkout" && parsed.slots.goal == .distance(meters: 5000))
        #expect(try HelloResult(json: #require(replies.first { $0.0 == "hello" }?.1)).client == "hr-bridge")
        let discovered = try OpenRPCDocument(json: #require(replies.first { $0.0 == "rpc.discover" }?.1))
        #expect(discovered.methods.map(\.name) == RequestRouter.methods.map(\.name))
        #expect(try HelpResult(json: #require(replies.first { $0.0 == "help" }?.1)).methods == RequestRouter.methods.map(\.name))
    }

    @Test func theGatewaysNotificationsAreWhatTheTypesWrite() async throws {
        let (event, status, feed, current) = try await TestGateway.running { test in try await onThread { () -> (JSONValue, JSONValue, JSONValue, JSONValue) in
            let subscriber = try test.client()
            _ = try subscriber.call("subscribe", ["events": true, "status": true])
            _ = try test.client().call("start", ["activity": "running"])
            let typed = (try subscriber.nextNotification("event"), try subscriber.nextNotification("status"))
            let feeder = try test.client()
            _ = try feeder.call("subscribe", ["events": false, "status": false, "feed": true])
            return (typed.0, typed.1, try feeder.nextNotification("feed"), try feeder.call("feed"))
        } }
        #expect(try LiveActivityContent(json: feed).json == feed, "a feed notification is not the content's encoding: \(feed.serialized())")
        #expect(try LiveActivityContent(json: current).json == current, "the feed method's reply is not the content's encoding")
        #expect(feed["attributes"]?["activity"] == "running" && current["attributes"]?["activity"] == "running")
        #expect(try EventNotification(json: event).json == event, "an event is not EventNotification's encoding: \(event.serialized())")
        #expect(try WireWorkout(json: status).json == status, "a status is not WireWorkout's encoding: \(status.serialized())")
    }

    @Test func theStatusCarriesHealthKitStatisticsWithTheOldNamesBeside() async throws {
        let raw = try await TestGateway.running { test in try await onThread { () -> JSONValue in
            let client = try test.client()
            _ = try client.call("start", ["activity": "running"])
            _ = try client.call("sample", ["type": "heartRate", "value": 140])
            _ = try client.call("sample", ["type": "heartRate", "value": 150])
            _ = try client.call("sample", ["type": "dietaryWater", "value": 250])
            return try client.call("status")
        } }
        let status = try IntentResult(json: raw)
        let metrics = try #require(status.workout?.metrics)
        let heartRate = try #require(metrics.first { $0.0 == "heartRate" }?.1)
        #expect(heartRate == WireStatistics(count: 2, average: 145, minimum: 140, maximum: 150, mostRecent: 150, unit: "bpm"))
        let water = try #require(metrics.first { $0.0 == "dietaryWater" }?.1)
        #expect(water.count == 1 && water.sum == 250)
        // The names docs/protocol.md promised before, beside HealthKit's.
        let workout = try #require(raw["workout"])
        let beats = try #require(workout["metrics"]?["heartRate"])
        #expect(beats["latest"] == 150 && beats["mostRecent"] == 150 && beats["min"] == 140 && beats["max"] == 150)
        #expect(workout["metrics"]?["dietaryWater"]?["total"] == 250)
        // Absent members stay absent (not null), as before the types.
        #expect(workout["autoPaused"] == nil && workout["name"] == nil && workout["countdown"] == nil && workout["step"] == nil)
    }
}
