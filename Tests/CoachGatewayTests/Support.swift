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

/// What a refused call says: the -32001 refusal's data.code, otherwise the error's code and
/// message, or nil when the call succeeded.
func refusal(_ body: () throws(GatewayClientError) -> JSONValue) -> String? {
    do {
        _ = try body()
        return nil
    } catch {
        guard case .rpc(let rpc) = error else { return "other: \(error)" }
        return rpc.code == -32001 ? rpc.data?["code"]?.stringValue : "\(rpc.code) \(rpc.message)"
    }
}

/// A gateway listening on a fresh socket; `countdown` zero so starts run at once.
struct TestGateway {
    let gateway: Gateway
    let server: GatewayServer
    let location: SocketLocation
    /// Removed by `stop()`, unless the test passed a directory of its own.
    let ownedDirectory: String?

    /// `guest`: a guest gateway on the directory's store, with its own state and socket beside the
    /// owner's, so a test can run the owner and then a guest on one store file.
    static func start(countdown: Duration = .zero, directory: String? = nil, guest: Bool = false) async throws -> TestGateway {
        let ownedDirectory = directory == nil ? temporaryDirectory() : nil
        let directory = directory ?? ownedDirectory!
        var configuration = GatewayConfiguration()
        configuration.countdown = countdown
        configuration.guest = guest
        configuration.storePath = directory + "/coach.sqlite"
        configuration.stateDirectory = directory + (guest ? "/guest-state" : "/state")
        let gateway = try await GatewayAssembly.start(configuration).gateway
        let location = SocketLocation(path: directory + (guest ? "/guest" : "/coach") + "/coach.sock")
        let server = try await GatewayServer.start(gateway: gateway, location: location)
        return TestGateway(gateway: gateway, server: server, location: location, ownedDirectory: ownedDirectory)
    }

    /// Runs `body` against a fresh gateway and stops it afterwards, awaited, whether `body`
    /// succeeded or threw (a `defer { Task { … } }` would leave the stop running after the test).
    static func running<T>(countdown: Duration = .zero, directory: String? = nil, guest: Bool = false,
                           _ body: (TestGateway) async throws -> T) async throws -> T {
        let test = try await start(countdown: countdown, directory: directory, guest: guest)
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
