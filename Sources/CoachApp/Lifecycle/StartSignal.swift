// StartSignal: how a service's start came out, handed to whoever waits — the next service (which
// starts only after this one is up) and GatewayApp.start (which returns once the last one is).
// Resolved once; a waiter whose task is cancelled (graceful shutdown before its turn) stops waiting.

import Synchronization

final class StartSignal: Sendable {
    enum Outcome: Sendable, Equatable {
        /// Started: the next one may start.
        case up
        /// An optional service that could not start (one line in the log): the next one starts anyway.
        case skipped
        /// A required one could not start: nothing after it starts, the group shuts down.
        case failed
        /// The gateway is shutting down before this one's turn: nothing after it starts.
        case shutDown

        /// Whether what comes after may start.
        var letsNextStart: Bool { self == .up || self == .skipped }
    }

    private struct State {
        var outcome: Outcome?
        var waiters: [Int: CheckedContinuation<Outcome, Never>] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    /// The first call decides; later ones do nothing.
    func resolve(_ outcome: Outcome) {
        let waiters = state.withLock { state -> [CheckedContinuation<Outcome, Never>] in
            guard state.outcome == nil else { return [] }
            state.outcome = outcome
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: outcome) }
    }

    /// The outcome once there is one; `.shutDown` when the waiting task is cancelled first.
    func outcome() async -> Outcome {
        let id = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
                let now = state.withLock { state -> Outcome? in
                    if let outcome = state.outcome { return outcome }
                    if Task.isCancelled { return .shutDown }
                    state.waiters[id] = continuation
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(returning: .shutDown)
        }
    }
}
