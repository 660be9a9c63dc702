// The product as `coach serve` starts it, in-process (CoachTesting): which services a settings
// file brings, a service that cannot start, and a graceful shutdown that keeps the workout in the
// store and removes the socket.

import CoachApp
import CoachGateway
import CoachTesting
import CoachWire
import Foundation
import Testing

@Suite struct ProductStartTests {
    @Test func nothingOptionalIsTheCoreTheSocketAndTheFeedsFollowers() async throws {
        try await TestGateway.with { gateway in
            #expect(gateway.running.services == ["core", "socket", "power-zones", "sensors"])
            #expect(RawSocket.probe(gateway.socket.path) == .answers)
            let status = try await gateway.call("status")
            #expect(status["state"]?.stringValue == "notStarted", "\(status.serialized())")
            #expect(gateway.running.webDisplay == nil && gateway.running.wyoming == nil && gateway.running.publishers.isEmpty)
            #expect(gateway.errors.isEmpty, "\(gateway.log)")
        }
    }

    @Test func theSettingsBringTheirServicesInOrder() async throws {
        let settings = "http:\n  listen: 127.0.0.1:0\nwyoming:\n  listen: tcp://127.0.0.1:0\n"
        try await TestGateway.with(settings: settings) { gateway in
            #expect(gateway.running.services == ["core", "socket", "power-zones", "web", "wyoming", "sensors"])
            #expect((gateway.running.webDisplay?.address.port ?? 0) > 0, "listening on a port of its own")
            #expect((gateway.running.wyoming?.port ?? 0) > 0)
            #expect(gateway.errors.isEmpty, "\(gateway.log)")
        }
    }

    @Test func aServiceFromTheSettingsThatCannotStartIsOneLine() async throws {
        try await TestGateway.with(settings: "wyoming:\n  listen: somewhere\n") { gateway in
            #expect(gateway.errors.count == 1, "\(gateway.log)")
            #expect(gateway.errors.first?.contains("continuing without the Wyoming service") == true, "\(gateway.log)")
            #expect(gateway.running.wyoming == nil)
            #expect(RawSocket.probe(gateway.socket.path) == .answers, "the gateway runs without it")
        }
    }

    @Test func aServiceAskedForThatCannotStartStopsTheOthers() async throws {
        var failure: TestGatewayStartFailure?
        do {
            let gateway = try await TestGateway.start { $0.httpListen = "not-an-address" }
            await gateway.stop()
        } catch let error as TestGatewayStartFailure {
            failure = error
        }
        let failed = try #require(failure, "--http asked for an address it cannot listen on: the start fails")
        defer { try? FileManager.default.removeItem(atPath: failed.directory) }
        #expect((failed.error as? GatewayServiceFailure)?.service == "web")
        #expect(failed.log.filter { $0.stream == .standardError }.count == 1, "one line: \(failed.log.map(\.line))")
        let socket = failed.directory + "/run/coach.sock"
        #expect(!FileManager.default.fileExists(atPath: socket), "the socket, started before, was closed and removed")
        // Everything let go: the next gateway in the same world starts.
        let next = try await TestGateway.start(in: failed.directory)
        #expect(RawSocket.probe(socket) == .answers)
        await next.stop()
    }

    @Test func gracefulShutdownKeepsTheWorkoutAndRemovesTheSocket() async throws {
        let first = try await TestGateway.start()
        defer { try? FileManager.default.removeItem(atPath: first.directory) }
        _ = try await first.call("start", ["activity": "rowing", "location": "indoor"])
        await first.stop()
        #expect(!FileManager.default.fileExists(atPath: first.socket.path), "the socket file is removed")
        #expect(InstanceLock.holder(path: first.socket.lockPath) == nil, "and its lock released")

        // The store is whole: the next gateway recovers the workout as it was left.
        let next = try await TestGateway.start(in: first.directory)
        #expect(next.running.recovered?.activity?.rawValue == "rowing")
        #expect(next.running.storeProblem == nil)
        let status = try await next.call("status")
        #expect(status["workout"]?["activity"]?.stringValue == "rowing", "\(status.serialized())")
        await next.stop()
    }
}
