// Mirroring offered by the primary (issue 33, item 13) over `unix:`: two real gateways (`coach
// serve`), the primary running `mirror.offer` to the mirror's socket. The mirror then mirrors the
// primary's running workout (state, elapsed time, a sample, a command back), copies the saved
// workout, and stops when the primary drops it, saying so, while the primary carries on. A gateway
// that already mirrors another primary refuses the offer; mistyped offers say what to do.

import CoachGateway
import CoachWire
import Foundation
import Testing

@Suite struct MirrorOfferTests {
    @Test func anOfferedMirrorMirrorsReplicatesAndIsDropped() async throws {
        let pair = try await MirrorPair()
        // A workout already runs on the primary when it offers.
        #expect(try pair.call(pair.primary, "start", ["activity": "cycling", "location": "indoor"])["code"]?.stringValue == "success")
        _ = try pair.call(pair.primary, "sample", ["type": "heartRate", "value": 128])

        let offered = try pair.call(pair.primary, "mirror.offer", ["target": .string("unix:" + pair.mirror.socketPath)])
        #expect(offered["role"]?.stringValue == "primary", "\(offered.serialized())")
        guard case .array(let offers)? = offered["offers"] else { Issue.record("no offers: \(offered.serialized())"); return }
        #expect(offers.first?["state"]?.stringValue == "live", "\(offered.serialized())")
        try await pair.waitLive()
        let onMirror = try pair.call(pair.mirror, "mirror.status")
        #expect(onMirror["role"]?.stringValue == "mirror")
        #expect(onMirror["target"]?.stringValue?.hasPrefix("offered:") == true, "\(onMirror.serialized())")

        // The primary's workout on the mirror: its id, state, elapsed time moving on, its sample.
        let workoutID = try #require(try pair.call(pair.primary, "status")["workout"]?["id"]?.stringValue)
        try await pair.eventually("the mirror shows the primary's running workout with its heart rate") {
            let status = try pair.call(pair.mirror, "status")
            return status["workout"]?["id"]?.stringValue == workoutID && status["state"]?.stringValue == "running"
                && status["workout"]?["metrics"]?["heartRate"]?["latest"]?.doubleValue == 128
        }
        let elapsed = try #require(try pair.call(pair.mirror, "status")["workout"]?["elapsed"]?.doubleValue)
        try await pair.eventually("the mirror's elapsed time runs on") {
            (try pair.call(pair.mirror, "status")["workout"]?["elapsed"]?.doubleValue ?? 0) > elapsed
        }

        // Commands and samples from the mirror reach the primary, whose reply is the mirror's.
        #expect(try pair.call(pair.mirror, "pause")["code"]?.stringValue == "success")
        #expect(try pair.call(pair.primary, "status")["state"]?.stringValue == "paused")
        #expect(try pair.call(pair.mirror, "resume")["code"]?.stringValue == "success")
        #expect(try pair.call(pair.primary, "status")["state"]?.stringValue == "running")
        #expect(try pair.call(pair.mirror, "sample", ["type": "water", "value": 250, "unit": "mL"])["outcome"]?.stringValue == "added")
        #expect(try pair.call(pair.primary, "status")["workout"]?["metrics"]?["dietaryWater"]?["total"]?.doubleValue == 250)
        #expect(try pair.call(pair.mirror, "start", ["activity": "running"])["code"]?.stringValue == "failureOngoingWorkout")

        // Enough samples that the copy's reply is longer than a request may be (64 KiB): the
        // offered connection reads the primary's replies up to a reply's limit.
        let primaryClient = try pair.client(pair.primary)
        for n in 0..<600 {
            _ = try primaryClient.call("sample", ["type": "heartRate", "value": .number(Double(120 + n % 40)), "syncIdentifier": .string("hr-\(n)")])
        }

        // Saved on the primary (ended from the mirror): the mirror keeps its copy.
        #expect(try pair.call(pair.mirror, "end", ["save": true])["code"]?.stringValue == "success")
        let replicaBytes = try pair.call(pair.primary, "workouts.replica", ["id": .string(workoutID)]).serialized().utf8.count
        #expect(replicaBytes > 64 * 1024, "the copy's reply is \(replicaBytes) bytes")
        try await pair.eventually(timeout: .seconds(60), "the mirror copied the saved workout") {
            (try? pair.call(pair.mirror, "show", ["id": .string(workoutID)]))?["sampleCount"]?.intValue == 602
        }
        #expect(try pair.call(pair.mirror, "show", ["id": .string(workoutID)])["statistics"]
                == pair.call(pair.primary, "show", ["id": .string(workoutID)])["statistics"])

