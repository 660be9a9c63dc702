// GatewayClient: a blocking JSON-RPC client over the Unix socket, for one-shot commands and the
// REPL in client mode. No event loop: connect, write a line, read lines.

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

    public var description: String {
        switch self {
        case .unreachable(let path, let why):
            return "no gateway answers on \(path) (\(why)). Start one with `coach serve`, or run `coach` for the REPL."
        case .untrusted(let refusal): return refusal.description
        case .closed: return "the gateway closed the connection"
        case .protocolError(let detail): return "unexpected reply from the gateway: \(detail)"
        case .rpc(let error): return error.message
        }
    }
}

/// Not thread-safe: use one client from one thread at a time (it may be handed to another thread).
public final class GatewayClient: @unchecked Sendable {
    public let location: SocketLocation
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var nextID = 0
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
        nextID += 1
        let id = nextID
        try send(RPCMessage.request(id: id, method: method, params))
        while true {
            let line = try readSocketLine()
            let message: JSONValue
            do { message = try JSONValue(parsing: line) } catch { throw .protocolError(line) }
            guard message["id"]?.doubleValue == Double(id) else {
                // A subscription's notification can come before the reply: keep it for readLine.
                if message["method"] != nil { pendingNotifications.append(line) }
                continue
            }
            if let error = message["error"] {
                throw .rpc(RPCError(code: error["code"]?.intValue ?? 0, message: error["message"]?.stringValue ?? "error",
                                    data: error["data"]))
            }
            return message["result"] ?? .null
        }
    }

    /// The params of the next notification named `method` (e.g. "feed" after `subscribe`),
    /// skipping other lines.
    public func nextNotification(_ method: String) throws(GatewayClientError) -> JSONValue {
        while true {
            let line = try readLine()
            if let message = try? JSONValue(parsing: line), message["method"]?.stringValue == method {
                return message["params"] ?? .null
            }
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
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .closed }
            buffer.append(contentsOf: chunk[..<count])
        }
    }
}
