// The gateway's side of SO_PEERCRED (CoachWire's PeerCredentials): the credentials of an accepted
// connection through NIO. Root bypasses file permissions, so the 0600 socket alone would not keep
// root's tools out of a user's gateway, nor a user's out of root's: the uid check does.

#if canImport(Glibc)
import Glibc
#endif
import CoachWire
import NIOCore

enum PeerCheck {
    static func credentials(of channel: any Channel) -> EventLoopFuture<PeerCredentials>? {
        guard let provider = channel as? any SocketOptionProvider else { return nil }
        return provider.unsafeGetSocketOption(level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(PeerCredentials.optionName))
    }
}
