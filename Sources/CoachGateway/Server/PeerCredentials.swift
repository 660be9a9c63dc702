// SO_PEERCRED: who is on the other end of a Unix socket, as the kernel saw it at connect time.
// Root bypasses file permissions, so the 0600 socket alone would not keep root's tools out of a
// user's gateway, nor a user's out of root's: the uid check does.

#if canImport(Glibc)
import Glibc
#endif
import NIOCore

/// `struct ucred` from <sys/socket.h> (only declared under _GNU_SOURCE, so spelled out here).
struct PeerCredentials: Sendable {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
}

enum PeerCheck {
    /// Linux's SO_PEERCRED option number.
    static let soPeerCred: Int32 = 17

    static func credentials(of channel: any Channel) -> EventLoopFuture<PeerCredentials>? {
        guard let provider = channel as? any SocketOptionProvider else { return nil }
        return provider.unsafeGetSocketOption(level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(soPeerCred))
    }
}