        // Dropped by the primary mid-workout: the mirror says so and stops; the primary carries on.
        #expect(try pair.call(pair.primary, "start", ["activity": "running"])["code"]?.stringValue == "success")
        try await pair.eventually("the mirror shows the second workout") {
            try pair.call(pair.mirror, "status")["state"]?.stringValue == "running"
        }
        let watcher = try StatusWatcher(pair.mirror.socketPath, events: true)
        let dropped = try pair.call(pair.primary, "mirror.drop", ["mirror": .string("unix:" + pair.mirror.socketPath), "reason": "riding alone"])
        #expect(dropped["dropped"]?.serialized().contains(pair.mirror.socketPath) == true, "\(dropped.serialized())")
        #expect(dropped["offers"]?.serialized() == "[]")
        try await pair.eventually("the mirror says it was dropped") {
            let status = try pair.call(pair.mirror, "mirror.status")
            return status["state"]?.stringValue == "dropped" && status["reason"]?.stringValue?.contains("riding alone") == true
        }
        #expect(try pair.call(pair.mirror, "mirror.status")["role"]?.stringValue == "none")
        try await pair.eventually("the mirror announced the drop") { watcher.heard.contains { $0.hasPrefix("mirrorDropped") } }
        #expect(try pair.call(pair.mirror, "status")["state"]?.stringValue != "running", "the mirror shows its own (idle) state")
        #expect(try pair.call(pair.primary, "status")["state"]?.stringValue == "running")
        #expect(try pair.call(pair.primary, "lap")["code"]?.stringValue == "success")
        let described = try await runProcess(try #require(CoachBinary.path()), ["mirror", "status"], environment: pair.mirrorHome.environment)
        #expect(described.stdout.contains("Not mirroring: dropped by the primary"), "\(described.stdout)")
    }

