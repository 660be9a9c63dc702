// The page under hostile clients, on a real loopback socket: a request head trickled a byte at a
// time is closed at the deadline all the same; with every connection taken by silent or slow
// clients a browser's request is still answered (the one that sent least for longest made room);
// one address holds only its share, making room from its own; an event stream is not a connection
// the door can close.

import CoachGateway
import CoachWeb
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("HTTP door", .serialized, .timeLimit(.minutes(1)))
struct WebDoorTests {
    static let small = DoorLimits(connections: 4, deadline: .seconds(1), grace: .milliseconds(200))

    @Test func aTrickledHeadIsClosedAtTheDeadline() async throws {
        try await WebRig.running(door: Self.small) { rig in
            let port = rig.port, auth = rig.auth
            let closed = try await onThread { () throws -> (early: Bool, late: Bool) in
                let fd = try connectLoopback(port: port)
                defer { close(fd) }
                // A byte every 0.3 s: each one would reset an idle timer.
                for byte in "GET /status HTTP/1.1\r\n".prefix(3) {
                    try sendAll(fd, String(byte))
                    if peerClosed(fd, within: 0.3) { return (true, true) }
                }
                return (false, peerClosed(fd, within: 3))
            }
            #expect(!closed.early, "open while within the deadline")
            #expect(closed.late, "closed at the deadline though bytes kept coming")
            let silent = try await onThread { () throws -> Bool in
                let fd = try connectLoopback(port: port)
                defer { close(fd) }
                return peerClosed(fd, within: 3)
            }
            #expect(silent, "a connection that says nothing is closed too")
            let status = try await onThread { try fetch(port: port, "GET", "/status", headers: auth) }
            #expect(status.status == 200)
        }
    }

    @Test func aBrowserIsServedWithEveryConnectionTaken() async throws {
        // A long deadline: only displacement can make room here.
        let door = DoorLimits(connections: 4, deadline: .seconds(30), grace: .milliseconds(200))
        try await WebRig.running(door: door) { rig in
            let port = rig.port, auth = rig.auth
            let outcome = try await onThread { () throws -> (served: [Int], silentClosed: Int, slowOpen: Int) in
                // Two slow heads with bytes, then six silent connections: more than the door holds.
                let slow = try (0..<2).map { _ in try connectLoopback(port: port) }
                for fd in slow { try sendAll(fd, "GET /st") }
                usleep(300_000)
                var silent: [Int32] = []
                // Each past the newcomers' grace before the next comes.
                for _ in 0..<6 { silent.append(try connectLoopback(port: port)); usleep(250_000) }
                usleep(300_000)
                var served: [Int] = []
                for _ in 0..<3 { served.append(try fetch(port: port, "GET", "/status", headers: auth).status) }
                let silentClosed = silent.filter { peerClosed($0, within: 0.2) }.count
                let slowOpen = slow.filter { !peerClosed($0, within: 0.2) }.count
                (slow + silent).forEach { close($0) }
                return (served, silentClosed, slowOpen)
            }
            #expect(outcome.served == [200, 200, 200], "the door was full for the first")
            #expect(outcome.slowOpen == 2, "the ones that sent something were kept; the silent ones made room")
            #expect(outcome.silentClosed >= 4, "\(outcome.silentClosed) of 6 silent connections closed")
        }
    }

    @Test func oneAddressHoldsItsShareAndMakesRoomFromItsOwn() async throws {
        let door = DoorLimits(connections: 16, perPeer: 2, deadline: .seconds(30), grace: .milliseconds(200))
        try await WebRig.running(door: door) { rig in
            let port = rig.port, auth = rig.auth
            let outcome = try await onThread { () throws -> (first: Bool, second: Bool, other: Bool, served: Int) in
                let other = try connectLoopback(port: port, source: "127.0.0.2")
                let first = try connectLoopback(port: port)
                usleep(100_000)
                let second = try connectLoopback(port: port)
                usleep(300_000)
                // A third from 127.0.0.1: it gets in, and 127.0.0.1's oldest silent one goes.
                let served = try fetch(port: port, "GET", "/status", headers: auth).status
                let result = (peerClosed(first, within: 0.5), peerClosed(second, within: 0.2), peerClosed(other, within: 0.2), served)
                [other, first, second].forEach { close($0) }
                return result
            }
            #expect(outcome.served == 200)
            #expect(outcome.first, "the address's oldest silent connection made room")
            #expect(!outcome.second && !outcome.other, "its newer one and another address's older one were kept")
        }
    }

    @Test func eventStreamsAreNotTheDoorsToClose() async throws {
        try await WebRig.running(door: Self.small) { rig in
            let stream = try await rig.stream()
            defer { stream.stop() }
            let port = rig.port
            // Fill the door with silent connections and let the deadline pass.
            let fds = try await onThread { try (0..<6).map { _ in try connectLoopback(port: port) } }
            try await Task.sleep(for: .seconds(2))
            await rig.start()
            try await rig.heartRate(133)
            #expect(await stream.wait { $0.contains { $0.heartRate == 133 } }, "the stream still receives after the deadline and a full door")
            fds.forEach { close($0) }
        }
    }
}
