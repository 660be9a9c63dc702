// The Wyoming port under hostile clients, on a real loopback socket: an event trickled a byte at a
// time or never sent is closed at the deadline; with every connection taken by silent clients a
// `describe` is still answered; one address holds only its share, making room from its own.

import CoachCore
import CoachGateway
import CoachTestSupport
import CoachWyoming
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite("Wyoming door", .serialized, .timeLimit(.minutes(1)))
struct WyomingDoorTests {
    static func running(_ door: DoorLimits, _ body: (Int) async throws -> Void) async throws {
        var configuration = GatewayConfiguration()
        configuration.guest = true
        let state = NSTemporaryDirectory() + "coach-wyoming-door-\(UUID().uuidString.prefix(8))"
        configuration.stateDirectory = state
        let gateway = try await GatewayAssembly.start(configuration).gateway
        let service = try await WyomingService.start(gateway: gateway, host: "127.0.0.1", port: 0, door: door)
        do { try await body(service.port) } catch {
            await service.close()
            await gateway.manager.shutdown()
            throw error
        }
        await service.close()
        await gateway.manager.shutdown()
        try? FileManager.default.removeItem(atPath: state)
    }

    /// `describe` on a new connection: the reply's type, read to its first line.
    static func describe(port: Int, source: String? = nil) throws -> String? {
        let fd = try connectLoopback(port: port, source: source)
        defer { close(fd) }
        try sendAll(fd, #"{"type":"describe"}"# + "\n")
        var line = [UInt8]()
        var byte: UInt8 = 0
        while recv(fd, &byte, 1, 0) == 1, byte != UInt8(ascii: "\n") { line.append(byte) }
        let header = String(decoding: line, as: UTF8.self)
        return header.range(of: #""type": *"([a-z-]+)""#, options: .regularExpression).map {
            String(header[$0]).components(separatedBy: "\"").dropLast().last ?? ""
        }
    }

    @Test func aTrickledOrSilentConnectionIsClosedAtTheDeadline() async throws {
        try await Self.running(DoorLimits(connections: 4, deadline: .seconds(1), grace: .milliseconds(200))) { port in
            let outcome = try await onThread { () throws -> (early: Bool, trickled: Bool, silent: Bool) in
                let trickle = try connectLoopback(port: port)
                let silent = try connectLoopback(port: port)
                defer { close(trickle); close(silent) }
                for byte in #"{"typ"#.prefix(3) {
                    try sendAll(trickle, String(byte))
                    if peerClosed(trickle, within: 0.3) { return (true, true, true) }
                }
                return (false, peerClosed(trickle, within: 3), peerClosed(silent, within: 1))
            }
            #expect(!outcome.early, "open while within the deadline")
            #expect(outcome.trickled && outcome.silent, "closed at the deadline, bytes or not")
            #expect(try await onThread { try Self.describe(port: port) } == "info", "a client that asks is answered")
        }
    }

    @Test func describeIsAnsweredWithEveryConnectionTaken() async throws {
        try await Self.running(DoorLimits(connections: 4, deadline: .seconds(30), grace: .milliseconds(200))) { port in
            let outcome = try await onThread { () throws -> (replies: [String?], closed: Int) in
                var silent: [Int32] = []
                for _ in 0..<8 { silent.append(try connectLoopback(port: port)); usleep(250_000) }
                let replies = try (0..<3).map { _ in try Self.describe(port: port) }
                let closed = silent.filter { peerClosed($0, within: 0.2) }.count
                silent.forEach { close($0) }
                return (replies, closed)
            }
            #expect(outcome.replies == ["info", "info", "info"])
            #expect(outcome.closed >= 5, "\(outcome.closed) of 8 silent connections made room")
        }
    }

    @Test func oneAddressHoldsItsShareAndMakesRoomFromItsOwn() async throws {
        try await Self.running(DoorLimits(connections: 16, perPeer: 2, deadline: .seconds(30), grace: .milliseconds(200))) { port in
            let outcome = try await onThread { () throws -> (reply: String?, first: Bool, second: Bool, other: Bool) in
                let other = try connectLoopback(port: port, source: "127.0.0.2")
                let first = try connectLoopback(port: port)
                usleep(100_000)
                let second = try connectLoopback(port: port)
                usleep(300_000)
                let reply = try Self.describe(port: port)
                let result = (reply, peerClosed(first, within: 0.5), peerClosed(second, within: 0.2), peerClosed(other, within: 0.2))
                [other, first, second].forEach { close($0) }
                return result
            }
            #expect(outcome.reply == "info")
            #expect(outcome.first, "the address's oldest silent connection made room")
            #expect(!outcome.second && !outcome.other, "its newer one and another address's older one were kept")
        }
    }

    @Test func aPublicPortHasPerAddressLimitsALoopbackOneNone() {
        #expect(WyomingService.doorLimits(host: "127.0.0.1").perPeer == nil)
        #expect(WyomingService.doorLimits(host: "0.0.0.0").perPeer == 16)
    }
}
