// The mirroring seam (issue 43): every command, sample and status read a mirror serves goes
// through its workout source. A status question said in words on a mirror answers with the
// primary's workout (it used to ask the mirror's own, idle manager: "No workout in progress"), and
// a sample sent to a mirror is checked against the mirror's permissions before it is sent on.

import CoachGateway
import CoachWire
import Foundation
import XCTest

final class MirrorSeamTests: XCTestCase {
    func testAStatusQuestionInWordsOnAMirrorIsAboutThePrimarysWorkout() async throws {
        let pair = try await MirrorPair()
        try await pair.link("unix:" + pair.primary.socketPath)
        let started = try pair.call(pair.primary, "start", ["activity": "cycling"])
        XCTAssertEqual(started["code"]?.stringValue, "success", started.serialized())
        try await pair.eventually("the primary's ride shows on the mirror") {
            try pair.call(pair.mirror, "status")["workout"]?["activity"]?.stringValue == "cycling"
        }

        let asked = try pair.call(pair.mirror, "say", ["text": "how is my workout going"])
        XCTAssertEqual(asked["intent"]?.stringValue, "WorkoutStatus", asked.serialized())
        XCTAssertEqual(asked["code"]?.stringValue, "success", asked.serialized())
        XCTAssertEqual(asked["workout"]?["activity"]?.stringValue, "cycling", asked.serialized())
        XCTAssertEqual(asked["workout"]?["id"]?.stringValue, started["workout"]?["id"]?.stringValue, asked.serialized())
        XCTAssertFalse(asked["message"]?.stringValue?.contains("No workout") ?? true, asked.serialized())
    }

    func testASampleSentToAMirrorNeedsTheMirrorsPermission() async throws {
        let pair = try await MirrorPair()
        try await pair.link("unix:" + pair.primary.socketPath)
        XCTAssertEqual(try pair.call(pair.primary, "start", ["activity": "cycling"])["code"]?.stringValue, "success")
        try await pair.eventually("the primary's ride shows on the mirror") {
            try pair.call(pair.mirror, "status")["state"]?.stringValue == "running"
        }
        let binary = try XCTUnwrap(CoachBinary.path())

        // A client that was never allowed is refused by the mirror, and nothing reaches the primary.
        let refused = try await runProcess(binary, ["--as", "hr-bridge", "sample", "heartRate", "120"], environment: pair.mirrorHome.environment)
        XCTAssertEqual(refused.status, 77, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("hr-bridge has not been allowed to write heartRate"), refused.stderr)

        // The user's own sample goes on to the primary's workout.
        let sent = try await runProcess(binary, ["sample", "heartRate", "121"], environment: pair.mirrorHome.environment)
        XCTAssertEqual(sent.status, 0, sent.stderr)
        try await pair.eventually("the mirror's sample reached the primary") {
            try pair.call(pair.primary, "status")["workout"]?["metrics"]?["heartRate"]?["latest"]?.doubleValue == 121
        }
        XCTAssertEqual(try pair.call(pair.primary, "status")["workout"]?["metrics"]?["heartRate"]?["min"]?.doubleValue, 121,
                       "the refused 120 never reached the primary")
    }
}
