// ReversedConnection: a mirror's calls to its primary over a connection the primary opened (a
// mirroring offer). The primary connected to this gateway as a client and sent `mirror.accept`;
// from then on the roles are reversed on that very connection: this gateway sends requests, the
// primary answers them and sends its notifications. The connection handler hands every line here
// (ConnectionControl.takeOver); calls are written through the same control. The primary's first
// line, `mirror.ready`, says it serves: no call is sent before it, so none can overtake the reply
// to `mirror.accept`.

import CoachWire
import Synchronization

final class ReversedConnection: GatewayConnection, Sendable {
    private let control: ConnectionControl
    private let state = Mutex(State())
    let notifications: AsyncStream<JSONValue>
    private let continuation: AsyncStream<JSONValue>.Continuation

    private let calls = PendingCalls()

    private struct State {
        var ended = false
        var ready = false
        var readyWaiters: [CheckedContinuation<Bool, Never>] = []
    }

    init(control: ConnectionControl) {
        self.control = control
        (notifications, continuation) = AsyncStream.makeStream(of: JSONValue.self, bufferingPolicy: .bufferingNewest(256))
    }

    /// One line from the primary: the reply to a call, a notification, or its `mirror.ready`.
    func receive(_ line: String) {
        switch RPCExchange.classify(line) {
        case .reply(let id, let result): calls.resolve(id, with: result.mapError { .rpc($0) })
        case .notification(let method, let message):
            guard method == "mirror.ready" else { continuation.yield(message); return }
            let waiters = state.withLock { state in
                state.ready = true
                defer { state.readyWaiters = [] }
                return state.readyWaiters
            }
            waiters.forEach { $0.resume(returning: true) }
        case .unreadable, .other: break
        }
    }

    /// The connection closed: calls still waiting fail, the notifications finish.
    func ended() {
        let readyWaiters = state.withLock { state in
            state.ended = true
            defer { state.readyWaiters = [] }
            return state.readyWaiters
        }
        calls.endAll()
        readyWaiters.forEach { $0.resume(returning: false) }
        continuation.finish()
    }

    /// Waits for the primary's `mirror.ready` (false: the connection ended or `timeout` passed first).
    func waitUntilReady(timeout: Duration) async -> Bool {
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            self?.expireReadyWaiters()
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            let answer = state.withLock { state -> Bool? in
                if state.ready { return true }
                if state.ended { return false }
                state.readyWaiters.append(continuation)
                return nil
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }

    private func expireReadyWaiters() {
        let waiters = state.withLock { state in
            defer { state.readyWaiters = [] }
            return state.readyWaiters
        }
        waiters.forEach { $0.resume(returning: false) }
    }

    func call(_ method: String, _ params: JSONValue, timeout: Duration?) async throws(GatewayClientError) -> JSONValue {
        try await calls.call(method, params, timeout: timeout) { line in
            control.write(line, false)
            return true
        }
    }

    func close() { control.close() }
}
