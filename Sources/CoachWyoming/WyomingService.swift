// WyomingService: `coach serve --wyoming tcp://127.0.0.1:10700`, the Wyoming intent and handle
// service Home Assistant's Assist can hand text to (docs/integrations/wyoming.md). TCP on the
// gateway's NIO event loops; each connection's frames are answered in order by one task:
// `recognize` through the recogniser only (Gateway.parse), `transcript` through the gateway's one
// entry point (the RequestRouter's `say`) as the named client `wyoming`, in the request's language.
// A frame that is not Wyoming gets an `error` event and closes that connection only. Connections
// are kept by a ConnectionDoor: an event whole within 5 s of connecting or of the last answer, 1 024
// at once with the slowest closed first for a newcomer, 16 per address when it listens beyond loopback.

import CoachCore
import CoachGateway
import CoachLanguage
import CoachWire
import NIOCore
import NIOPosix
import Synchronization

public final class WyomingService: Sendable {
    public let host: String
    public let port: Int
    private let channel: any Channel
    private let door: ConnectionDoorKeeper

    public static let clientName = "wyoming"

    /// Parses `tcp://HOST:PORT`; nil when it is not one.
    public static func address(_ uri: String) -> (host: String, port: Int)? {
        guard uri.hasPrefix("tcp://") else { return nil }
        let rest = uri.dropFirst("tcp://".count)
        guard let colon = rest.lastIndex(of: ":"), let port = Int(rest[rest.index(after: colon)...]), (0...65_535).contains(port) else {
            return nil
        }
        var host = String(rest[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        return host.isEmpty ? nil : (host, port)
    }

    /// The door's limits for a host: per-address limits only beyond loopback.
    public static func doorLimits(host: String) -> DoorLimits {
        DoorLimits(connections: 1024, perPeer: LoopbackHost.contains(host) ? nil : 16, deadline: .seconds(5))
    }

    public static func start(gateway: Gateway, host: String, port: Int, door limits: DoorLimits? = nil) async throws -> WyomingService {
        let door = ConnectionDoorKeeper(limits: limits ?? doorLimits(host: host))
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            // Room for a burst while hostile connections are displaced (see WebDisplay).
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.maxMessagesPerRead, value: 16)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                guard door.admit(channel) else { return channel.close() }
                return channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(DoorByteCounter(keeper: door))
                    try channel.pipeline.syncOperations.addHandler(WyomingHandler(answerer: WyomingAnswerer(gateway: gateway), door: door))
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(host: host, port: port).get()
        } catch {
            door.closeAll()
            throw error
        }
        return WyomingService(host: host, port: channel.localAddress?.port ?? port, channel: channel, door: door)
    }

    private init(host: String, port: Int, channel: any Channel, door: ConnectionDoorKeeper) {
        self.host = host
        self.port = port
        self.channel = channel
        self.door = door
    }

    /// Connections open now.
    public var connectionCount: Int { door.openCount }

    public func close() async {
        try? await channel.close()
        door.closeAll()
    }
}

/// Answers one connection's events, in order.
struct WyomingAnswerer: Sendable {
    let gateway: Gateway
    let router: RequestRouter
    let session: ConnectionSession

    init(gateway: Gateway) {
        self.gateway = gateway
        router = RequestRouter(gateway: gateway)
        session = ConnectionSession()
        session.identify(as: .named(WyomingService.clientName, version: nil))
    }

    func answer(_ frame: WyomingFrame) async -> WyomingFrame? {
        switch frame.type {
        case "describe":
            return WyomingReplies.info(version: CoachVersion.current)
        case "ping":
            return WyomingFrame(type: "pong", data: frame.data)
        case "recognize":
            guard let text = frame.data["text"]?.stringValue else { return WyomingReplies.error("recognize needs a text", code: "bad-event") }
            let recognition = gateway.parse(text, language: Self.language(frame))
            return WyomingReplies.recognized(recognition.wire, text: text)
        case "transcript":
            guard let text = frame.data["text"]?.stringValue else { return WyomingReplies.error("transcript needs a text", code: "bad-event") }
            var params: [(String, JSONValue)] = [("text", .string(text))]
            if let language = Self.language(frame) { params.append(("lang", .string(language.rawValue))) }
            let request = JSONValue.object([("jsonrpc", "2.0"), ("id", 1), ("method", "say"), ("params", .object(params))])
            return WyomingReplies.handled(reply: await router.reply(to: request.serialized(), session: session))
        default:
            return WyomingReplies.error("Coach does not handle \(frame.type) events (it is an intent and handle service)", code: "unsupported")
        }
    }

    /// The request's language (`language`, or `context.language`, e.g. "ja-JP"), when it is one
    /// Coach speaks; nil lets the recogniser tell.
    static func language(_ frame: WyomingFrame) -> Language? {
        let said = frame.data["language"]?.stringValue ?? frame.data["context"]?["language"]?.stringValue
        return said.flatMap { Language(rawValue: String($0.prefix(2)).lowercased()) }
    }
}

/// Bytes → frames → the answerer (one task per connection, in order) → bytes.
final class WyomingHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer

    private let answerer: WyomingAnswerer
    private let door: ConnectionDoorKeeper
    /// Events received and not answered yet: the door waits for none while there are some.
    private let unanswered = Atomic<Int>(0)
    private let decoder = Mutex(WyomingDecoder())
    private let queue: (stream: AsyncStream<WyomingFrame>, continuation: AsyncStream<WyomingFrame>.Continuation)

    init(answerer: WyomingAnswerer, door: ConnectionDoorKeeper) {
        self.answerer = answerer
        self.door = door
        queue = AsyncStream.makeStream(of: WyomingFrame.self, bufferingPolicy: .bufferingOldest(64))
    }

    func channelActive(context: ChannelHandlerContext) {
        let channel = context.channel
        let (stream, answerer, door) = (queue.stream, answerer, door)
        Task {
            for await frame in stream {
                if let reply = await answerer.answer(frame) {
                    channel.writeAndFlush(ByteBuffer(bytes: reply.encoded), promise: nil)
                }
                if self.unanswered.subtract(1, ordering: .relaxed).newValue == 0 { door.answered(channel) }
            }
        }
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        queue.continuation.finish()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        let bytes = buffer.readBytes(length: buffer.readableBytes) ?? []
        do {
            let frames = try decoder.withLock { decoder throws(WyomingProtocolError) in try decoder.feed(bytes) }
            if !frames.isEmpty {
                unanswered.add(frames.count, ordering: .relaxed)
                door.requestArrived(context.channel)
            }
            for frame in frames {
                if case .dropped = queue.continuation.yield(frame) {
                    throw WyomingProtocolError(reason: "more than 64 events waiting")
                }
            }
        } catch {
            queue.continuation.finish()
            let reply = WyomingReplies.error("protocol error: \(error)", code: "protocol-error")
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(bytes: reply.encoded))).whenComplete { _ in channel.close(promise: nil) }
        }
    }

    typealias OutboundOut = ByteBuffer
}
