// Mirroring over `unix:`: two real gateways (`coach serve`) in separate XDG worlds, the mirror
// linked to the primary's socket. State both ways within 200 ms, a start from the mirror, samples
// both ways, and SIGKILLs mid-workout with nothing duplicated or lost.

import CoachGateway
import CoachWire
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

final class MirrorUnixTests: XCTestCase {
    /// Issue 21 for the mirror's own client: a `unix:` target whose directory others can write
    /// (where anyone could have planted the socket) is refused before anything is sent, and the
    /// link gives up rather than retrying into it.
    func testAPlantedSocketInAWritableDirectoryIsNotMirrored() async throws {
        let pair = try await MirrorPair()
        let directory = pair.mirrorHome.root.appendingPathComponent("open-to-all").path
        XCTAssertEqual(mkdir(directory, 0o700), 0)
        XCTAssertEqual(chmod(directory, 0o777), 0)
        let path = directory + "/coach.sock"
        let listener = RawSocket.stream()
        defer { close(listener) }
        XCTAssertEqual(RawSocket.bind(listener, path), 0)
        XCTAssertEqual(listen(listener, 8), 0)
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)

        _ = try pair.call(pair.mirror, "mirror.start", ["target": .string("unix:" + path)])
        try await pair.eventually("the link gave up on the planted socket") {
            let status = try pair.call(pair.mirror, "mirror.status")
            return status["state"]?.stringValue == "disconnected"
                && status["reason"]?.stringValue?.contains("writable by other users") == true
        }
        XCTAssertEqual(accept(listener, nil, nil), -1, "nothing connected to the planted socket")
    }

    func testStateBothWaysStartFromMirrorAndSamplesBothWays() async throws {
        let pair = try await MirrorPair()
        try await pair.link("unix:" + pair.primary.socketPath)
        XCTAssertEqual(try pair.call(pair.primary, "mirror.status")["role"]?.stringValue, "primary")

        // A start on the mirror starts the workout on the primary (the mirror runs none itself).
        let started = try pair.call(pair.mirror, "start", ["activity": "cycling", "location": "indoor", "goal": "30min"])
        XCTAssertEqual(started["code"]?.stringValue, "success", started.serialized())
        let onPrimary = try pair.call(pair.primary, "status")
        XCTAssertEqual(onPrimary["workout"]?["activity"]?.stringValue, "cycling")
        XCTAssertEqual(onPrimary["state"]?.stringValue, "running")
        let workoutID = onPrimary["workout"]?["id"]?.stringValue
        XCTAssertNotNil(workoutID)
        // Codes are the primary's: a second start is failureOngoingWorkout on either side.
        XCTAssertEqual(try pair.call(pair.mirror, "start", ["activity": "running"])["code"]?.stringValue, "failureOngoingWorkout")
        XCTAssertEqual(try pair.call(pair.primary, "start", ["activity": "running"])["code"]?.stringValue, "failureOngoingWorkout")

        // State both ways: pause on the primary shows on the mirror, resume on the mirror acts on
        // the primary; each within 200 ms (median of the round trips; every one must arrive).
        let onMirror = try StatusWatcher(pair.mirror.socketPath, events: true)
        let onPrimaryWatch = try StatusWatcher(pair.primary.socketPath)
        var primaryToMirror: [Duration] = []
        var mirrorToPrimary: [Duration] = []
        for _ in 0..<5 {
            var since = ContinuousClock.now
            XCTAssertEqual(try pair.call(pair.primary, "pause")["code"]?.stringValue, "success")
            primaryToMirror.append(try await onMirror.latency(since: since) { $0["state"]?.stringValue == "paused" })
            since = ContinuousClock.now
            XCTAssertEqual(try pair.call(pair.mirror, "resume")["code"]?.stringValue, "success")
            mirrorToPrimary.append(try await onPrimaryWatch.latency(since: since) { $0["state"]?.stringValue == "running" })
        }
        XCTAssertLessThan(primaryToMirror.sorted()[2], .milliseconds(200), "primary → mirror: \(primaryToMirror)")
        XCTAssertLessThan(mirrorToPrimary.sorted()[2], .milliseconds(200), "mirror → primary: \(mirrorToPrimary)")

        // The primary's events are the mirror's events (its REPL and subscribers hear them).
        try await pair.eventually("the primary's pause is announced on the mirror") {
            onMirror.heard.contains { $0.hasPrefix("stateChanged: ") && $0.contains("paused") }
        }

        // A lap on the mirror is the primary's lap; the mirror shows the primary's laps and goal.
        XCTAssertEqual(try pair.call(pair.mirror, "lap")["code"]?.stringValue, "success")
        try await pair.eventually("the lap shows on the mirror") {
            let status = try pair.call(pair.mirror, "status")
            return status["workout"]?["laps"]?.doubleValue == 1 && status["workout"]?["goal"]?["type"]?.stringValue == "time"
        }
        XCTAssertEqual(try pair.call(pair.primary, "status")["workout"]?["laps"]?.doubleValue, 1)

        // Samples both ways: power collected on the primary shows on the mirror; water logged on
        // the mirror is a dietaryWater sample of the primary's workout.
        _ = try pair.call(pair.primary, "sample", ["type": "power", "value": 215])
        try await pair.eventually("the primary's power shows on the mirror") {
            try pair.call(pair.mirror, "status")["workout"]?["metrics"]?["power"]?["latest"]?.doubleValue == 215
        }
        let water = try pair.call(pair.mirror, "sample", ["type": "water", "value": 250, "unit": "mL"])
        XCTAssertEqual(water["outcome"]?.stringValue, "added", water.serialized())
        XCTAssertEqual(try pair.call(pair.primary, "status")["workout"]?["metrics"]?["dietaryWater"]?["total"]?.doubleValue, 250)

        // The privacy lock keeps its meaning on each side: a locked mirror hides the primary's
        // metrics (in its status and in the replies it relays), the primary still shows them.
        _ = try pair.call(pair.mirror, "lock")
        XCTAssertNil(try pair.call(pair.mirror, "status")["workout"]?["metrics"])
        XCTAssertNil(try pair.call(pair.mirror, "lap")["workout"]?["metrics"], "a relayed reply is redacted too")
        XCTAssertNotNil(try pair.call(pair.primary, "status")["workout"]?["metrics"]?["power"])
        _ = try pair.call(pair.mirror, "unlock")
        // A locked primary sends no metrics, so the mirror has none to show.
        _ = try pair.call(pair.primary, "lock")
        try await pair.eventually("the primary's lock reaches the mirror") {
            try pair.call(pair.mirror, "status")["workout"]?["metrics"]?["power"] == nil
        }
        _ = try pair.call(pair.primary, "unlock")

        // The mirror's feed (what tmux and bars show) is the primary's workout.
        let line = try pair.call(pair.mirror, "feed.render", ["format": "text", "presentation": "compact"]).stringValue ?? ""
        XCTAssertTrue(line.contains("▶"), line)

        // End on the mirror ends the primary's workout, which the primary saves; the mirror learns
        // it from the primary's change feed, once.
        XCTAssertEqual(try pair.call(pair.mirror, "end", ["save": true])["code"]?.stringValue, "success")
        try await pair.eventually("the saved workout reached the mirror's change-feed anchor") {
            guard case .array(let ids)? = try pair.call(pair.mirror, "mirror.status")["caughtUp"] else { return false }
            return ids.compactMap(\.stringValue) == [workoutID ?? "?"]
        }
        let history = try pair.call(pair.primary, "history")
        XCTAssertTrue(history.serialized().contains(workoutID ?? "none"), history.serialized())
        // The mirror keeps a copy of the primary's workout (issue 33), under the same id, and
        // none of its own (MirrorReplicationTests goes further).
        try await pair.eventually("the mirror kept a copy") {
            try pair.call(pair.mirror, "history").serialized().contains(workoutID ?? "none")
        }
        guard case .array(let copies) = try pair.call(pair.mirror, "history") else { return XCTFail("no history on the mirror") }
        XCTAssertEqual(copies.count, 1)
    }
}

