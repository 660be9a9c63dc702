// JSON-RPC 2.0 on the wire: the standard error codes, and the lines (request, result, error,
// notification) both ends write.

public struct RPCError: Error, Sendable, Hashable {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public static func parseError(_ detail: String) -> RPCError { RPCError(code: -32700, message: "Parse error: \(detail)") }
    public static func invalidRequest(_ detail: String) -> RPCError { RPCError(code: -32600, message: "Invalid request: \(detail)") }
    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: -32601, message: "Method not found: \(method) (see docs/protocol.md; try \"help\")")
    }
    public static func invalidParams(_ detail: String) -> RPCError { RPCError(code: -32602, message: "Invalid params: \(detail)") }
    public static func internalError(_ detail: String) -> RPCError { RPCError(code: -32603, message: "Internal error: \(detail)") }
    /// Application error: the store could not make a change durable.
    public static func storeError(_ code: String, _ detail: String) -> RPCError {
        RPCError(code: -32001, message: detail, data: ["code": .string(code)])
    }

    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("code", .number(Double(code))), ("message", .string(message))]
        if let data { members.append(("data", data)) }
        return .object(members)
    }
}

public enum RPCMessage {
    public static func request(id: Int, method: String, _ params: JSONValue) -> String {
        JSONValue.object([("jsonrpc", "2.0"), ("id", .number(Double(id))), ("method", .string(method)), ("params", params)]).serialized()
    }

    public static func result(id: JSONValue, _ result: JSONValue) -> String {
        JSONValue.object([("jsonrpc", "2.0"), ("id", id), ("result", result)]).serialized()
    }

    public static func error(id: JSONValue, _ error: RPCError) -> String {
        JSONValue.object([("jsonrpc", "2.0"), ("id", id), ("error", error.json)]).serialized()
    }

    /// A result whose number id is echoed as sent (`idText`, from RPCLine); otherwise as `result(id:_:)`.
    public static func result(id: JSONValue, idText: String?, _ result: JSONValue) -> String {
        guard let idText else { return self.result(id: id, result) }
        return #"{"jsonrpc":"2.0","id":"# + idText + #","result":"# + result.serialized() + "}"
    }

    /// An error whose number id is echoed as sent; otherwise as `error(id:_:)`.
    public static func error(id: JSONValue, idText: String?, _ error: RPCError) -> String {
        guard let idText else { return self.error(id: id, error) }
        return #"{"jsonrpc":"2.0","id":"# + idText + #","error":"# + error.json.serialized() + "}"
    }

    public static func notification(method: String, _ params: JSONValue) -> String {
        JSONValue.object([("jsonrpc", "2.0"), ("method", .string(method)), ("params", params)]).serialized()
    }
}
