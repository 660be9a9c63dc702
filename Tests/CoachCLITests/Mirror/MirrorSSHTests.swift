// Mirroring over a real ssh: Debian's sshd on a loopback port with throwaway keys (LoopbackSSHD),
// the mirror running `ssh … -- 127.0.0.1 coach bridge` as a user would. State both ways within
// 200 ms, a start from the mirror, samples both ways; SIGKILL of the ssh process, of the primary
// and of the mirror mid-workout, each followed by a reconnect with nothing duplicated or lost; a
// host key that does not match is reported and not retried.

import CoachGateway
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

final class MirrorSSHTests: XCTestCase {
    /// `coach` as the primary's user runs it over ssh: a wrapper that points the bridge at the
    /// primary's socket (what `--remote-coach` is for when coach is not on the remote PATH).
    private func remoteCoach(for pair: MirrorPair, in sshd: LoopbackSSHD) throws -> String {
        let binary = try XCTUnwrap(CoachBinary.path())
        let path = sshd.directory + "/coach-remote"
        try "#!/bin/sh\nexec \(binary) \"$@\" --socket \(pair.primary.socketPath)\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    private func linkOverSSH(_ pair: MirrorPair, _ sshd: LoopbackSSHD, knownHostsOK: Bool = true) async throws {
        _ = try pair.call(pair.mirror, "mirror.start", [
            "target": .string("ssh://\(sshd.user)@127.0.0.1:\(sshd.port)"),
            "remoteCoach": .string(try remoteCoach(for: pair, in: sshd)),
            "sshOptions": .array(sshd.clientOptions.map(JSONValue.string)),
            "connectTimeout": 5,
        ])
    }

