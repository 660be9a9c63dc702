// File descriptors: every client connection costs one. At start the soft RLIMIT_NOFILE is raised to
// the hard limit (systemd's default soft limit is 1024, the hard one 524288); at the limit, accepting
// pauses for `acceptBackoff` instead of spinning, and the first failure is logged once.

#if canImport(Glibc)
import Glibc
#endif
import NIOCore
import Synchronization

enum FileLimit {
    /// How long accepting pauses after accept4 failed (EMFILE, ENFILE, ENOBUFS…).
    static let acceptBackoff = TimeAmount.milliseconds(250)

    private static let logged = Atomic<Bool>(false)

    /// The soft limit raised to the hard one; returns the limit now in force.
    @discardableResult
    static func raiseSoftLimitToHard() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return -1 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur > rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }

    static func noteAcceptFailure(_ error: IOError) {
        guard !logged.exchange(true, ordering: .relaxed) else { return }
        GatewayLog.note("cannot accept a connection (\(error)): pausing accepts for \(acceptBackoff.nanoseconds / 1_000_000) ms at a time; "
            + "connected clients are still served (logged once)")
    }
}
