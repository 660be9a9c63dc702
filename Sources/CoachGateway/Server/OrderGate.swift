// OrderGate: a one-shot latch between a connection's requests. The connection starts request k+1
// only once request k has taken its place in order — when it finished, or earlier when a sample
// was queued for the journal (`RequestRouter.reply(ordered:)`). Pipelined samples then wait for
// their commits together and share one fsync (group commit), while every reply is still written
// only after its own commit, in the order the requests came.

import Synchronization

final class OrderGate: Sendable {
    private enum State {
        case closed(waiter: CheckedContinuation<Void, Never>?)
        case open
    }

    private let state = Mutex(State.closed(waiter: nil))

    /// Opens the gate; the second and later calls do nothing.
    func open() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard case .closed(let waiter) = state else { return nil }
            state = .open
            return waiter
        }
        waiter?.resume()
    }

    /// Returns once the gate is open. One waiter at a time (the connection's processing loop).
    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isOpen = state.withLock { state -> Bool in
                switch state {
                case .open: return true
                case .closed(let waiter):
                    precondition(waiter == nil, "OrderGate has one waiter")
                    state = .closed(waiter: continuation)
                    return false
                }
            }
            if isOpen { continuation.resume() }
        }
    }
}
