// GatewayClient: the one JSON-RPC client of a gateway's socket. This is its blocking face, for
// one-shot commands, `coach-status`, `coach listen` and the bridge: connect, write a line, read
// lines, no event loop and no thread. AsyncGatewayClient is its async face over the same pieces
// (GatewayTrust's connect, LineBuffer, RPCExchange), for the REPL and a mirror's link.

#if canImport(Glibc)
import Glibc
#endif

public enum GatewayClientError: Error, Sendable, CustomStringConvertible {
    case unreachable(String, String)
    /// The socket's directory or its listener is not this user's: refused before sending anything.
    case untrusted(UntrustedGateway)
    case closed
    case protocolError(String)
    case rpc(RPCError)
    /// No reply within the time the caller allowed (the async face's `timeout`).
    case timedOut

    public var description: String {
        switch self {
        case .unreachable(let path, let why):
            return "no gateway answers on \(path) (\(why)). Start one with `coach serve`, or run `coach` for the REPL."
        case .untrusted(let refusal): return refusal.description
        case .closed: return "the gateway closed the connection"
        case .protocolError(let detail): return "unexpected reply from the gateway: \(detail)"
        case .rpc(let error): return error.message
        case .timedOut: return "the gateway did not answer in time"
        }
    }
}

/// Not thread-safe: use one client from one thread at a time (it may be handed to another thread).
public final class GatewayClient: @unchecked Sendable {
    public let location: SocketLocation
    private let fd: Int32
    private var buffer = LineBuffer()
    private var exchange = RPCExchange()
    /// Notifications that arrived while `call` waited for its reply, handed out by `readLine` first.
    private var pendingNotifications: [String] = []

    public init(location: SocketLocation) throws(GatewayClientError) {
        signal(SIGPIPE, SIG_IGN)
        self.fd = try GatewayTrust.connect(location)
        self.location = location
    }

    deinit { close(fd) }

    /// Sends a request and returns its result, skipping any notifications that arrive first.
    public func call(_ method: String, _ params: JSONValue = .object([])) throws(GatewayClientError) -> JSONValue {
        let (id, line) = exchange.request(method, params)
        try send(line)
        while true {
            let line = try readSocketLine()
            switch RPCExchange.classify(line) {
            case .reply(id, let result):
                switch result {
                case .success(let value): return value
                case .failure(let error): throw .rpc(error)
                }
            case .notification:
                // A subscription's notification can come before the reply: keep it for readLine.
                pendingNotifications.append(line)
            case .unreadable(let text):
                throw .protocolError(text)
            case .reply, .other:
                continue
            }
        }
    }

    /// The params of the next notification named `method` (e.g. "feed" after `subscribe`),
    /// skipping other lines.
    public func nextNotification(_ method: String) throws(GatewayClientError) -> JSONValue {
        while true {
            let line = try readLine()
            if case .notification(method, let message) = RPCExchange.classify(line) { return message["params"] ?? .null }
        }
    }

    public func send(_ line: String) throws(GatewayClientError) {
        guard RawSocket.writeLine(fd, line) else { throw .closed }
    }

    /// The next line from the gateway (a reply or a notification), without its newline.
    public func readLine() throws(GatewayClientError) -> String {
        if !pendingNotifications.isEmpty { return pendingNotifications.removeFirst() }
        return try readSocketLine()
    }

    /// The next line from the socket itself (`call` must not be handed back what it set aside).
    private func readSocketLine() throws(GatewayClientError) -> String {
        while true {
            if let line = buffer.nextLine() { return line }
            guard buffer.fill(from: fd) else { throw .closed }
        }
    }

    /// Joins this connection to a byte stream, as `coach bridge` joins its standard input and
    /// output for a mirror's ssh: bytes from `input` go to the gateway on a thread of their own
    /// (at its end the socket is half-closed, so the gateway still finishes its replies); the
    /// gateway's bytes go to `output`. Returns once the gateway's side has ended (or `output` is
    /// gone); the input thread may still wait on `input`, holding this client open.
    public func relay(input: Int32, output: Int32) {
        startDetachedThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0, RawSocket.writeAll(fd, chunk[..<count]) else { break }
            }
            shutdown(fd, Int32(SHUT_WR))
        }
        // Whatever a call already read past its reply goes first, as it came.
        let early = pendingNotifications.flatMap { Array($0.utf8) + [UInt8(ascii: "\n")] } + buffer.takeRest()
        pendingNotifications.removeAll()
        guard early.isEmpty || RawSocket.writeAll(output, early) else { return }
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0, RawSocket.writeAll(output, chunk[..<count]) else { return }
        }
    }
}
