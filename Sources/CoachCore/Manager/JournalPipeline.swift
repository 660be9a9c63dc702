// Ordered, group-committed journal writes. Entries are queued synchronously on the manager (so
// their order is the order of the transitions), and whoever finds the writer idle writes
// everything queued so far in one batch: many concurrent samples cost one fsync, not one each.

import Synchronization

final class JournalPipeline: Sendable {
    private struct Waiter {
        let ticket: Int
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var queued: [JournalWrite] = []
        var lastQueued = 0
        var lastWritten = 0
        var writing = false
        var waiters: [Waiter] = []
        var lastError: (any Error)?
    }

    private let journal: any WorkoutJournal
    private let state = Mutex(State())

    init(journal: any WorkoutJournal) { self.journal = journal }

    /// Queues writes in order and returns the ticket to wait for. Never suspends.
    func enqueue(_ writes: [JournalWrite]) -> Int {
        state.withLock { state in
            state.queued += writes
            state.lastQueued += writes.count
            return state.lastQueued
        }
    }

    /// Returns once every write up to `ticket` is durable; throws the store's error otherwise.
    /// Failed writes stay queued and are retried with the next batch, so nothing is dropped.
    func waitDurable(_ ticket: Int) async throws {
        let becomeWriter = state.withLock { state -> Bool in
            if state.writing { return false }
            state.writing = true
            return true
        }
        if becomeWriter { await drain() }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let result = state.withLock { state -> Result<Void, any Error>? in
                if state.lastWritten >= ticket { return .success(()) }
                if !state.writing, let error = state.lastError { return .failure(error) }
                state.waiters.append(Waiter(ticket: ticket, continuation: continuation))
                return nil
            }
            if let result { continuation.resume(with: result) }
        }
    }

    /// Writes batches until the queue is empty or a write fails.
    private func drain() async {
        while true {
            let batch = state.withLock { state -> [JournalWrite]? in
                if state.queued.isEmpty {
                    state.writing = false
                    return nil
                }
                return state.queued
            }
            guard let batch else { return }
            do {
                try await journal.write(batch)
                let ready = state.withLock { state -> [Waiter] in
                    state.queued.removeFirst(batch.count)
                    state.lastWritten += batch.count
                    state.lastError = nil
                    let ready = state.waiters.filter { $0.ticket <= state.lastWritten }
                    state.waiters.removeAll { $0.ticket <= state.lastWritten }
                    return ready
                }
                for waiter in ready { waiter.continuation.resume() }
            } catch {
                let failed = state.withLock { state -> [Waiter] in
                    state.writing = false
                    state.lastError = error
                    defer { state.waiters.removeAll() }
                    return state.waiters
                }
                for waiter in failed { waiter.continuation.resume(throwing: error) }
                return
            }
        }
    }

    /// Writes not yet durable (after a failure): the store is behind by this many.
    var backlog: Int { state.withLock { $0.queued.count } }
}
