// PendingCalls: the calls a client connection has sent and waits on — ids from RPCExchange, each
// call's outcome delivered once, whichever comes first of its reply, its timeout or the end of the
// connection. Shared by AsyncGatewayClient (a socket a thread reads) and a mirror's reversed
// connection (lines a gateway's connection handler hands over); the writing is theirs.

import Synchronization

public final class PendingCalls: Sendable {
    private let state = Mutex(State())

    private struct State {
        var exchange = RPCExchange()
        var waiting: [Int: Waiter] = [:]
        var ended = false
    }

    private struct Waiter {
        var continuation: CheckedContinuation<Result<JSONValue, GatewayClientError>, Never>
        var timer: Task<Void, Never>?
    }

    public init() {}

    /// Sends `method` through `write` (false: the line could not be written) and waits for its
    /// outcome — at most `timeout`, when given. After `endAll`, fails at once with `.closed`.
    public func call(_ method: String, _ params: JSONValue, timeout: Duration?,
                     write: (String) -> Bool) async throws(GatewayClientError) -> JSONValue {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<JSONValue, GatewayClientError>, Never>) in
            let request = state.withLock { state -> (id: Int, line: String)? in
                guard !state.ended else { return nil }
                let request = state.exchange.request(method, params)
                state.waiting[request.id] = Waiter(continuation: continuation)
                return request
            }
            guard let request else { return continuation.resume(returning: .failure(.closed)) }
            if let timeout {
                let timer = Task { [weak self] in
                    try? await Task.sleep(for: timeout)
                    guard !Task.isCancelled else { return }
                    self?.resolve(request.id, with: .failure(.timedOut))
                }
                let armed = state.withLock { state -> Bool in
                    guard state.waiting[request.id] != nil else { return false }
                    state.waiting[request.id]?.timer = timer
                    return true
                }
                if !armed { timer.cancel() }
            }
            if !write(request.line) { resolve(request.id, with: .failure(.closed)) }
        }
        return try result.get()
    }

    /// Hands a call its outcome, once (a reply for an id no longer waited on is dropped).
    public func resolve(_ id: Int, with result: Result<JSONValue, GatewayClientError>) {
        guard let waiter = state.withLock({ $0.waiting.removeValue(forKey: id) }) else { return }
        waiter.timer?.cancel()
        waiter.continuation.resume(returning: result)
    }

    /// The connection ended: every call still waiting fails with `.closed`, and so does any later one.
    public func endAll() {
        let waiting = state.withLock { state in
            state.ended = true
            defer { state.waiting = [:] }
            return Array(state.waiting.values)
        }
        for waiter in waiting {
            waiter.timer?.cancel()
            waiter.continuation.resume(returning: .failure(.closed))
        }
    }
}
