// Ordered, group-committed journal writes. Entries are queued synchronously on the manager (so
// their order is the order of the transitions), and whoever finds the writer idle writes
// everything queued so far in one batch: many concurrent samples cost one fsync, not one each.
// A batch that fails stays queued and is retried on a timer with backoff (and by the next
// change, and once more at shutdown), so a full disk that frees up loses nothing.

import Synchronization

/// How long to wait before retrying a failed write: doubling from `initial` up to `maximum`.
public struct JournalRetryPolicy: Sendable, Hashable {
    public var initial: Duration
    public var maximum: Duration

    public init(initial: Duration = .milliseconds(250), maximum: Duration = .seconds(15)) {
        self.initial = initial
        self.maximum = maximum
    }

    public func delay(afterFailures failures: Int) -> Duration {
        var delay = initial
        for _ in 1..<Swift.max(failures, 1) where delay < maximum { delay = delay * 2 }
        return Swift.min(delay, maximum)
    }
}

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
        /// Failed attempts in a row (0 once a write succeeds): sets the retry delay.
        var failures = 0
        var retryPending = false
        var retry: Task<Void, Never>?
        var closed = false
    }

    private let journal: any WorkoutJournal
    private let retryPolicy: JournalRetryPolicy
    private let sleep: @Sendable (Duration) async throws -> Void
    private let state = Mutex(State())

    init(journal: any WorkoutJournal, retryPolicy: JournalRetryPolicy = JournalRetryPolicy(),
         sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) {
        self.journal = journal
        self.retryPolicy = retryPolicy
        self.sleep = sleep
    }

    /// Queues writes in order and returns the ticket to wait for. Never suspends.
    func enqueue(_ writes: [JournalWrite]) -> Int {
        state.withLock { state in
            state.queued += writes
            state.lastQueued += writes.count
            return state.lastQueued
        }
    }

    /// The ticket of everything queued so far: waiting for it waits for every earlier write.
    var lastTicket: Int { state.withLock { $0.lastQueued } }

    /// Returns once every write up to `ticket` is durable; throws the store's error otherwise.
    /// Failed writes stay queued and are retried, so nothing is dropped.
    func waitDurable(_ ticket: Int) async throws {
        let becomeWriter = state.withLock { state -> Bool in
            if state.writing || state.lastWritten >= ticket { return false }
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

    /// Tries once more to write everything queued (graceful shutdown), then stops retrying.
    func close() async throws {
        defer {
            let retry = state.withLock { state -> Task<Void, Never>? in
                state.closed = true
                defer { state.retry = nil }
                return state.retry
            }
            retry?.cancel()
        }
        try await waitDurable(lastTicket)
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
                    state.failures = 0
                    let ready = state.waiters.filter { $0.ticket <= state.lastWritten }
                    state.waiters.removeAll { $0.ticket <= state.lastWritten }
                    return ready
                }
                for waiter in ready { waiter.continuation.resume() }
            } catch {
                let (failed, delay) = state.withLock { state -> ([Waiter], Duration?) in
                    state.writing = false
                    state.lastError = error
                    state.failures += 1
                    defer { state.waiters.removeAll() }
                    guard !state.retryPending, !state.closed else { return (state.waiters, nil) }
                    state.retryPending = true
                    return (state.waiters, retryPolicy.delay(afterFailures: state.failures))
                }
                for waiter in failed { waiter.continuation.resume(throwing: error) }
                if let delay { scheduleRetry(after: delay) }
                return
            }
        }
    }

    /// One retry at a time: it waits, then writes whatever is still queued; a failure schedules
    /// the next one with a longer delay.
    private func scheduleRetry(after delay: Duration) {
        let task = Task { [weak self, sleep] in
            do { try await sleep(delay) } catch { return }
            guard let self else { return }
            let ticket = self.state.withLock { state -> Int in
                state.retryPending = false
                return state.lastQueued
            }
            try? await self.waitDurable(ticket)
        }
        // Kept only to cancel it at close; `retryPending` is what says a retry is on its way.
        let cancel = state.withLock { state -> Bool in
            state.retry = task
            return state.closed
        }
        if cancel { task.cancel() }
    }

    /// Writes not yet durable (after a failure): the store is behind by this many.
    var backlog: Int { state.withLock { $0.queued.count } }
}
