// Replication to mirrors (issue 33, item 5), with two real gateways over `unix:`: a workout saved
// on the primary — samples with their sources, laps, route — is copied into the mirror's store
// under the same id, so `history`, `show` and `export` work on the mirror; an amendment is copied
// again; a deletion on the primary reaches the mirror as tombstones.

import CoachGateway
import CoachWire
import Foundation
import XCTest

final class MirrorReplicationTests: XCTestCase {
    func testSavedAmendedAndDeletedWorkoutsReplicate() async throws {
        let pair = try await MirrorPair()
        try await pair.link("unix:" + pair.primary.socketPath)
        _ = try pair.call(pair.primary, "start", ["activity": "running", "location": "outdoor"])
        for n in 0..<5 {
            _ = try pair.call(pair.primary, "sample", ["type": "heartRate", "value": .number(Double(140 + n)), "syncIdentifier": .string("hr-\(n)")])
            _ = try pair.call(pair.primary, "sample", ["type": "location", "latitude": .number(51.5 + Double(n) * 0.00001), "longitude": -0.12])
        }
        _ = try pair.call(pair.primary, "lap")
        let id = try XCTUnwrap(try pair.call(pair.primary, "status")["workout"]?["id"]?.stringValue)
        XCTAssertEqual(try pair.call(pair.primary, "end", ["save": true])["code"]?.stringValue, "success")

        try await pair.eventually("the mirror kept a copy of the saved workout") {
            (try? pair.call(pair.mirror, "show", ["id": .string(id)]))?["sampleCount"]?.intValue == 5
        }
        let onPrimary = try pair.call(pair.primary, "show", ["id": .string(id)])
        let onMirror = try pair.call(pair.mirror, "show", ["id": .string(id)])
        XCTAssertEqual(onMirror["statistics"], onPrimary["statistics"])
        XCTAssertEqual(onMirror["events"], onPrimary["events"])
        XCTAssertEqual(onMirror["sources"], onPrimary["sources"])
        XCTAssertEqual(onMirror["totalDistance"], onPrimary["totalDistance"])

        // `coach export` on the mirror reads its copy: the same file as on the primary, route included.
        let coach = try XCTUnwrap(CoachBinary.path())
        let arguments = ["export", String(id.prefix(8)), "--format", "tcx"]
        let fromMirror = try await runProcess(coach, arguments, environment: pair.mirrorHome.environment)
        let fromPrimary = try await runProcess(coach, arguments, environment: pair.primaryHome.environment)
        XCTAssertEqual(fromMirror.status, 0, fromMirror.stderr)
        XCTAssertTrue(fromMirror.stdout.contains("<LatitudeDegrees>"), fromMirror.stdout)
        XCTAssertEqual(fromMirror.stdout, fromPrimary.stdout)

        // An amendment on the primary is copied again.
        _ = try pair.call(pair.primary, "sample", ["type": "dietaryWater", "value": 300, "workout": .string(id)])
        try await pair.eventually("the amendment reached the mirror") {
            (try? pair.call(pair.mirror, "show", ["id": .string(id)]))?["sampleCount"]?.intValue == 6
        }

        // A deletion on the primary removes the copy, with tombstones in the mirror's own feed.
        let anchor = try pair.call(pair.mirror, "workouts.changes")["anchor"]?.intValue ?? 0
        XCTAssertEqual(try pair.call(pair.primary, "workouts.delete", ["id": .string(id), "confirm": true])["deleted"]?.boolValue, true)
        try await pair.eventually("the deletion reached the mirror") {
            (try? pair.call(pair.mirror, "history"))?.serialized() == "[]"
        }
        let changes = try pair.call(pair.mirror, "workouts.changes", ["anchor": .number(Double(anchor))])
        guard case .array(let deleted)? = changes["deleted"] else { return XCTFail("no tombstones: \(changes.serialized())") }
        XCTAssertTrue(deleted.contains { $0["kind"]?.stringValue == "workout" && $0["id"]?.stringValue == id })
        XCTAssertEqual(deleted.filter { $0["kind"]?.stringValue == "sample" }.count, 6)
    }

    /// An hour and more at 1 Hz of heart rate and power (issue 42): whole, its copy is over the
    /// 1 MiB reply limit (-32005: the mirror could never copy it), so the mirror fetches it in pages.
    func testAWorkoutOverTheReplyLimitIsCopiedInPages() async throws {
        let pair = try await MirrorPair()
        try await pair.link("unix:" + pair.primary.socketPath)
        _ = try pair.call(pair.primary, "start", ["activity": "cycling", "location": "indoor"])
        try await pair.eventually("the ride did not start") {
            (try? pair.call(pair.primary, "status"))?["state"]?.stringValue == "running"
        }
        let client = try pair.client(pair.primary)
        for batch in 0..<20 {  // 400 a line: a line holds at most 64 KiB
            let calls = (0..<400).map { index in
                let n = batch * 400 + index
                return #"{"jsonrpc":"2.0","id":\#(n),"method":"sample","params":{"type":"\#(n % 2 == 0 ? "heartRate" : "power")","value":\#(100 + n % 90),"syncIdentifier":"hour-\#(n)"}}"#
            }
            try client.send("[" + calls.joined(separator: ",") + "]")
            let reply = try client.readLine()
            XCTAssertFalse(reply.contains(#""error""#), String(reply.prefix(300)))
        }
        let id = try XCTUnwrap(try pair.call(pair.primary, "status")["workout"]?["id"]?.stringValue)
        XCTAssertEqual(try pair.call(pair.primary, "end", ["save": true])["code"]?.stringValue, "success")
        XCTAssertThrowsError(try pair.call(pair.primary, "workouts.replica", ["id": .string(id)]), "whole, it fits one reply")

        let onPrimary = try pair.call(pair.primary, "show", ["id": .string(id)])
        XCTAssertGreaterThanOrEqual(onPrimary["sampleCount"]?.intValue ?? 0, 8_000)
        try await pair.eventually(timeout: .seconds(60), "the mirror did not copy the ride") {
            (try? pair.call(pair.mirror, "show", ["id": .string(id)]))?["sampleCount"] == onPrimary["sampleCount"]
        }
        let onMirror = try pair.call(pair.mirror, "show", ["id": .string(id)])
        XCTAssertEqual(onMirror["statistics"], onPrimary["statistics"])
        XCTAssertEqual(onMirror["elapsed"], onPrimary["elapsed"])
    }
}
