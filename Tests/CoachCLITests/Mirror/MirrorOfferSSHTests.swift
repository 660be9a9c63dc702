// Mirroring offered by the primary over a real ssh (issue 33, item 13): the loopback sshd the
// mirroring tests use (LoopbackSSHD), the primary running `ssh … -- 127.0.0.1 coach bridge` to the
// mirror's gateway as `coach mirror offer ssh://…` does. The mirror mirrors a running workout and
// sends a command and a sample back; the ssh process killed, the primary offers again by itself;
// the saved workout is copied; a drop stops the mirror and the primary carries on. An offer to a
// machine where no gateway runs says to start one.

import CoachGateway
import CoachWire
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct MirrorOfferSSHTests {
    /// `coach` as the mirror's user runs it over ssh, its bridge pointed at `socket`.
    private func remoteCoach(socket: String, in sshd: LoopbackSSHD) throws -> String {
        let binary = try #require(CoachBinary.path())
        let path = sshd.directory + "/coach-remote-\(UUID().uuidString.prefix(6))"
        try "#!/bin/sh\nexec \(binary) \"$@\" --socket \(socket)\n".write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    private func offerParams(_ sshd: LoopbackSSHD, socket: String) throws -> JSONValue {
        [
            "target": .string("ssh://\(sshd.user)@127.0.0.1:\(sshd.port)"),
            "remoteCoach": .string(try remoteCoach(socket: socket, in: sshd)),
            "sshOptions": .array(sshd.clientOptions.map(JSONValue.string)),
            "connectTimeout": 5,
        ]
    }

    @Test func anOfferOverSSHMirrorsReconnectsReplicatesAndIsDropped() async throws {
        let sshd = try await LoopbackSSHD()
        let pair = try await MirrorPair()
        #expect(try pair.call(pair.primary, "start", ["activity": "cycling", "location": "indoor"])["code"]?.stringValue == "success")
        _ = try pair.call(pair.primary, "sample", ["type": "power", "value": 210])
        let workoutID = try #require(try pair.call(pair.primary, "status")["workout"]?["id"]?.stringValue)

        let offered: JSONValue
        do { offered = try pair.call(pair.primary, "mirror.offer", try offerParams(sshd, socket: pair.mirror.socketPath)) } catch {
            throw TmuxError("\(error)\nsshd log:\n\(sshd.log)")
        }
        guard case .array(let offers)? = offered["offers"] else { Issue.record("no offers: \(offered.serialized())"); return }
        #expect(offers.first?["state"]?.stringValue == "live")
        let sshPID = try #require(offers.first?["sshPID"]?.doubleValue.flatMap { pid_t(exactly: $0) })
        try await pair.waitLive(timeout: .seconds(60))

        // The running workout on the mirror: state, elapsed time, the primary's sample.
        try await pair.eventually("the mirror shows the primary's workout and its power") {
            let status = try pair.call(pair.mirror, "status")
            return status["workout"]?["id"]?.stringValue == workoutID && status["state"]?.stringValue == "running"
                && status["workout"]?["metrics"]?["power"]?["latest"]?.doubleValue == 210
                && (status["workout"]?["elapsed"]?.doubleValue ?? 0) > 0
        }
        // A command and a sample from the mirror act on the primary.
        #expect(try pair.call(pair.mirror, "sample", ["type": "water", "value": 200])["outcome"]?.stringValue == "added")
        #expect(try pair.call(pair.primary, "status")["workout"]?["metrics"]?["dietaryWater"]?["total"]?.doubleValue == 200)
        #expect(try pair.call(pair.mirror, "pause")["code"]?.stringValue == "success")
        #expect(try pair.call(pair.primary, "status")["state"]?.stringValue == "paused")

        // ssh killed: the primary offers again by itself (its backoff), the mirror mirrors again.
        #expect(kill(sshPID, SIGKILL) == 0)
        try await pair.eventually(timeout: .seconds(60), "the primary offered again over a new ssh") {
            guard case .array(let offers)? = try pair.call(pair.primary, "mirror.status")["offers"], let offer = offers.first else { return false }
            return offer["state"]?.stringValue == "live" && offer["sshPID"]?.doubleValue != Double(sshPID)
        }
        try await pair.waitLive(timeout: .seconds(60))
        #expect(try pair.call(pair.mirror, "resume")["code"]?.stringValue == "success")
        #expect(try pair.call(pair.primary, "status")["state"]?.stringValue == "running")

        // Saved on the primary: copied to the mirror over the offered link.
        #expect(try pair.call(pair.primary, "end", ["save": true])["code"]?.stringValue == "success")
        try await pair.eventually("the mirror copied the saved workout") {
            (try? pair.call(pair.mirror, "show", ["id": .string(workoutID)]))?["sampleCount"]?.intValue == 2
        }

        // Dropped by host name: the mirror says so; the primary's next workout is its own.
        #expect(try pair.call(pair.primary, "start", ["activity": "running"])["code"]?.stringValue == "success")
        let dropped = try pair.call(pair.primary, "mirror.drop", ["mirror": "127.0.0.1"])
        #expect(dropped["dropped"]?.serialized().contains("ssh://") == true, "\(dropped.serialized())")
        try await pair.eventually("the mirror says it was dropped") {
            try pair.call(pair.mirror, "mirror.status")["state"]?.stringValue == "dropped"
        }
        #expect(try pair.call(pair.mirror, "mirror.status")["reason"]?.stringValue?.contains("coach mirror drop") == true)
        #expect(try pair.call(pair.primary, "status")["state"]?.stringValue == "running")
        #expect(try pair.call(pair.primary, "mirror.status")["offers"]?.serialized() == "[]")
        await sshd.stop()
    }

    @Test func anOfferToAMachineWithNoGatewaySaysToStartOne() async throws {
        let sshd = try await LoopbackSSHD()
        let home = try ScratchHome()
        let primary = try await BackgroundGateway(home: home)
        let client = try GatewayClient(location: SocketLocation(path: primary.socketPath))
        let params = try offerParams(sshd, socket: home.root.appendingPathComponent("run/coach/none.sock").path)
        do throws(GatewayClientError) {
            _ = try client.call("mirror.offer", params)
            Issue.record("the offer to a machine without a gateway succeeded")
        } catch {
            guard case .rpc(let rpc) = error else { throw error }
            #expect(rpc.code == -32004)
            #expect(rpc.message.contains("no gateway runs on the mirror (start one there with `coach serve`)"), "\(rpc.message)")
        }
        #expect(try client.call("mirror.status")["offers"]?.serialized() == "[]")
        await sshd.stop()
    }
}
