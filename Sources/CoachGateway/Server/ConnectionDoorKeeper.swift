// ConnectionDoorKeeper: ConnectionDoor's decisions performed on NIO channels, for a port whose
// clients send a request and wait for its answer (the browser page, the Wyoming port). The server's
// child initializer asks `admit` (closing whom the door says), `DoorByteCounter` at the front of each
// pipeline counts a request's bytes, the port's own handler says when a whole request arrived and
// when it was answered, and a sweep four times a second closes connections past the deadline.
// Every open connection is kept, streams too, so that `close` can end them all.

import NIOCore
import NIOPosix
import Synchronization

public final class ConnectionDoorKeeper: Sendable {
    private struct State {
        var door: ConnectionDoor<ObjectIdentifier>
        /// Every connection open now, streams included.
        var open: [ObjectIdentifier: any Channel] = [:]
        var sweep: RepeatedTask?
    }

    private let state: Mutex<State>
    public let limits: DoorLimits

    public init(limits: DoorLimits) {
        self.limits = limits
        state = Mutex(State(door: ConnectionDoor(limits: limits)))
        let task = MultiThreadedEventLoopGroup.singleton.next()
            .scheduleRepeatedTask(initialDelay: .milliseconds(250), delay: .milliseconds(250)) { [weak self] _ in self?.sweep() }
        state.withLock { $0.sweep = task }
    }

    /// Connections open now (streams included).
    public var openCount: Int { state.withLock { $0.open.count } }

    /// A new connection: false when it must be closed (the door is full of connections being
    /// answered); the connections it displaced are closed.
    public func admit(_ channel: any Channel) -> Bool {
        let id = ObjectIdentifier(channel)
        let peer = channel.remoteAddress?.ipAddress ?? "unknown"
        let displaced: [any Channel]? = state.withLock { state in
            guard case .admit(let closing) = state.door.arrive(id, peer: peer, now: .now) else { return nil }
            state.open[id] = channel
            return closing.compactMap { state.open[$0] }
        }
        guard let displaced else { return false }
        for victim in displaced { victim.close(promise: nil) }
        channel.closeFuture.whenComplete { _ in
            self.state.withLock {
                $0.door.leave(id)
                $0.open[id] = nil
            }
        }
        return true
    }

    func received(_ channel: any Channel, bytes: Int) {
        state.withLock { $0.door.received(ObjectIdentifier(channel), bytes: bytes) }
    }

    /// A whole request arrived on it.
    public func requestArrived(_ channel: any Channel) {
        state.withLock { $0.door.requestArrived(ObjectIdentifier(channel)) }
    }

    /// Its answer is sent and it stays open for another request.
    public func answered(_ channel: any Channel) {
        state.withLock { $0.door.answered(ObjectIdentifier(channel), now: .now) }
    }

    /// It became a stream: its port's own limit counts it from now on.
    public func becameStream(_ channel: any Channel) {
        state.withLock { $0.door.leave(ObjectIdentifier(channel)) }
    }

    /// Stops the sweep and closes every connection.
    public func closeAll() {
        let channels = state.withLock { state -> [any Channel] in
            state.sweep?.cancel()
            state.sweep = nil
            return Array(state.open.values)
        }
        for channel in channels { channel.close(promise: nil) }
    }

    private func sweep() {
        let late = state.withLock { state in state.door.expire(now: .now).compactMap { state.open[$0] } }
        for channel in late { channel.close(promise: nil) }
    }
}

/// First in a door-kept pipeline: counts the bytes of the request a connection is sending.
public final class DoorByteCounter: ChannelInboundHandler, Sendable {
    public typealias InboundIn = ByteBuffer
    public typealias InboundOut = ByteBuffer

    private let keeper: ConnectionDoorKeeper

    public init(keeper: ConnectionDoorKeeper) { self.keeper = keeper }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        keeper.received(context.channel, bytes: unwrapInboundIn(data).readableBytes)
        context.fireChannelRead(data)
    }
}
