// Claiming the socket safely: permissions, stale sockets, one gateway per socket.

import CoachWire
import CoachCore
import CoachGateway
import Foundation
import Testing

@Suite("Socket safety", .serialized)
struct SocketSafetyTests {
    @Test func socketIs0600InsideA0700Directory() async throws {
        try await TestGateway.running { test in
            let socket = try FileManager.default.attributesOfItem(atPath: test.location.path)
            let directory = try FileManager.default.attributesOfItem(atPath: test.location.directory)
            #expect((socket[.posixPermissions] as? Int) == 0o600)
            #expect((directory[.posixPermissions] as? Int) == 0o700)
            #expect((socket[.type] as? FileAttributeType) == .typeSocket)
        }
    }

    @Test func aSecondGatewayOnTheSameSocketRefuses() async throws {
        let directory = temporaryDirectory()
        try await TestGateway.running(directory: directory) { first in
            await #expect {
                _ = try await TestGateway.start(directory: directory)
            } throws: { error in
                guard let error = error as? GatewayStartError, case .alreadyRunning = error else { return false }
                return error.description.contains("already running")
            }
            // The first one still answers: its socket was not taken away.
            let pong = try await onThread { try first.client().call("ping") }
            #expect(pong == "pong")
        }
    }

    /// A closed server lets the lock go although something still holds it (a task finishing its
    /// close did, under load, and the next gateway was refused), and closes racing each other
    /// unlink the socket once: never the socket of the gateway that started after the first.
    @Test func aClosedServerFreesTheSocketForItsSuccessorWhileStillReferenced() async throws {
        let directory = temporaryDirectory()
        let first = try await TestGateway.start(directory: directory)
        async let one: Void = first.server.close()
        async let two: Void = first.server.close()
        _ = await (one, two)
        #expect(InstanceLock.holder(path: first.location.lockPath) == nil, "released, with `first.server` still referenced")
        try await TestGateway.running(directory: directory) { next in
            await first.server.close()  // a late third close leaves the successor's socket alone
            #expect(RawSocket.probe(next.location.path) == .answers)
            let pong = try await onThread { try next.client().call("ping") }
            #expect(pong == "pong")
        }
        await first.gateway.manager.shutdown()
    }

    @Test func aStaleSocketFromAKilledGatewayIsReplaced() async throws {
        let directory = temporaryDirectory()
        let location = SocketLocation(path: directory + "/coach/coach.sock")
        try location.prepareDirectory()
        // A socket file nobody listens on, as a SIGKILLed gateway leaves behind.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let bound = RawSocket.bind(fd, location.path)
        #expect(bound == 0)
        close(fd)
        #expect(RawSocket.probe(location.path) == .refused)

        try await TestGateway.running(directory: directory) { test in
            let pong = try await onThread { try test.client().call("ping") }
            #expect(pong == "pong")
        }
    }

    @Test func aFileThatIsNotASocketIsLeftAlone() async throws {
        let directory = temporaryDirectory()
        let location = SocketLocation(path: directory + "/coach/coach.sock")
        try location.prepareDirectory()
        #expect(FileManager.default.createFile(atPath: location.path, contents: Data("keep me".utf8)))
        await #expect(throws: GatewayStartError.self) { _ = try await TestGateway.start(directory: directory) }
        #expect(FileManager.default.contents(atPath: location.path) == Data("keep me".utf8))
    }

    @Test func aDirectoryOwnedByAnotherUserIsRefused() throws {
        let directory = temporaryDirectory() + "/someone-else"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        chown(directory, 12345, 12345)
        let location = SocketLocation(path: directory + "/coach.sock")
        #expect(throws: GatewayStartError.self) { try location.prepareDirectory() }
    }

    @Test func theFallbackLocationIsPerUser() {
        let location = SocketLocation.resolve(environment: [:])
        #expect(location.path == "/tmp/coach-\(getuid())/coach.sock")
        #expect(SocketLocation.resolve(environment: ["XDG_RUNTIME_DIR": "/run/user/7"]).path == "/run/user/7/coach/coach.sock")
        #expect(SocketLocation.resolve(explicit: "/x.sock", environment: ["COACH_SOCKET": "/y.sock"]).path == "/x.sock")
        #expect(SocketLocation.resolve(environment: ["COACH_SOCKET": "/y.sock"]).path == "/y.sock")
    }
}
