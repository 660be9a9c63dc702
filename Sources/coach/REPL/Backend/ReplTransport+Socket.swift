// The REPL as a client of a gateway that already serves the socket (client mode): connections are
// AsyncGatewayClients, and the gateway going away (any connection's end the REPL did not cause) is
// said once, so the REPL can tell the user and leave.

import CoachWire
import CoachCore
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

extension ReplTransport {
    /// Connects and checks that a gateway (of this user) answers; the connection becomes the
    /// REPL's requests'.
    static func socket(location: SocketLocation) async throws -> ReplBackend {
        let lost = LostSignal(message: lostMessage(location))
        let connect: @Sendable () throws(GatewayClientError) -> any GatewayConnection = {
            try AsyncGatewayClient(location: location, onEnd: lost.connectionEnded)
        }
        let first = try AsyncGatewayClient(location: location, onEnd: lost.connectionEnded)
        let pid: Int32?
        do {
            _ = try await first.call("ping", as: PongResult.self)
            pid = gatewayPID(location: location, connection: first)
        } catch {
            first.close()
            throw error
        }
        let transport = ReplTransport(
            modeDescription: "connected to the gateway at \(location.path)\(pid.map { " (pid \($0))" } ?? "")",
            connect: connect, lost: lost.stream, lostMessage: lostMessage(location),
            connectionLost: { lost.connectionEnded(closedByUs: false) }, leaving: { lost.leaving() })
        if let name = ClientName.current {
            do { _ = try await first.call("hello", ["client": .string(name)], as: HelloResult.self) } catch {
                first.close()
                throw error
            }
        }
        return ReplBackend(transport: transport, first: first)
    }

    static func lostMessage(_ location: SocketLocation) -> String {
        "the gateway at \(location.path) stopped; restart it with `coach serve` or run `coach` again"
    }

    /// The gateway's pid: the one its instance lock names, if that process lives; else the peer
    /// that listens (with socket activation that may be the service manager).
    static func gatewayPID(location: SocketLocation, connection: AsyncGatewayClient) -> Int32? {
        let fd = Glibc.open(location.lockPath, O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = read(fd, &buffer, 31)
            if count > 0, let pid = Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingWhitespace()),
               pid > 0, kill(pid, 0) == 0 || errno == EPERM {
                return pid
            }
        }
        return connection.peerPID
    }
}

/// Says once that the gateway went away — unless the REPL is the one leaving, or the connection
/// that ended was one the REPL replaced.
private final class LostSignal: Sendable {
    let stream: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let message: String
    private let state = Mutex(State())

    private struct State {
        var said = false
        var leaving = false
    }

    init(message: String) {
        self.message = message
        (stream, continuation) = AsyncStream.makeStream(of: String.self)
    }

    /// A connection's reader saw its end. Ends the REPL closes itself are not losses.
    @Sendable func connectionEnded(closedByUs: Bool) {
        guard !closedByUs else { return }
        let say = state.withLock { state -> Bool in
            guard !state.said, !state.leaving else { return false }
            state.said = true
            return true
        }
        guard say else { return }
        continuation.yield(message)
        continuation.finish()
    }

    func leaving() {
        state.withLock { $0.leaving = true }
        continuation.finish()
    }
}