    @Test func aGatewayThatMirrorsAnotherRefusesAnOffer() async throws {
        let pair = try await MirrorPair()
        try await pair.link("unix:" + pair.primary.socketPath)
        let otherHome = try ScratchHome()
        let other = try await BackgroundGateway(home: otherHome)

        let refused = try await runProcess(try #require(CoachBinary.path()), ["mirror", "offer", "unix:" + pair.mirror.socketPath],
                                           environment: otherHome.environment)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("already mirrors unix:\(pair.primary.socketPath)"), "\(refused.stderr)")
        #expect(refused.stderr.contains("coach mirror stop"), "\(refused.stderr)")
        #expect(try pair.client(other).call("mirror.status")["offers"]?.serialized() == "[]", "nothing is left retrying")
        #expect(try pair.call(pair.mirror, "mirror.status")["state"]?.stringValue == "live", "the mirror still mirrors its primary")
        withExtendedLifetime(other) {}
    }

    /// The primary's gateway owns the offer: the mirror's gateway killed and started again, the
    /// primary offers again by itself (its backoff) and the mirror mirrors the running workout.
    @Test func theOfferOutlastsAKilledMirrorGateway() async throws {
        let pair = try await MirrorPair()
        _ = try pair.call(pair.primary, "mirror.offer", ["target": .string("unix:" + pair.mirror.socketPath)])
        try await pair.waitLive()
        #expect(try pair.call(pair.primary, "start", ["activity": "walking"])["code"]?.stringValue == "success")
        await pair.mirror.killHard()
        try await pair.eventually("the primary noticed and is offering again") {
            guard case .array(let offers)? = try pair.call(pair.primary, "mirror.status")["offers"], let offer = offers.first else { return false }
            return ["backoff", "connecting"].contains(offer["state"]?.stringValue ?? "")
        }
        pair.mirror = try await BackgroundGateway(home: pair.mirrorHome)
        try await pair.waitLive(timeout: .seconds(60))
        try await pair.eventually("the restarted mirror shows the running walk") {
            let status = try pair.call(pair.mirror, "status")
            return status["state"]?.stringValue == "running" && status["workout"]?["activity"]?.stringValue == "walking"
        }
        guard case .array(let offers)? = try pair.call(pair.primary, "mirror.status")["offers"] else { Issue.record("no offers"); return }
        #expect(offers.first?["state"]?.stringValue == "live")
        #expect((offers.first?["failures"]?.doubleValue ?? 1) == 0, "reset once live again")
    }

    /// Remembered as `mirror start` is: a primary killed mid-workout and started again offers
    /// again by itself, and the waiting mirror takes it up; a drop forgets it.
    @Test func aRestartedPrimaryOffersAgain() async throws {
        let pair = try await MirrorPair()
        _ = try pair.call(pair.primary, "mirror.offer", ["target": .string("unix:" + pair.mirror.socketPath)])
        try await pair.waitLive()
        #expect(try pair.call(pair.primary, "start", ["activity": "rowing"])["code"]?.stringValue == "success")
        await pair.primary.killHard()
        try await pair.eventually("the mirror waits for the primary") {
            try pair.call(pair.mirror, "mirror.status")["state"]?.stringValue == "disconnected"
        }
        pair.primary = try await BackgroundGateway(home: pair.primaryHome)
        try await pair.waitLive(timeout: .seconds(60))
        try await pair.eventually("the mirror shows the recovered workout") {
            try pair.call(pair.mirror, "status")["workout"]?["activity"]?.stringValue == "rowing"
        }
        let remembered = pair.primaryHome.root.appendingPathComponent("state/coach/mirror-offers").path
        #expect(FileManager.default.fileExists(atPath: remembered))
        _ = try pair.call(pair.primary, "mirror.drop", ["mirror": .string("unix:" + pair.mirror.socketPath)])
        #expect(!FileManager.default.fileExists(atPath: remembered), "a dropped mirror is not offered again after a restart")
    }

    /// A mirror that leaves (`mirror stop`) is not offered again; a mirror that dialled its
    /// primary itself is dropped too and does not reconnect; a named client may neither offer nor drop.
    @Test func aMirrorMayLeaveAndAStartedMirrorCanBeDropped() async throws {
        let pair = try await MirrorPair()
        let target = "unix:" + pair.mirror.socketPath
        _ = try pair.call(pair.primary, "mirror.offer", ["target": .string(target)])
        try await pair.waitLive()
        #expect(try pair.call(pair.mirror, "mirror.stop")["stopped"]?.boolValue == true)
        try await pair.eventually("the primary stopped offering, saying why") {
            guard case .array(let offers)? = try pair.call(pair.primary, "mirror.status")["offers"], let offer = offers.first else { return false }
            return offer["state"]?.stringValue == "disconnected" && offer["reason"]?.stringValue?.contains("stopped mirroring") == true
        }
        #expect(try pair.call(pair.mirror, "mirror.status")["role"]?.stringValue == "none", "not offered again")
        #expect(!FileManager.default.fileExists(atPath: pair.primaryHome.root.appendingPathComponent("state/coach/mirror-offers").path),
                "nor after the primary restarts")

        // A mirror that started the link itself, dropped by its host name.
        try await pair.link("unix:" + pair.primary.socketPath)
        let name = try #require(try pair.call(pair.primary, "mirror.status")["mirrors"]?.serialized())
        #expect(name.contains(ProcessInfo.processInfo.hostName))
        let named = try pair.client(pair.primary)
        _ = try named.call("hello", ["client": "some-script"])
        func refusal(_ method: String, _ params: JSONValue) -> Int? {
            do throws(GatewayClientError) { _ = try named.call(method, params); return nil } catch {
                if case .rpc(let rpc) = error { return rpc.code }
                return nil
            }
        }
        #expect(refusal("mirror.drop", ["mirror": .string(ProcessInfo.processInfo.hostName)]) == -32001)
        #expect(refusal("mirror.offer", ["target": .string(target)]) == -32001)
        #expect(try pair.call(pair.mirror, "mirror.status")["state"]?.stringValue == "live", "a named client changed nothing")

        let remembered = pair.mirrorHome.root.appendingPathComponent("state/coach/mirror").path
        #expect(FileManager.default.fileExists(atPath: remembered), "mirror start remembers its target")
        _ = try pair.call(pair.primary, "mirror.drop", ["mirror": .string(ProcessInfo.processInfo.hostName)])
        try await pair.eventually("the started mirror says it was dropped") {
            try pair.call(pair.mirror, "mirror.status")["state"]?.stringValue == "dropped"
        }
        #expect(!FileManager.default.fileExists(atPath: remembered),
                "forgotten: a restarted mirror does not reconnect")
        try await pair.eventually("the primary has no mirror left") {
            try pair.call(pair.primary, "mirror.status")["role"]?.stringValue == "primary"
                && pair.call(pair.primary, "mirror.status")["mirrors"]?.serialized() == "[]"
        }
    }

    @Test func mistypedOffersSayWhatToDo() async throws {
        let home = try ScratchHome()
        let gateway = try await BackgroundGateway(home: home)
        let coach = try #require(CoachBinary.path())

        let bad = try await runProcess(coach, ["mirror", "offer", "laptop.local"], environment: home.environment)
        #expect(bad.status == ExitStatus.usage.rawValue)
        #expect(bad.stderr.contains("use unix:PATH or ssh://[user@]host[:port]"), "\(bad.stderr)")

        let nobody = home.root.appendingPathComponent("run/coach/nobody.sock").path
        let missing = try await runProcess(coach, ["mirror", "offer", "unix:" + nobody], environment: home.environment)
        #expect(missing.status == ExitStatus.failure.rawValue)
        #expect(missing.stderr.contains("no gateway answers on \(nobody)"), "\(missing.stderr)")
        #expect(missing.stderr.contains("start one for the mirror there with `coach serve`"), "\(missing.stderr)")

        let own = try await runProcess(coach, ["mirror", "offer", "unix:" + gateway.socketPath], environment: home.environment)
        #expect(own.stderr.contains("this gateway's own socket"), "\(own.stderr)")

        let port = try LoopbackPort.free()
        let unreachable = try await runProcess(coach, ["mirror", "offer", "ssh://127.0.0.1:\(port)", "--connect-timeout", "3",
                                                       "--ssh-option", "StrictHostKeyChecking=no", "--ssh-option", "UserKnownHostsFile=/dev/null"],
                                               environment: home.environment)
        #expect(unreachable.status == ExitStatus.failure.rawValue)
        #expect(unreachable.stderr.contains("could not offer mirroring to ssh://127.0.0.1:\(port)"), "\(unreachable.stderr)")
        #expect(unreachable.stderr.contains("ssh -p \(port) 127.0.0.1 coach bridge </dev/null"), "\(unreachable.stderr)")
        #expect(try GatewayClient(location: SocketLocation(path: gateway.socketPath)).call("mirror.status")["offers"]?.serialized() == "[]")
    }
}
