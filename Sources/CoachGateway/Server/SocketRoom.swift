// Whether a notification may go into a subscriber's socket now and still leave room for the
// `disconnect` notice after it. A line cannot be put ahead of bytes already in the kernel's send
// queue, and NIO drops what it still holds when the connection closes; so the notice reaches a
// subscriber that stopped reading only if the kernel can take it when the subscriber is dropped.
// A notification is therefore written only while NIO holds nothing for the connection and the
// kernel's send buffer (SO_MEMINFO: what is queued against what may be) keeps `reserve` free after
// it; otherwise it is skipped, as it was when the channel was not writable. Unix and TCP alike.

import NIOCore
#if canImport(Glibc)
import Glibc
#endif

enum SocketRoom {
    /// Kernel bytes kept free for the notice: its line plus the kernel's bookkeeping per write
    /// (an skb costs several hundred bytes besides its data).
    static let reserve = 8 * 1024

    /// On the channel's event loop: true if `bytes` may be written now (see above).
    static func fits(_ bytes: Int, channel: any Channel) -> Bool {
        guard channel.isWritable else { return false }
        if let held = try? channel.syncOptions?.getOption(ChannelOptions.bufferedWritableBytes), held > 0 { return false }
        guard let memory = memory(of: channel) else { return true }
        // The kernel's cost of a write is its data and an skb around it: twice the data bounds it.
        return memory.queued + 2 * bytes + reserve < memory.limit
    }

    /// Bytes queued in the socket's send buffer, and its limit; nil where SO_MEMINFO is not read.
    private static func memory(of channel: any Channel) -> (queued: Int, limit: Int)? {
        #if os(Linux)
        guard let provider = channel as? any SocketOptionProvider else { return nil }
        let box = ResultBox()
        // Completed at once on the event loop (NIO reads the option in place there).
        provider.unsafeGetSocketOption(level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(soMemInfo))
            .whenSuccess { (info: MemInfo) in box.value = info }
        guard let info = box.value else { return nil }
        // SK_MEMINFO_WMEM_ALLOC (2), _SNDBUF (3), _WMEM_QUEUED (5): a Unix socket counts what
        // waits in WMEM_ALLOC, TCP in WMEM_QUEUED.
        return (Int(max(info.2, info.5)), Int(info.3))
        #else
        return nil
        #endif
    }

    /// SO_MEMINFO from <asm-generic/socket.h>; Glibc does not export it.
    private static let soMemInfo: Int32 = 55
    /// The SK_MEMINFO_VARS (9) counters of <linux/sock_diag.h>.
    private typealias MemInfo = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

    private final class ResultBox: @unchecked Sendable {
        // @unchecked: set and read on the one event loop thread, in the same call.
        var value: MemInfo?
    }
}
