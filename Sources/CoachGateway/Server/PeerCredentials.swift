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

/// The first handler of every connection: a peer whose uid is not the gateway's gets the -32003
/// line and is closed, and nothing it sent goes further. The check runs when the channel becomes
/// active: a write from the channel initializer would be held until then, and the initializer
/// waiting for it never let the channel become active — each refused peer kept its descriptor.
final class PeerUIDGate: ChannelInboundHandler, @unchecked Sendable {
    // @unchecked: NIO calls a handler only on its channel's event loop.
    typealias InboundIn = ByteBuffer

    private enum Verdict { case pending, allowed, refused }
    private var verdict = Verdict.pending
    private var held: [NIOAny] = []

    func channelActive(context: ChannelHandlerContext) {
        guard let credentials = PeerCheck.credentials(of: context.channel) else {
            allow(context)
            return
        }
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        credentials.whenComplete { result in
            let (gate, context) = loopBound.value
            if case .success(let peer) = result, peer.uid != getuid() {
                gate.refuse(context)
            } else {
                gate.allow(context)
            }
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch verdict {
        case .allowed: context.fireChannelRead(data)
        case .pending: held.append(data)
        case .refused: break
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if verdict == .allowed { context.fireChannelReadComplete() }
    }

    private func allow(_ context: ChannelHandlerContext) {
        verdict = .allowed
        context.fireChannelActive()
        let waiting = held
        held = []
        for data in waiting { context.fireChannelRead(data) }
        if !waiting.isEmpty { context.fireChannelReadComplete() }
    }

    private func refuse(_ context: ChannelHandlerContext) {
        verdict = .refused
        held = []
        let refusal = RPCMessage.error(id: .null, RPCError(code: -32003, message: "permission denied: this gateway belongs to uid \(getuid())"))
        let channel = context.channel
        channel.writeAndFlush(ConnectionHandler.line(refusal, allocator: channel.allocator)).whenComplete { _ in
            channel.close(promise: nil)
        }
        // A peer that never reads cannot keep the descriptor: closed within a second regardless.
        channel.eventLoop.scheduleTask(in: .seconds(1)) { channel.close(promise: nil) }
    }
}