extension MirrorUnixTests {
    /// SIGKILL of the primary, then of the mirror, mid-workout: both announced, the primary's
    /// workout carries on, the mirror says the primary is unreachable, reconnects by itself and
    /// catches up; samples logged while the link was down arrive once, none twice, none lost.
    func testKillsMidWorkoutLoseAndDuplicateNothing() async throws {
        let pair = try await MirrorPair()
        try await pair.link("unix:" + pair.primary.socketPath)
        XCTAssertEqual(try pair.call(pair.primary, "start", ["activity": "running", "location": "outdoor"])["code"]?.stringValue, "success")
        let workoutID = try pair.call(pair.primary, "status")["workout"]?["id"]?.stringValue
        XCTAssertEqual(try pair.call(pair.mirror, "sample", ["type": "water", "value": 100])["outcome"]?.stringValue, "added")
        let mirrorEvents = try StatusWatcher(pair.mirror.socketPath, events: true)

        // 1. The primary dies.
        await pair.primary.killHard()
        try await pair.eventually("the mirror noticed") {
            let status = try pair.call(pair.mirror, "mirror.status")
            return ["backoff", "connecting", "syncing"].contains(status["state"]?.stringValue ?? "") && status["reason"] != nil
        }
        let line = try pair.call(pair.mirror, "feed.render", ["format": "text", "presentation": "compact"]).stringValue ?? ""
        XCTAssertTrue(line.contains("unreachable"), "the status line must not show a frozen workout: \(line)")
        XCTAssertTrue(mirrorEvents.heard.contains { $0.hasPrefix("mirrorDisconnected") }, "\(mirrorEvents.heard)")
        let status = try pair.call(pair.mirror, "status")
        XCTAssertEqual(status["code"]?.stringValue, "failure", "no frozen workout in a status either: \(status.serialized())")
        XCTAssertTrue(status["message"]?.stringValue?.contains("unreachable") == true, status.serialized())
        // Commands say why they cannot act; samples are kept for the primary.
        let paused = try pair.call(pair.mirror, "pause")
        XCTAssertEqual(paused["code"]?.stringValue, "failure")
        XCTAssertTrue(paused["message"]?.stringValue?.contains("unreachable") == true, paused.serialized())
        for _ in 0..<2 {
            XCTAssertEqual(try pair.call(pair.mirror, "sample", ["type": "water", "value": 250])["outcome"]?.stringValue, "queued")
        }
        // One more, then the mirror dies too before the primary is back: its outbox is on disk.
        XCTAssertEqual(try pair.call(pair.mirror, "sample", ["type": "water", "value": 50, "syncIdentifier": "sip-1", "syncVersion": 1])["outcome"]?.stringValue, "queued")
        await pair.mirror.killHard()

        // 2. Both come back; the mirror remembers its primary, relinks and resends its outbox.
        pair.primary = try await BackgroundGateway(home: pair.primaryHome)
        pair.mirror = try await BackgroundGateway(home: pair.mirrorHome)
        try await pair.waitLive()
        try await pair.eventually("the outbox drained") {
            try pair.call(pair.mirror, "mirror.status")["queuedSamples"]?.doubleValue == 0
        }
        let resumed = try pair.call(pair.primary, "status")["workout"]
        XCTAssertEqual(resumed?["id"]?.stringValue, workoutID, "the primary's workout carried on")
        XCTAssertEqual(resumed?["metrics"]?["dietaryWater"]?["total"]?.doubleValue, 650, "100 + 250 + 250 + 50, once each")
        // A resend of the same sample (same identifier and version) changes nothing.
        XCTAssertEqual(try pair.call(pair.mirror, "sample", ["type": "water", "value": 50, "syncIdentifier": "sip-1", "syncVersion": 1])["outcome"]?.stringValue,
                       "ignoredOlderVersion")

        // 3. The mirror dies alone: the primary announces it and carries on collecting.
        let primaryEvents = try StatusWatcher(pair.primary.socketPath, events: true)
        await pair.mirror.killHard()
        try await pair.eventually("the primary announced the mirror's going") {
            primaryEvents.heard.contains { $0.hasPrefix("mirrorDetached") }
        }
        _ = try pair.call(pair.primary, "sample", ["type": "heartRate", "value": 151])
        pair.mirror = try await BackgroundGateway(home: pair.mirrorHome)
        try await pair.waitLive()
        try await pair.eventually("the mirror caught up with the primary") {
            let workout = try pair.call(pair.mirror, "status")["workout"]
            return workout?["id"]?.stringValue == workoutID && workout?["metrics"]?["heartRate"]?["latest"]?.doubleValue == 151
                && workout?["metrics"]?["dietaryWater"]?["total"]?.doubleValue == 650
        }

        // 4. The workout ends on the primary while the mirror is down: on its return the mirror
        // learns the saved workout from the primary's change feed (from its kept anchor), once.
        await pair.mirror.killHard()
        XCTAssertEqual(try pair.call(pair.primary, "end", ["save": true])["code"]?.stringValue, "success")
        pair.mirror = try await BackgroundGateway(home: pair.mirrorHome)
        try await pair.waitLive()
        guard case .array(let learned)? = try pair.call(pair.mirror, "mirror.status")["caughtUp"] else { return XCTFail("no caughtUp") }
        XCTAssertEqual(learned.compactMap(\.stringValue), [workoutID ?? "?"])
        XCTAssertEqual(try pair.call(pair.mirror, "status")["state"]?.stringValue, "ended", "the mirror shows the ended workout, not a frozen running one")
        // Its saved samples hold each water sample once.
        let shown = try pair.call(pair.primary, "show", ["id": .string(workoutID ?? "?")])
        guard case .array(let statistics)? = shown["statistics"] else { return XCTFail(shown.serialized()) }
        let water = statistics.first { $0["type"]?.stringValue == "dietaryWater" }
        XCTAssertEqual(water?["count"]?.doubleValue, 4, shown.serialized())
        XCTAssertEqual(shown["sampleCount"]?.doubleValue, 5, "four water samples and one heart rate: \(shown.serialized())")
        // The water came from the mirror: its host is the samples' device (issue 19).
        guard case .array(let sources)? = shown["sources"] else { return XCTFail("no sources: \(shown.serialized())") }
        let fromMirror = sources.first { $0["source"]?["device"]?["name"]?.stringValue == ProcessInfo.processInfo.hostName }
        XCTAssertEqual(fromMirror?["types"]?["dietaryWater"]?.doubleValue, 4, shown.serialized())
    }
}
