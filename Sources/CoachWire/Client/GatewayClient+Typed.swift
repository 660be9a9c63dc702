// Calls that answer with their method's result type (Sources/CoachWire/Messages): a reply the type
// cannot read is a protocol error naming the method and the member, as any other unexpected reply.

extension WireMessage {
    /// `reply` read as this message; what it lacks is a protocol error of `method`.
    public static func decoding(_ reply: JSONValue, from method: String) throws(GatewayClientError) -> Self {
        do { return try Self(json: reply) } catch { throw .protocolError("\(method): \(error)") }
    }
}

extension GatewayClient {
    public func call<Message: WireMessage>(_ method: String, _ params: JSONValue = .object([]),
                                           as type: Message.Type) throws(GatewayClientError) -> Message {
        try Message.decoding(try call(method, params), from: method)
    }

    /// The next notification `method`, its params read as `type`.
    public func nextNotification<Message: WireMessage>(_ method: String, as type: Message.Type) throws(GatewayClientError) -> Message {
        try Message.decoding(try nextNotification(method), from: method)
    }
}

extension GatewayConnection {
    public func call<Message: WireMessage>(_ method: String, _ params: JSONValue = .object([]), timeout: Duration? = nil,
                                           as type: Message.Type) async throws(GatewayClientError) -> Message {
        try Message.decoding(try await call(method, params, timeout: timeout), from: method)
    }
}
