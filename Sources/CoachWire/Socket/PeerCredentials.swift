// SO_PEERCRED: who is on the other end of a Unix socket, as the kernel saw it at connect time. The
// gateway checks its clients with it and every client checks the gateway (GatewayTrust). Root
// bypasses file permissions, so the socket's mode alone keeps no one out: the uid check does.

#if canImport(Glibc)
import Glibc
#endif

/// `struct ucred` from <sys/socket.h> (only declared under _GNU_SOURCE, so spelled out here).
public struct PeerCredentials: Sendable, Hashable {
    public var pid: Int32 = 0
    public var uid: UInt32 = 0
    public var gid: UInt32 = 0

    public init() {}

    /// Linux's SO_PEERCRED option number.
    public static let optionName: Int32 = 17

    /// The credentials of the peer of a connected Unix socket; nil if they cannot be read.
    public static func of(_ fd: Int32) -> PeerCredentials? {
        var credentials = PeerCredentials()
        var length = socklen_t(MemoryLayout<PeerCredentials>.size)
        guard getsockopt(fd, SOL_SOCKET, optionName, &credentials, &length) == 0,
              Int(length) == MemoryLayout<PeerCredentials>.size
        else { return nil }
        return credentials
    }
}
