// MemoryTrim: hands the C heap's free pages back to the system once many connections have gone.
// glibc keeps freed memory for reuse: after 50 stuck subscribers were dropped (each had ~256 kB of
// unwritten notifications queued), the gateway's RSS stayed 23 MB higher for good. malloc_trim(0)
// releases free pages in every arena. It walks the heap (about a millisecond here), so it runs
// only after a large drop in open connections, not on every close (a status bar polling once a
// second opens and closes a connection each time).

import Glibc
import NIOCore
import Synchronization

/// When to trim: after `minimumDrop` connections closed since the most open at once.
struct TrimPolicy: Sendable, Hashable {
    let minimumDrop: Int
    private(set) var open = 0
    private(set) var peak = 0

    init(minimumDrop: Int) { self.minimumDrop = minimumDrop }

    mutating func opened() {
        open += 1
        peak = Swift.max(peak, open)
    }

    /// True when this close makes the drop large enough: trim (and count from here again).
    mutating func closed() -> Bool {
        open = Swift.max(open - 1, 0)
        guard peak - open >= minimumDrop else { return false }
        peak = open
        return true
    }
}

/// The policy around the server's connections; the trim runs a second after the drop, on the
/// closing channel's event loop, once the closed channels' buffers have been released.
final class MemoryTrim: Sendable {
    private let policy: Mutex<TrimPolicy>
    private let pending = Atomic(false)

    init(minimumDrop: Int = 32) { policy = Mutex(TrimPolicy(minimumDrop: minimumDrop)) }

    func track(_ channel: any Channel) {
        policy.withLock { $0.opened() }
        channel.closeFuture.whenComplete { _ in
            guard self.policy.withLock({ $0.closed() }),
                  !self.pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
            channel.eventLoop.scheduleTask(in: .seconds(1)) {
                self.pending.store(false, ordering: .releasing)
                _ = Self.mallocTrim?(0)
            }
        }
    }

    /// glibc's malloc_trim, looked up once (malloc.h is not in Swift's Glibc module); nil elsewhere.
    private static let mallocTrim: (@convention(c) (Int) -> Int32)? = {
        guard let symbol = dlsym(nil, "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)
    }()
}
