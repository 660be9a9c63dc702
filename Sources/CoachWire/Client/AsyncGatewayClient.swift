// AsyncGatewayClient: the async face of GatewayClient — one connection whose lines a thread of its
// own reads, so any number of tasks may call at once and no read ever holds Swift's cooperative
// pool (two threads on a two-core machine: two stuck reads would stall every task). Replies go to
// the waiting call, notifications to `notifications`. The REPL in client mode uses it over the
// socket, a mirror's link over the socket or an ssh child's socket pair.

import Synchronization
#if canImport(Glibc)
import Glibc
#endif

public final class AsyncGatewayClient: Sendable {
    private let fd: Int32
    private let state = Mutex(State())
    /// Notifications (`event`, `status`, `disconnect`…): the whole message. Finishes when the
    /// connection ends.
    public let notifications: AsyncStream<JSONValue>

    private let calls = PendingCalls()

    private struct State {
        /// close() was called: the end that follows is ours, not the gateway's.
        var closing = false
        var onEnd: (@Sendable (_ closedByUs: Bool) -> Void)?
    }

    /// Connects to the gateway at `location` (GatewayTrust's checks first) and starts reading.
    /// `onEnd` runs once, on the reader thread, when the connection ends — `closedByUs` false
    /// means the gateway went away.
    public convenience init(location: SocketLocation,
                            onEnd: @escaping @Sendable (_ closedByUs: Bool) -> Void = { _ in }) throws(GatewayClientError) {
        self.init(descriptor: try GatewayTrust.connect(location), onEnd: onEnd)
    }

    /// Takes over a connected stream socket (the mirror's end of an ssh child's socket pair) and
    /// starts reading it; the descriptor is closed when this client goes.
    public init(descriptor: Int32, onEnd: @escaping @Sendable (_ closedByUs: Bool) -> Void = { _ in }) {
        fd = descriptor
        let (stream, continuation) = AsyncStream.makeStream(of: JSONValue.self, bufferingPolicy: .bufferingNewest(256))
        notifications = stream
        state.withLock { $0.onEnd = onEnd }
        startDetachedThread { [self] in readLoop(notifications: continuation) }
    }

    /// The descriptor lives as long as this object (the reader thread holds it while it reads), so
    /// shutdown() and send() never hit a number already reused for something else.
    deinit { Glibc.close(fd) }

    /// Sends a request and waits for its result — at most `timeout`, when given.
    public func call(_ method: String, _ params: JSONValue = .object([]),
                     timeout: Duration? = nil) async throws(GatewayClientError) -> JSONValue {
        // A few hundred bytes into the socket's buffer: this does not block in practice, and a
        // gateway that stopped reading makes it fail (EPIPE), not hang, once it is gone.
        try await calls.call(method, params, timeout: timeout) { writeLine($0) }
    }

    /// Ends the connection; the reader thread sees the end and finishes.
    public func close() {
        let first = state.withLock { state -> Bool in
            defer { state.closing = true }
            return !state.closing
        }
        if first { _ = shutdown(fd, Int32(SHUT_RDWR)) }
    }

    /// Ends our direction only: the other side reads its end of file (an ssh bridge then exits,
    /// as dial-stdio does) and may still answer what it was asked.
    public func finishSending() {
        state.withLock { $0.closing = true }
        _ = shutdown(fd, Int32(SHUT_WR))
    }

    /// The pid of the process that listens on the other end (SO_PEERCRED).
    public var peerPID: Int32? { PeerCredentials.of(fd).map(\.pid).flatMap { $0 > 0 ? $0 : nil } }

    // MARK: - Reader thread

    private func readLoop(notifications: AsyncStream<JSONValue>.Continuation) {
        var buffer = LineBuffer()
        reading: while true {
            while let line = buffer.nextLine() {
                switch RPCExchange.classify(line) {
                case .reply(let id, let result): calls.resolve(id, with: result.mapError { .rpc($0) })
                case .notification(_, let message): notifications.yield(message)
                // An error without an id (the uid refusal, a parse error) ends nothing by itself;
                // the gateway closes the connection when it matters.
                case .unreadable, .other: break
                }
            }
            guard buffer.fill(from: fd) else { break reading }
        }
        let (closedByUs, onEnd) = state.withLock { state in
            defer { state.onEnd = nil }
            return (state.closing, state.onEnd)
        }
        calls.endAll()
        notifications.finish()
        onEnd?(closedByUs)
    }

    private func writeLine(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            // MSG_NOSIGNAL: a gateway that is gone is an error here, not a SIGPIPE that kills us.
            let sent = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += sent
        }
        return true
    }
}
