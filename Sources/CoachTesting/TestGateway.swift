// CoachTesting: the product started in-process for tests, as HummingbirdTesting starts an
// application — through GatewayApp.start, the very call `coach serve` makes, so the settings file,
// the services and their order, and graceful shutdown are the product's. Each gateway gets a
// scratch world (its own socket, store, state and settings under a fresh directory; nothing of the
// user's is read) and a captured log: the lines `coach serve` would have written, in order.
//
//     try await TestGateway.with(settings: "http:\n  listen: 127.0.0.1:0\n") { gateway in
//         #expect(gateway.running.services.contains("web"))
//         let status = try await gateway.call("status")
//     }

import CoachApp
import CoachGateway
import CoachWire
import Foundation
import Logging
import Synchronization

public final class TestGateway: Sendable {
    /// The gateway and its services, as GatewayApp started them.
    public let running: RunningGateway
    /// The scratch world: run/, data/, state/, config/ (the settings file); `with` removes it.
    public let directory: String
    /// Where it listens (requests with `socket: true`, the default).
    public let socket: SocketLocation
    private let captured: LogCapture

    private init(running: RunningGateway, directory: String, socket: SocketLocation, captured: LogCapture) {
        self.running = running
        self.directory = directory
        self.socket = socket
        self.captured = captured
    }

    /// Starts a gateway in a new scratch world, or in `directory`, the world of a gateway before it.
    /// `settings`: the text of its config.yaml (none: the defaults, or what is there); `configure`
    /// adjusts the request as `coach serve`'s flags would.
    public static func start(in directory: String? = nil, settings: String? = nil, socket: Bool = true,
                             configure: (inout GatewayRequest) -> Void = { _ in }) async throws -> TestGateway {
        let world = try ScratchWorld(root: directory)
        if let settings { try world.writeSettings(settings) }
        let captured = LogCapture()
        var request = world.request(socket: socket)
        configure(&request)
        let logger = GatewayLogHandler.logger(sink: captured.sink)
        do {
            let running = try await GatewayApp.start(request, settings: GatewaySettings.load(environment: world.environment), logger: logger)
            return TestGateway(running: running, directory: world.root, socket: world.socket, captured: captured)
        } catch {
            throw TestGatewayStartFailure(error: error, log: captured.lines, directory: world.root)
        }
    }

    /// Starts a gateway, runs `body` on it, then shuts it down gracefully (if `body` did not) and
    /// removes its world.
    public static func with<T>(settings: String? = nil, socket: Bool = true, configure: (inout GatewayRequest) -> Void = { _ in },
                               _ body: (TestGateway) async throws -> T) async throws -> T {
        let gateway = try await start(settings: settings, socket: socket, configure: configure)
        defer { try? FileManager.default.removeItem(atPath: gateway.directory) }
        do {
            let value = try await body(gateway)
            await gateway.stop()
            return value
        } catch {
            await gateway.stop()
            throw error
        }
    }

    /// The lines written so far, each as it would appear: `coach: …` for stderr's, bare for stdout's.
    public var log: [String] { captured.lines.map(\.line) }
    /// Only the lines that went to stderr (warnings and errors).
    public var errors: [String] { captured.lines.filter { $0.stream == .standardError }.map(\.line) }

    /// A request as a connection in this process makes it (no socket in between).
    public func call(_ method: String, _ params: JSONValue = .object([])) async throws -> JSONValue {
        let connection = InProcessConnection(gateway: running.gateway)
        defer { connection.close() }
        return try await connection.call(method, params)
    }

    /// Graceful shutdown, as on SIGTERM: every service stops, last-first. The world stays, to be
    /// looked at (`with` removes it); a second call does nothing.
    public func stop() async {
        await running.shutdown()
    }
}

/// A gateway that did not start, with what it logged meanwhile.
public struct TestGatewayStartFailure: Error, CustomStringConvertible {
    public let error: any Error
    public let log: [(line: String, stream: GatewayLogHandler.Stream)]
    /// Its world, left to be looked at (and removed by the test).
    public let directory: String

    public var description: String { "\(error)\n" + log.map(\.line).joined(separator: "\n") }
}

/// The log lines, in the order written.
final class LogCapture: Sendable {
    private let captured = Mutex<[(line: String, stream: GatewayLogHandler.Stream)]>([])

    var lines: [(line: String, stream: GatewayLogHandler.Stream)] { captured.withLock { $0 } }

    var sink: GatewayLogHandler.Sink {
        { [self] line, stream in captured.withLock { $0.append((line, stream)) } }
    }
}
