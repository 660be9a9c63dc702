// RetryTimer: the one pending reconnection of a mirror link (MirrorLink on the mirror,
// MirrorOffer on the primary), as MirrorLinkMachine's scheduleRetry / cancelRetry ask for it:
// scheduling again replaces the pending one, and a cancelled one never fires.

struct RetryTimer {
    private var pending: Task<Void, Never>?

    /// Runs `fire` after `delay`, instead of whatever was pending.
    mutating func schedule(after delay: Duration, _ fire: @escaping @Sendable () async -> Void) {
        pending?.cancel()
        pending = Task {
            try? await Task.sleep(for: delay)
            guard !Task.isCancelled else { return }
            await fire()
        }
    }

    mutating func cancel() {
        pending?.cancel()
        pending = nil
    }
}
