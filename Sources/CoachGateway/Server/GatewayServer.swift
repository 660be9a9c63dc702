// GatewayServer: the Unix-socket listener. It claims the socket safely (lock, stale-socket check,
// 0600 before anyone can connect), accepts only the same user, and serves RequestRouter per line.

import CoachWire
#if canImport(Glibc)
import Glibc
#endif
import CoachCore
import Foundation
import NIOCore
import NIOPosix
import Synchronization

public final class GatewayServer: Sendable {
    public let location: SocketLocation
    private let channel: any Channel
    private let lock: InstanceLock?
    private let ownsSocketFile: Bool
    private let workoutWatch: Task<Void, Never>?
    private let broadcaster: FeedBroadcaster
    private let idleExit: IdleExitTimer?
    private let idleWatch: Task<Void, Never>?
    /// The one close: whoever calls `close()` first starts it, every caller waits for it, so the
    /// socket file is unlinked once (never a successor's) and the lock is free when any returns.
    private let closing = Mutex<Task<Void, Never>?>(nil)

    /// Claims the socket, then starts listening (for callers that need nothing in between).
    public static func start(gateway: Gateway, location: SocketLocation,
                             lineLimit: Int = LineFrameDecoder.defaultLimit) async throws -> GatewayServer {
        try await start(gateway: gateway, claim: SocketClaim.claim(location), lineLimit: lineLimit)
    }

    /// `idleExit`: close by itself after this long with no client connected and no workout
    /// ongoing (a gateway a one-shot command started); nil stays until told to stop.

