// CommitSignal: wakes the readers of the change feed (`subscribe {"changes":true}`, `coach changes
// --follow`) when this process committed something, instead of having them poll the database.
// Writers in other processes (`coach import` on the same file) are caught by the readers' timeout.

import Synchronization

public final class CommitSignal: Sendable {
    private struct State {
        var generation: UInt64 = 0
        var nextWaiter = 0
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    public init() {}

    /// How many commits were signalled so far; pass it to `wait(after:timeout:)`.
    public var generation: UInt64 { state.withLock { $0.generation } }

    /// A commit happened: wakes every waiter.
    public func signal() {
        let waiters = state.withLock { state in
            state.generation &+= 1
            defer { state.waiters.removeAll() }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once a commit after `generation` was signalled, `timeout` passed, or the task was
    /// cancelled, whichever is first.
    public func wait(after generation: UInt64, timeout: Duration) async {
        let id = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            self?.wake(id)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    if state.generation != generation || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            wake(id)
        }
        timer.cancel()
    }

    private func wake(_ id: Int) {
        let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
        waiter?.resume()
    }
}
