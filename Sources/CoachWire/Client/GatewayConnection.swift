// GatewayConnection: one JSON-RPC connection to a gateway, whatever carries it — the Unix socket or
// an ssh child's socket pair (AsyncGatewayClient), or a call into a gateway in this very process
// (CoachGateway's InProcessConnection). What sits above the transport, the REPL's one backend, is
// written against this, so the embedded and the client REPL take the same path.

public protocol GatewayConnection: AnyObject, Sendable {
    /// Sends a request and waits for its result — at most `timeout`, when given and the transport
    /// can lose a request (an in-process call cannot).
    func call(_ method: String, _ params: JSONValue, timeout: Duration?) async throws(GatewayClientError) -> JSONValue
    /// Notifications after `subscribe` (`event`, `status`, `feed`…): the whole message. Finishes
    /// when the connection ends.
    var notifications: AsyncStream<JSONValue> { get }
    /// Ends the connection: waiting calls fail with `closed`, `notifications` finishes.
    func close()
}

extension AsyncGatewayClient: GatewayConnection {}
