// File descriptors: every client connection costs one. At start the soft RLIMIT_NOFILE is raised to
// the hard limit (systemd's default soft limit is 1024, the hard one 524288); at the limit, accepting
// pauses for `acceptBackoff` instead of spinning (AcceptPause), and the first failure is logged once.

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

/// On the listening channel: when accept fails (EMFILE, ENFILE, ENOBUFS…), stop reading the
/// listener for `FileLimit.acceptBackoff`, then read again. NIO's AcceptBackoffHandler does not help
/// here: after a failed accept the server channel keeps its read pending, never asks for another
/// read (which that handler delays) and stays registered for readable — measured: 48 000 failed
/// accept4 calls in 3 s. Turning autoRead off unregisters the listener; on again re-registers it.
final class AcceptPause: ChannelInboundHandler, @unchecked Sendable {
    // @unchecked: NIO calls a handler only on its channel's event loop.
    typealias InboundIn = any Channel
    private var paused = false

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let failure = error as? IOError else {
            context.fireErrorCaught(error)
            return
        }
        FileLimit.noteAcceptFailure(failure)
        guard !paused else { return }
        paused = true
        let channel = context.channel
        channel.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in }
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        context.eventLoop.scheduleTask(in: FileLimit.acceptBackoff) {
            loopBound.value.paused = false
            channel.setOption(ChannelOptions.autoRead, value: true).whenComplete { _ in }
        }
    }
}
