// One client connection: requests are answered strictly in order (pipelining allowed), replies are
// flushed when the client's queue runs dry, and subscriptions stream notifications as whole lines
// so they never split a reply. A subscriber that stops reading is dropped with a reason.
//
// Limits (docs/protocol.md, "Limits and failure behaviour"): at most `maximumInFlight` requests
// wait unanswered before the connection stops being read (backpressure: the client's writes block,
// nothing is queued without bound). After the client's EOF (half-close: `echo … | socat`) every
// request already read is performed and answered, then the connection closes. Once the client is
// gone, queued read-only requests are dropped; queued actions are still performed, in order, and
// logged (a `start` that was sent is never silently lost).

import CoachWire
import CoachCore
import CoachLanguage
import NIOCore
import Synchronization

final class ConnectionHandler: ChannelInboundHandler, @unchecked Sendable {
    // @unchecked: NIO calls every ChannelHandler method on the channel's event loop; the state
    // shared with the processing task is in `Shared`, which is Sendable.
    typealias InboundIn = InboundLine
    typealias OutboundOut = ByteBuffer

    /// Requests in flight (read, not yet answered) beyond which the socket is not read until they drain.
    public static let maximumInFlight = 64
    /// Notifications a subscriber may fall behind by before it is disconnected.
    static let maximumSubscriberBacklog = 256

    /// State the processing and subscription tasks share with the handler: each state machine
    /// under one lock, its step computed there and its effects performed after (ConnectionFlow.swift).
    private final class Shared: Sendable {
        let flow = Mutex(RequestFlow(maximumInFlight: ConnectionHandler.maximumInFlight))
        let subscription = Mutex<Task<Void, Never>?>(nil)
        let backlog = Mutex(SubscriberBacklog(limit: ConnectionHandler.maximumSubscriberBacklog))
        let outbox = Mutex(Outbox())
        /// Where every line goes once a route took the connection over (ConnectionControl).
        let takenOver = Mutex<(@Sendable (String) -> Void)?>(nil)
        /// Whether `takenOver` is set: one atomic load per line read, no lock, on every other connection.
        let isTakenOver = Atomic(false)
    }

    private let router: RequestRouter
    private let broadcaster: FeedBroadcaster
    private let lineLimit: Int
    private let shared = Shared()
    private var inbox: AsyncStream<Inbound>.Continuation?
    private var processor: Task<Void, Never>?
    private var needsFlush = false
    private var session: ConnectionSession?
    /// The decoder's limit, raised when the connection is taken over.
    private let sharedLimit: LineLimit
    /// Set on the link this gateway offered to a mirror (GatewayServer.serve): that connection is the user's.
    private let offeredTo: String?