    func testMirrorOverSSHSurvivesKillsOfSshPrimaryAndMirror() async throws {
        let sshd = try await LoopbackSSHD()
        let pair = try await MirrorPair()
        try await linkOverSSH(pair, sshd)
        do { try await pair.waitLive(timeout: .seconds(20)) } catch { throw TmuxError("\(error)\nsshd log:\n\(sshd.log)") }

        // A start on the mirror runs on the primary; state both ways within 200 ms.
        XCTAssertEqual(try pair.call(pair.mirror, "start", ["activity": "cycling", "location": "indoor"])["code"]?.stringValue, "success")
        let workoutID = try XCTUnwrap(try pair.call(pair.primary, "status")["workout"]?["id"]?.stringValue)
        let onMirror = try StatusWatcher(pair.mirror.socketPath, events: true)
        let onPrimary = try StatusWatcher(pair.primary.socketPath)
        var toMirror: [Duration] = [], toPrimary: [Duration] = []
        for _ in 0..<5 {
            var since = ContinuousClock.now
            XCTAssertEqual(try pair.call(pair.primary, "pause")["code"]?.stringValue, "success")
            toMirror.append(try await onMirror.latency(since: since) { $0["state"]?.stringValue == "paused" })
            since = ContinuousClock.now
            XCTAssertEqual(try pair.call(pair.mirror, "resume")["code"]?.stringValue, "success")
            toPrimary.append(try await onPrimary.latency(since: since) { $0["state"]?.stringValue == "running" })
        }
        XCTAssertLessThan(toMirror.sorted()[2], .milliseconds(200), "primary → mirror over ssh: \(toMirror)")
        XCTAssertLessThan(toPrimary.sorted()[2], .milliseconds(200), "mirror → primary over ssh: \(toPrimary)")

        // Samples both ways.
        _ = try pair.call(pair.primary, "sample", ["type": "heartRate", "value": 132])
        try await pair.eventually("the primary's heart rate shows on the mirror") {
            try pair.call(pair.mirror, "status")["workout"]?["metrics"]?["heartRate"]?["latest"]?.doubleValue == 132
        }
        XCTAssertEqual(try pair.call(pair.mirror, "sample", ["type": "water", "value": 200])["outcome"]?.stringValue, "added")
        var expectedWater = 200.0, waterSamples = 1

        // SIGKILL of the ssh process: announced, retried, resynced.
        let sshPID = try XCTUnwrap(try pair.call(pair.mirror, "mirror.status")["sshPID"]?.doubleValue.flatMap { pid_t(exactly: $0) })
        XCTAssertEqual(kill(sshPID, SIGKILL), 0)
        try await pair.eventually("the mirror noticed ssh die") {
            onMirror.heard.contains { $0.hasPrefix("mirrorDisconnected") }
        }
        // Logged while the link is down (or already back: either way exactly once on the primary).
        let during = try pair.call(pair.mirror, "sample", ["type": "water", "value": 150])
        XCTAssertTrue(["queued", "added"].contains(during["outcome"]?.stringValue ?? ""), during.serialized())
        expectedWater += 150; waterSamples += 1
        try await pair.waitLive(timeout: .seconds(20))
        let newPID = try pair.call(pair.mirror, "mirror.status")["sshPID"]?.doubleValue
        XCTAssertNotEqual(newPID, Double(sshPID), "a new ssh for the new connection")

        // SIGKILL of the primary: the bridge on its side ends, ssh ends; the mirror retries until
        // the primary is back (its workout recovered) and resends what it queued.
        await pair.primary.killHard()
        try await pair.eventually("the mirror noticed the primary die") {
            (try pair.call(pair.mirror, "mirror.status"))["state"]?.stringValue != "live"
        }
        XCTAssertEqual(try pair.call(pair.mirror, "sample", ["type": "water", "value": 100])["outcome"]?.stringValue, "queued")
        expectedWater += 100; waterSamples += 1
        pair.primary = try await BackgroundGateway(home: pair.primaryHome)
        try await pair.waitLive(timeout: .seconds(30))

        // SIGKILL of the mirror: its ssh sees the end of its input and the remote bridge exits.
        await pair.mirror.killHard()
        try await pair.eventually("the remote bridge exited with its mirror") {
            let found = try await runProcess("/usr/bin/pgrep", ["-f", "bridge --socket " + pair.primary.socketPath])
            return found.status == 1
        }
        _ = try pair.call(pair.primary, "sample", ["type": "heartRate", "value": 144])
        pair.mirror = try await BackgroundGateway(home: pair.mirrorHome)
        try await pair.waitLive(timeout: .seconds(30))
        let totalWater = expectedWater
        try await pair.eventually("the mirror caught up over ssh") {
            let workout = try pair.call(pair.mirror, "status")["workout"]
            return workout?["id"]?.stringValue == workoutID && workout?["metrics"]?["heartRate"]?["latest"]?.doubleValue == 144
                && workout?["metrics"]?["dietaryWater"]?["total"]?.doubleValue == totalWater
        }
        XCTAssertEqual(try pair.call(pair.mirror, "mirror.status")["queuedSamples"]?.doubleValue, 0)

        // Saved once on the primary, every water sample exactly once.
        XCTAssertEqual(try pair.call(pair.mirror, "end", ["save": true])["code"]?.stringValue, "success")
        let shown = try pair.call(pair.primary, "show", ["id": .string(workoutID)])
        guard case .array(let statistics)? = shown["statistics"] else { return XCTFail(shown.serialized()) }
        let water = statistics.first { $0["type"]?.stringValue == "dietaryWater" }
        XCTAssertEqual(water?["count"]?.doubleValue, Double(waterSamples), shown.serialized())
        await pair.mirror.killHard()
        await sshd.stop()
    }

    func testAHostKeyThatDoesNotMatchIsReportedAndNotRetried() async throws {
        let sshd = try await LoopbackSSHD()
        let pair = try await MirrorPair()
        try "[127.0.0.1]:\(sshd.port) ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIJdD7y3aLq454yWBdwLWbieU1ebz9/cu7/QEXn9OIeZJ\n"
            .write(toFile: sshd.knownHosts, atomically: true, encoding: .utf8)
        try await linkOverSSH(pair, sshd)
        try await pair.eventually("the mirror gave up") {
            (try pair.call(pair.mirror, "mirror.status"))["state"]?.stringValue == "disconnected"
        }
        let status = try pair.call(pair.mirror, "mirror.status")
        XCTAssertTrue(status["reason"]?.stringValue?.contains("Host key verification failed") == true, status.serialized())
        XCTAssertNil(status["retryIn"], "a trust problem is not retried")
        let line = try pair.call(pair.mirror, "feed.render", ["format": "text", "presentation": "compact"]).stringValue ?? ""
        XCTAssertTrue(line.contains("unreachable"), line)
        await sshd.stop()
    }
}
