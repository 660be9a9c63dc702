// InProcessConnection: a connection to a gateway in this very process — the route table, a
// session of its own (its conversation, who it is, its subscription), the same results and
// notifications a socket client gets, without the socket. The embedded REPL talks to its gateway
// through it, so it takes the path the client REPL takes over the socket.

import CoachWire
import CoachCore
import Synchronization

public final class InProcessConnection: GatewayConnection {
    public let notifications: AsyncStream<JSONValue>
    private let router: RequestRouter
    private let session: ConnectionSession
    private let outlet: Outlet

    /// `identity`: who the requests are from; a front end of this process (the REPL) is the user.
    public init(gateway: Gateway, identity: ClientIdentity = .user) {
        let (stream, continuation) = AsyncStream.makeStream(of: JSONValue.self, bufferingPolicy: .bufferingNewest(256))
        let outlet = Outlet(continuation: continuation, gateway: gateway)
        notifications = stream
        router = RequestRouter(gateway: gateway)
        session = ConnectionSession { outlet.subscribe($0) }
        session.identify(as: identity)
        self.outlet = outlet
    }

    deinit { close() }

    public func call(_ method: String, _ params: JSONValue = .object([]),
                     timeout: Duration? = nil) async throws(GatewayClientError) -> JSONValue {
        guard !outlet.isClosed else { throw .closed }
        do {
            return try await router.dispatch(method, params, session: session)
        } catch let error as RPCError {
            throw .rpc(error)
        } catch {
            throw .rpc(.internalError("\(error)"))
        }
    }

    public func close() {
        guard outlet.close() else { return }
        // As when a socket closes: a long poll waiting on this connection learns it at once.
        session.closed()
    }

    /// Where the subscription's notifications go: the connection's stream, as whole messages.
    private final class Outlet: Sendable {
        private let continuation: AsyncStream<JSONValue>.Continuation
        private let gateway: Gateway
        private let state = Mutex<(task: Task<Void, Never>?, closed: Bool)>((nil, false))

        init(continuation: AsyncStream<JSONValue>.Continuation, gateway: Gateway) {
            self.continuation = continuation
            self.gateway = gateway
        }

        var isClosed: Bool { state.withLock { $0.closed } }

        /// Replaces the subscription (nil: none), as `subscribe` and `unsubscribe` do on a socket.
        func subscribe(_ request: SubscriptionRequest?) {
            let task = request.map { request in
                let continuation = self.continuation
                let published = Subscription.start(request, gateway: gateway) { method, params in
                    let message: JSONValue = ["jsonrpc": "2.0", "method": .string(method), "params": params]
                    if case .terminated = continuation.yield(message) { return false }
                    return true
                }
                return Task { [gateway] in
                    await withTaskCancellationHandler {
                        // The feed's lines, which the socket's FeedBroadcaster writes for its connections.
                        guard request.feed else { return await published.value }
                        for await line in await gateway.displays.feed.notificationLines() {
                            guard let message = try? JSONValue(parsing: line) else { continue }
                            if case .terminated = continuation.yield(message) { break }
                        }
                        published.cancel()
                    } onCancel: {
                        published.cancel()
                    }
                }
            }
            let previous = state.withLock { state -> Task<Void, Never>? in
                defer { state.task = state.closed ? nil : task }
                return state.task
            }
            previous?.cancel()
            if isClosed { task?.cancel() }
        }

        /// True the first time: the subscription stops and the stream finishes.
        func close() -> Bool {
            let task = state.withLock { state -> Task<Void, Never>?? in
                guard !state.closed else { return .none }
                state.closed = true
                defer { state.task = nil }
                return .some(state.task)
            }
            guard let task else { return false }
            task?.cancel()
            continuation.finish()
            return true
        }
    }
}