    /// Starts listening on a claimed socket. Claim it before opening the store: a second gateway
    /// must be refused before it touches (and recovers) the running gateway's workout.
    public static func start(gateway: Gateway, claim: SocketClaim, lineLimit: Int = LineFrameDecoder.defaultLimit,
                             idleExit: Duration? = nil) async throws -> GatewayServer {
        let location = claim.location
        let idle = idleExit.map(IdleExitTimer.init(after:))
        let router = RequestRouter(gateway: gateway)
        let feed = gateway.displays.feed
        let broadcaster = FeedBroadcaster(lines: { await feed.notificationLines() })
        FileLimit.raiseSoftLimitToHard()
        let memoryTrim = MemoryTrim()
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelInitializer { channel in
                // Out of descriptors (EMFILE), accept4 fails at once and epoll reports the listener
                // readable again: without a pause the loop spins at 100 % of a core. Wait, then retry;
                // connected clients are served meanwhile.
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(AcceptPause())
                }
            }
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelOption(.writeBufferWaterMark, value: .init(low: 64 * 1024, high: 256 * 1024))
            .childChannelInitializer { channel in
                memoryTrim.track(channel)
                if let idle {
                    idle.clientConnected()
                    channel.closeFuture.whenComplete { _ in idle.clientDisconnected() }
                }
                return channel.eventLoop.makeCompletedFuture {
                    // First: another uid is refused (-32003) and closed once the channel is active.
                    try channel.pipeline.syncOperations.addHandler(PeerUIDGate())
                    let limit = LineLimit(lineLimit)
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder(limit: limit)))
                    try channel.pipeline.syncOperations.addHandler(ConnectionHandler(router: router, broadcaster: broadcaster, lineLimit: limit))
                }
            }

        let channel: any Channel
        var owns = false
        if let inherited = claim.inheritedDescriptor {
            channel = try await bootstrap.withBoundSocket(inherited).get()
        } else {
            // The socket file is created by bind(); with this umask it is 0600 from its first instant.
            let previous = umask(0o177)
            defer { umask(previous) }
            do {
                channel = try await bootstrap.bind(unixDomainSocketPath: location.path).get()
            } catch {
                throw GatewayStartError.bind(location.path, "\(error)")
            }
            chmod(location.path, 0o600)
            owns = true
        }
        // The links this gateway offers to mirrors (`coach mirror offer`) are served as its own connections.
        gateway.peers.installServer(socketPath: location.path) { descriptor, label in
            try await serve(descriptor: descriptor, offeredTo: label, router: router, broadcaster: broadcaster, lineLimit: lineLimit, idle: idle)
        }
        return GatewayServer(location: location, channel: channel, lock: claim.lock, ownsSocketFile: owns, gateway: gateway,
                             broadcaster: broadcaster, idleExit: idle)
    }

    private init(location: SocketLocation, channel: any Channel, lock: InstanceLock?, ownsSocketFile: Bool, gateway: Gateway,
                 broadcaster: FeedBroadcaster, idleExit: IdleExitTimer?) {
        self.broadcaster = broadcaster
        self.idleExit = idleExit
        self.idleWatch = idleExit.map { idle in
            Task {
                // A source elsewhere may keep it up (a mirror: its primary's workout may start any time).
                for await _ in idle.reached where idle.isIdle && !gateway.source.keepsGatewayUp {
                    print("coach gateway: no workout and no client for \(idle.after.seconds) s: exiting")
                    fflush(nil)
                    try? await channel.close()
                    return
                }
            }
        }
        self.location = location
        self.channel = channel
        self.lock = lock
        self.ownsSocketFile = ownsSocketFile
        // The idle exit counts a workout in progress as activity; without an idle exit nothing
        // needs to follow the feed here (status bars get each elapsed second from the pump itself).
        self.workoutWatch = idleExit.map { idle in
            Task {
                for await content in await gateway.displays.feed.contents() {
                    idle.workout(ongoing: [.countdown, .running, .paused, .stopping].contains(content.state.phase))
                }
            }
        }
    }

    /// Resolves when the listener has closed.
    public func waitUntilClosed() async {
        try? await channel.closeFuture.get()
    }

    /// Stops accepting, removes the socket file we created, and releases the lock.
    public func close() async {
        let task = closing.withLock { task in
            if let task { return task }
            let started = Task { [self] in
                workoutWatch?.cancel()
                broadcaster.stop()
                idleExit?.cancel()
                idleWatch?.cancel()
                try? await channel.close()
                if ownsSocketFile { unlink(location.path) }
                lock?.release()
            }
            task = started
            return started
        }
        await task.value
    }

    /// Serves a socket this gateway connected itself (the stream of a mirroring offer) as one of
    /// its connections: the same framing and handler as an accepted one, marked as that offer's.
    private static func serve(descriptor: Int32, offeredTo label: String, router: RequestRouter, broadcaster: FeedBroadcaster,
                              lineLimit: Int, idle: IdleExitTimer?) async throws -> ServedConnection {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelOption(.allowRemoteHalfClosure, value: true)
            .channelInitializer { channel in
                // A mirror on the link is a client: a gateway with an idle exit stays while it mirrors.
                if let idle {
                    idle.clientConnected()
                    channel.closeFuture.whenComplete { _ in idle.clientDisconnected() }
                }
                return channel.eventLoop.makeCompletedFuture {
                    let limit = LineLimit(lineLimit)
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder(limit: limit)))
                    try channel.pipeline.syncOperations.addHandler(ConnectionHandler(router: router, broadcaster: broadcaster,
                                                                                    lineLimit: limit, offeredTo: label))
                }
            }
            .withConnectedSocket(descriptor).get()
        return ServedConnection(
            write: { text in
                var buffer = channel.allocator.buffer(capacity: text.utf8.count + 1)
                buffer.writeString(text + "\n")
                channel.writeAndFlush(buffer, promise: nil)
            },
            close: { channel.close(promise: nil) },
            onClose: { handler in channel.closeFuture.whenComplete { _ in handler() } })
    }

    // MARK: - Safety checks

    /// A socket file whose connect() is refused is a leftover of a killed gateway: remove it. One
    /// that answers is never touched (another program may be using that path).
    static func removeStaleSocket(at location: SocketLocation) throws(GatewayStartError) {
        var info = stat()
        guard lstat(location.path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFSOCK else {
            throw .bind(location.path, "a file that is not a socket is in the way; move it or pass --socket PATH")
        }
        switch RawSocket.probe(location.path) {
        case .answers: throw .inUseByAnotherProgram(location.path)
        case .refused, .missing: unlink(location.path)
        }
    }
}