    init(router: RequestRouter, broadcaster: FeedBroadcaster, lineLimit: LineLimit, offeredTo: String? = nil) {
        self.router = router
        self.broadcaster = broadcaster
        self.lineLimit = lineLimit.value
        self.sharedLimit = lineLimit
        self.offeredTo = offeredTo
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        let (stream, continuation) = AsyncStream.makeStream(of: Inbound.self)
        inbox = continuation
        let shared = self.shared
        let router = self.router
        let limit = lineLimit
        let broadcaster = self.broadcaster
        let sharedLimit = self.sharedLimit
        let control = ConnectionControl(
            write: { text, thenClose in
                channel.writeAndFlush(Self.line(text, allocator: channel.allocator)).whenComplete { _ in
                    if thenClose { channel.close(promise: nil) }
                }
                // A peer that does not read cannot keep the connection open.
                if thenClose { channel.eventLoop.scheduleTask(in: .seconds(1)) { channel.close(promise: nil) } }
            },
            close: { channel.close(promise: nil) },
            takeOver: { receiver in
                sharedLimit.raise(to: RequestRouter.maximumReplyBytes + 4096)
                shared.takenOver.withLock { $0 = receiver }
                shared.isTakenOver.store(true, ordering: .releasing)
            })
        let session = ConnectionSession(subscription: { request in
            ConnectionHandler.subscribe(request, channel: channel, router: router, broadcaster: broadcaster, shared: shared)
        }, control: control, offeredTo: offeredTo)
        // The link this gateway offered is the user's own doing (`coach mirror offer`).
        if offeredTo != nil { session.identify(as: .user) }
        self.session = session
        // Who is at the other end, to name an unnamed client by its executable (docs/permissions.md).
        PeerCheck.credentials(of: channel)?.whenSuccess { session.setPeerPID($0.pid) }
        processor = Task {
            // Replies are written by `writer` in the order the requests came. A request is started
            // once the one before it has taken its place (`OrderGate`): for pipelined samples that
            // is when the sample is queued for the journal, so their commits are shared.
            let (answers, answer) = AsyncStream.makeStream(of: Answer.self)
            let writer = Task {
                for await pending in answers {
                    let reply: String?
                    switch pending {
                    case .ready(let text): reply = text
                    case .pending(let work): reply = await work.value
                    }
                    // Replies ready while the event loop is busy go over in one hop (`Outbox`).
                    if shared.outbox.withLock({ $0.add(reply) }) {
                        channel.eventLoop.execute { Self.writeReplies(channel: channel, shared: shared) }
                    }
                }
            }
            for await item in stream {
                switch item {
                case .request(let request, let text):
                    if !channel.isActive {
                        // The client is gone: nobody reads the answer to a question; an action still happens.
                        if router.isReadOnly(request) { answer.yield(.ready(nil)); continue }
                        GatewayLog.note("performing a request from a client that has gone: \(text.prefix(120))")
                    }
                    let gate = OrderGate()
                    answer.yield(.pending(Task {
                        defer { gate.open() }
                        return await router.reply(to: request, session: session, ordered: { gate.open() })
                    }))
                    await gate.wait()
                case .tooLong(let bytes):
                    answer.yield(.ready(RPCMessage.error(id: .null, .invalidRequest(
                        "line of \(bytes) bytes is longer than the limit of \(limit) bytes; it was skipped"))))
                }
            }
            answer.finish()
            await writer.value
            // Every request read has been answered: after the client's EOF (half-close), close once
            // the replies are written (an empty write completes after every write before it).
            channel.eventLoop.execute {
                guard channel.isActive else { return }
                channel.writeAndFlush(channel.allocator.buffer(capacity: 0)).whenComplete { _ in channel.close(promise: nil) }
            }
            shared.subscription.withLock { $0?.cancel() }
            broadcaster.remove(channel)
            session.closed()
        }
    }

    /// On the event loop: writes the replies waiting in the outbox and counts each down in the
    /// same step — a request read meanwhile must see a reply not yet written as still queued, or
    /// the fast path could answer it first and break the order. One flush for them all.
    private static func writeReplies(channel: any Channel, shared: Shared) {
        let replies = shared.outbox.withLock { $0.take() }
        var flush = false, resumeReading = false
        for reply in replies {
            if let reply { channel.write(Self.line(reply, allocator: channel.allocator), promise: nil); flush = true }
            let next = shared.flow.withLock { $0.answered() }
            flush = flush || next.flush
            resumeReading = resumeReading || next.resumeReading
        }
        if flush { channel.flush() }
        if resumeReading {
            channel.setOption(ChannelOptions.autoRead, value: true).whenComplete { _ in channel.read() }
        }
    }

    /// What the processing task is handed: a line parsed once on the event loop (with its text,
    /// for the log), or a line that was too long to read.
    private enum Inbound: Sendable {
        case request(RequestLine, text: String)
        case tooLong(bytes: Int)
    }

