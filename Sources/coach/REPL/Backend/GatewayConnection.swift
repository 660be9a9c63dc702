// GatewayConnection: one Unix-socket connection to a running gateway, for the REPL in client mode.
// Reads block, so they happen on a dedicated thread per connection, never on Swift's cooperative
// pool (two threads on a two-core machine: two stuck reads would stall every task). The thread
// hands replies to the waiting request's continuation and notifications to an AsyncStream.

import CoachWire
import CoachGateway
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

enum GatewayConnectionError: Error, Sendable {
    /// Nothing answers on the socket (connect failed): errno's text.
    case unreachable(String)
    /// The socket's directory or its listener is another user's: refused before sending anything.
    case untrusted(UntrustedGateway)
    /// The connection ended before the reply came: the gateway stopped (or closed us).
    case closed
    /// The gateway answered with a JSON-RPC error.
    case rpc(code: Int, message: String)
}

final class GatewayConnection: Sendable {
    let path: String
    private let fd: Int32
    private let state = Mutex(State())
    /// Notifications (`event`, `status`, `disconnect`): the whole message. Finishes when the
    /// connection ends.
    let notifications: AsyncStream<JSONValue>

    private struct State {
        var nextID = 0
        var waiting: [Int: CheckedContinuation<JSONValue, any Error>] = [:]
        var ended = false
        /// close() was called: the end that follows is ours, not the gateway's.
        var closing = false
        var onEnd: (@Sendable (_ closedByUs: Bool) -> Void)?
    }

    /// Connects and starts the reader thread. `onEnd` runs once, on the reader thread, when the
    /// connection ends — `closedByUs` false means the gateway went away.
    init(path: String, onEnd: @escaping @Sendable (_ closedByUs: Bool) -> Void) throws(GatewayConnectionError) {
        let fd: Int32
        do { fd = try GatewayTrust.connect(SocketLocation(path: path)) } catch {
            switch error {
            case .untrusted(let refusal): throw .untrusted(refusal)
            case .unreachable(_, let why): throw .unreachable(why)
            default: throw .unreachable(error.description)
            }
        }
        self.fd = fd
        self.path = path
        let (stream, continuation) = AsyncStream.makeStream(of: JSONValue.self, bufferingPolicy: .bufferingNewest(256))
        notifications = stream
        state.withLock { $0.onEnd = onEnd }
        startDetachedThread { [self] in readLoop(notifications: continuation) }
    }

    /// Sends a JSON-RPC request and waits for its result.
    func call(_ method: String, _ params: JSONValue = .object([])) async throws -> JSONValue {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<JSONValue, any Error>) in
            let id = state.withLock { state -> Int? in
                guard !state.ended else { return nil }
                state.nextID += 1
                state.waiting[state.nextID] = continuation
                return state.nextID
            }
            guard let id else { return continuation.resume(throwing: GatewayConnectionError.closed) }
            let request: JSONValue = ["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": params]
            // A few hundred bytes into the socket's buffer: this does not block in practice, and
            // a gateway that stopped reading makes it fail (EPIPE), not hang, once it is gone.
            if !writeLine(request.serialized()) {
                let waiting = state.withLock { $0.waiting.removeValue(forKey: id) }
                waiting?.resume(throwing: GatewayConnectionError.closed)
            }
        }
    }

    /// The descriptor lives as long as this object (the reader thread holds it while it reads), so
    /// shutdown() and send() never hit a number already reused for something else.
    deinit { Glibc.close(fd) }

    /// Ends the connection; the reader thread sees end-of-file and finishes.
    func close() {
        let first = state.withLock { state -> Bool in
            defer { state.closing = true }
            return !state.closing
        }
        if first { _ = shutdown(fd, Int32(SHUT_RDWR)) }
    }

    /// The pid of the process that listens on the other end (SO_PEERCRED).
    var peerPID: Int32? {
        var credentials = (pid: Int32(0), uid: UInt32(0), gid: UInt32(0))
        var length = socklen_t(MemoryLayout.size(ofValue: credentials))
        // SO_PEERCRED is 17 on Linux (its struct ucred needs _GNU_SOURCE, so a tuple of the same layout).
        guard getsockopt(fd, SOL_SOCKET, 17, &credentials, &length) == 0, credentials.pid > 0 else { return nil }
        return credentials.pid
    }

    // MARK: - Reader thread

    private func readLoop(notifications: AsyncStream<JSONValue>.Continuation) {
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        reading: while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            buffer.append(contentsOf: chunk[..<count])
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                deliver(line, notifications: notifications)
            }
        }
        let (waiting, closedByUs, onEnd) = state.withLock { state in
            state.ended = true
            defer { state.waiting = [:]; state.onEnd = nil }
            return (Array(state.waiting.values), state.closing, state.onEnd)
        }
        for continuation in waiting { continuation.resume(throwing: GatewayConnectionError.closed) }
        notifications.finish()
        onEnd?(closedByUs)
    }

    private func deliver(_ line: String, notifications: AsyncStream<JSONValue>.Continuation) {
        guard let message = try? JSONValue(parsing: line) else { return }
        guard let idValue = message["id"]?.intValue else {
            // An error without an id (the uid refusal, a parse error) ends nothing by itself; the
            // gateway closes the connection when it matters.
            if message["method"] != nil { notifications.yield(message) }
            return
        }
        let waiting = state.withLock { $0.waiting.removeValue(forKey: idValue) }
        guard let waiting else { return }
        if let error = message["error"] {
            waiting.resume(throwing: GatewayConnectionError.rpc(code: error["code"]?.intValue ?? 0,
                                                                message: error["message"]?.stringValue ?? "error"))
        } else {
            waiting.resume(returning: message["result"] ?? .null)
        }
    }

    private func writeLine(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            // MSG_NOSIGNAL: a gateway that is gone is an error here, not a SIGPIPE that kills the REPL.
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

/// A closure handed to a new pthread through an unmanaged pointer.
private final class DetachedThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// A detached pthread: the reader ends by itself when its connection does.
private func startDetachedThread(_ body: @escaping () -> Void) {
    var thread = pthread_t()
    let box = Unmanaged.passRetained(DetachedThreadBody(body)).toOpaque()
    let result = pthread_create(&thread, nil, { raw in
        Unmanaged<DetachedThreadBody>.fromOpaque(raw!).takeRetainedValue().run()
        return nil
    }, box)
    precondition(result == 0, "coach: cannot start a socket reader thread")
    pthread_detach(thread)
}
