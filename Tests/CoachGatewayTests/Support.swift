// Test support: a real gateway on a real Unix socket in a private temporary directory, and a way
// to run blocking socket clients off Swift's cooperative pool (onThread, from CoachTestSupport).

@_exported import CoachTestSupport
import CoachWire
import CoachCore
import CoachGateway
import Foundation
import Testing

/// A private directory for sockets (paths must stay under 108 bytes), inside one folder per test
/// process that is removed when the process exits.
func temporaryDirectory() -> String {
    TestScratch.registerCleanup
    let path = TestScratch.root + "/" + UUID().uuidString.prefix(8)
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

enum TestScratch {
    static var root: String { "/tmp/coach-test-\(getpid())" }
    /// Evaluated once: removes the process's folder at exit, whatever the tests left behind.
    static let registerCleanup: Void = {
        atexit { try? FileManager.default.removeItem(atPath: "/tmp/coach-test-\(getpid())") }
    }()
}

/// A gateway listening on a fresh socket; `countdown` zero so starts run at once.
struct TestGateway {
    let gateway: Gateway
    let server: GatewayServer
    let location: SocketLocation
    /// Removed by `stop()`, unless the test passed a directory of its own.
    let ownedDirectory: String?

    static func start(countdown: Duration = .zero, directory: String? = nil) async throws -> TestGateway {
        let ownedDirectory = directory == nil ? temporaryDirectory() : nil
        let directory = directory ?? ownedDirectory!
        var configuration = GatewayConfiguration()
        configuration.countdown = countdown
        configuration.storePath = directory + "/coach.sqlite"
        configuration.stateDirectory = directory + "/state"
        let gateway = try await GatewayAssembly.start(configuration).gateway
        let location = SocketLocation(path: directory + "/coach/coach.sock")
        let server = try await GatewayServer.start(gateway: gateway, location: location)
        return TestGateway(gateway: gateway, server: server, location: location, ownedDirectory: ownedDirectory)
    }

    /// Runs `body` against a fresh gateway and stops it afterwards, awaited, whether `body`
    /// succeeded or threw (a `defer { Task { … } }` would leave the stop running after the test).
    static func running<T>(countdown: Duration = .zero, directory: String? = nil,
                           _ body: (TestGateway) async throws -> T) async throws -> T {
        let test = try await start(countdown: countdown, directory: directory)
        do {
            let result = try await body(test)
            await test.stop()
            return result
        } catch {
            await test.stop()
            throw error
        }
    }

    func client() throws -> GatewayClient { try GatewayClient(location: location) }

    func stop() async {
        await server.close()
        await gateway.manager.shutdown()
        if let ownedDirectory { try? FileManager.default.removeItem(atPath: ownedDirectory) }
    }
}