    /// A reply in the writer's queue: known already, or still being worked out.
    private enum Answer: Sendable {
        case ready(String?)
        case pending(Task<String?, Never>)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            // The client will send nothing more (half-close): answer what was read, then close.
            if needsFlush {
                needsFlush = false
                context.flush()
            }
            inbox?.finish()
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if shared.isTakenOver.load(ordering: .acquiring), let receiver = shared.takenOver.withLock({ $0 }) {
            if case .line(let text) = unwrapInboundIn(data) { receiver(text) }
            return
        }
        let item: Inbound
        switch unwrapInboundIn(data) {
        case .line(let text): item = .request(RequestLine(text), text: text)
        case .tooLong(let bytes): item = .tooLong(bytes: bytes)
        }
        // Fast path: with nothing queued ahead of it (so order is kept), a request that needs no
        // waiting is answered right here on the event loop, without a hop to another thread.
        if shared.flow.withLock({ $0.mayAnswerAtOnce }), case .request(let request, _) = item,
           let immediate = router.immediateReply(to: request) {
            if let reply = immediate {
                context.write(wrapOutboundOut(Self.line(reply, allocator: context.channel.allocator)), promise: nil)
                needsFlush = true
            }
            return
        }
        let pauseReading = shared.flow.withLock { $0.queued() }
        inbox?.yield(item)
        if pauseReading {
            context.channel.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in }
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if needsFlush {
            needsFlush = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    func channelInactive(context: ChannelHandlerContext) {
        inbox?.finish()
        // Now, not after the queue drains: a request waiting on the peer (a REPL's long poll for
        // permission questions) must learn at once that nobody will read its answer.
        session?.closed()
        shared.subscription.withLock { $0?.cancel() }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }

    static func line(_ text: String, allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: text.utf8.count + 1)
        buffer.writeString(text)
        buffer.writeInteger(UInt8(ascii: "\n"))
        return buffer
    }

    // MARK: - Subscriptions

    private static func subscribe(_ request: SubscriptionRequest?, channel: any Channel, router: RequestRouter,
                                  broadcaster: FeedBroadcaster, shared: Shared) {
        let previous = shared.subscription.withLock { current -> Task<Void, Never>? in
            defer { current = nil }
            return current
        }
        previous?.cancel()
        broadcaster.remove(channel)
        guard let request else { return }
        if request.feed {
            // Feed lines are encoded once and written by the broadcaster, per event loop.
            broadcaster.add(channel) { line, channel in send(bytes: line, channel: channel, shared: shared) }
        }
        let task = Subscription.start(request, gateway: router.gateway) { method, params in
            send(RPCMessage.notification(method: method, params), channel: channel, shared: shared)
        }
        shared.subscription.withLock { $0 = task }
    }

    /// Writes a notification unless the client has stopped reading; after too many skipped, the
    /// client is told why and disconnected. Returns false once the subscription is over.
    private static func send(_ text: String, channel: any Channel, shared: Shared) -> Bool {
        send(bytes: line(text, allocator: channel.allocator), channel: channel, shared: shared)
    }

    private static func send(bytes: ByteBuffer, channel: any Channel, shared: Shared) -> Bool {
        guard channel.isActive else { return false }
        // Decided on the event loop, where the socket's room is known (SocketRoom).
        guard channel.eventLoop.inEventLoop else {
            channel.eventLoop.execute { _ = send(bytes: bytes, channel: channel, shared: shared) }
            return !shared.backlog.withLock { $0.isOver }
        }
        let fits = SocketRoom.fits(bytes.readableBytes, channel: channel)
        switch shared.backlog.withLock({ $0.notification(writable: fits) }) {
        case .write:
            channel.writeAndFlush(bytes, promise: nil)
            return true
        case .skip:
            return true
        case .over:
            return false
        case .drop(let lag):
            // The kernel kept room for this line (SocketRoom), so it goes in now, after what the
            // client has not read and before the close: it reads the notice when it reads again.
            GatewayLog.note("dropped a subscriber that stopped reading (\(lag) notifications behind)")
            let reason = RPCMessage.notification(method: "disconnect", DisconnectNotification(
                reason: "subscriber stopped reading: \(lag) notifications behind; reconnect to resubscribe").json)
            channel.writeAndFlush(line(reason, allocator: channel.allocator)).whenComplete { _ in channel.close(promise: nil) }
            // Closing also covers a peer so stuck that the reason itself cannot be written.
            channel.eventLoop.scheduleTask(in: .seconds(1)) { channel.close(promise: nil) }
            return false
        }
    }
}
