// RPCExchange: the client's side of JSON-RPC lines, with no I/O — numbering the requests it sends
// and sorting what comes back into replies (matched by id) and notifications. The blocking and the
// async faces of the client both read the gateway through it.

public struct RPCExchange: Sendable {
    /// One line from the gateway, sorted.
    public enum Incoming: Sendable {
        /// The answer to request `id`: its result, or the error the gateway gave.
        case reply(id: Int, Result<JSONValue, RPCError>)
        /// `event`, `status`, `feed`, `disconnect`…: the whole message.
        case notification(method: String, message: JSONValue)
        /// Not JSON at all.
        case unreadable(String)
        /// JSON that is neither (an error without an id, such as the uid refusal).
        case other(JSONValue)
    }

    private var lastID = 0

    public init() {}

    /// The next request's id and its line (without the newline).
    public mutating func request(_ method: String, _ params: JSONValue) -> (id: Int, line: String) {
        lastID += 1
        return (lastID, RPCMessage.request(id: lastID, method: method, params))
    }

    public static func classify(_ line: String) -> Incoming {
        guard let message = try? JSONValue(parsing: line) else { return .unreadable(line) }
        if let method = message["method"]?.stringValue, message["id"] == nil { return .notification(method: method, message: message) }
        guard let id = message["id"]?.intValue else { return .other(message) }
        if let error = message["error"] {
            return .reply(id: id, .failure(RPCError(code: error["code"]?.intValue ?? 0,
                                                    message: error["message"]?.stringValue ?? "error", data: error["data"])))
        }
        return .reply(id: id, .success(message["result"] ?? .null))
    }
}
