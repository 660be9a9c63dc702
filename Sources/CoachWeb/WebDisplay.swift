// WebDisplay: the Live Activity in a browser — the HTTP listener, its event hub and the widget
// page — as one display service of a gateway. GatewayApp starts it (the web service) after the socket
// (docs/architecture.md, "Services"); it reads the FeedPump like every other
// display, so what is locked for tmux is locked here. It runs on the gateway's NIO event loops
// and never waits on the gateway: the gateway never waits on it either.

import CoachCore
import CoachGateway
import CoachWire
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

public struct WebConfiguration: Sendable {
    public var address: ListenAddress
    /// Binding to a non-loopback address is refused unless this is set (`--http-public`).
    public var allowPublic = false
    /// `POST /command` (`http.commands: true`); off, it answers 403.
    public var commands = false
    public var maximumStreams = 64
    public var heartbeat: Duration = .seconds(15)
    public var retry: Duration = .seconds(1)
    /// Events a stream may skip in a row (it stopped reading) before it is closed.
    public var slowReaderLimit = 16
    public var limits = RequestLimits()
    /// Connections waiting for or being answered a request (streams count apart): at most 1 024, a
    /// request whole within 5 s, the slowest closed first when full (ConnectionDoor).
    public var door = DoorLimits()
    /// Connections one address may hold when the page is public; a loopback page has no per-peer limit.
    public var perPeerWhenPublic = 16
    /// The token; nil reads (or makes) the token file at `tokenPath`.
    public var token: String?
    public var tokenPath: String = TokenFile.defaultPath()

    public init(address: ListenAddress) { self.address = address }
}

public enum WebDisplayError: Error, CustomStringConvertible {
    case notLoopback(ListenAddress)
    case token(String)
    case bind(ListenAddress, String)

    public var description: String {
        switch self {
        case .notLoopback(let address):
            return "http: \(address.host) is not a loopback address; anyone who can reach it and has the token sees the workout — pass --http-public (or http.public: true) to mean it"
        case .token(let problem): return "http: \(problem)"
        case .bind(let address, let problem): return "http: cannot listen on \(address): \(problem)"
        }
    }
}

public final class WebDisplay: Sendable {
    /// Where it listens (the port the system chose when 0 was asked).
    public let address: ListenAddress
    public let token: String
    private let channel: any Channel
    private let hub: EventStreamHub
    private let connections: ConnectionDoorKeeper
    private let gateway: Gateway

    /// The page's URL without the token.
    public var url: String { "http://\(address.urlHost):\(address.port)/" }
    /// The page's URL with the token: what `coach http url` prints.
    public var urlWithToken: String { url + "?token=" + token }

    public static func start(gateway: Gateway, configuration: WebConfiguration,
                             note: @escaping @Sendable (String) -> Void = { _ in }) async throws -> WebDisplay {
        let address = configuration.address
        if !address.isLoopback, !configuration.allowPublic { throw WebDisplayError.notLoopback(address) }
        let token: String
        if let given = configuration.token {
            token = given
        } else {
            do { token = try TokenFile.load(path: configuration.tokenPath, note: note) } catch {
                throw WebDisplayError.token(error.description)
            }
        }
        var door = configuration.door
        if !address.isLoopback, door.perPeer == nil { door.perPeer = configuration.perPeerWhenPublic }
        let connections = ConnectionDoorKeeper(limits: door)
        var settings = EventStreamHub.Settings()
        settings.maximumStreams = configuration.maximumStreams
        settings.heartbeat = configuration.heartbeat
        settings.retry = configuration.retry
        settings.slowReaderLimit = configuration.slowReaderLimit
        // The run part of event ids: an id from before a restart is not resumed.
        let hub = EventStreamHub(settings: settings, run: String(UInt64(Date().timeIntervalSince1970 * 1000), radix: 36),
                                 wording: { gateway.displays.wording($0) })
        hub.start(contents: await gateway.displays.feed.contents(), announcements: gateway.displays.announcementsFollowingTheUser())
        let feed = gateway.displays.feed
        let services = WebServices(
            router: WebRouter(access: AccessCheck(token: token), limits: configuration.limits),
            hub: hub,
            status: { language in
                if let latest = hub.latestStatus(language: language) { return latest }
                return await feed.currentContent().render(presentation: .expanded, format: .json, wording: gateway.displays.wording(language))
            },
            wording: { gateway.displays.wording($0) },
            command: configuration.commands ? Self.commandRunner(gateway: gateway) : nil,
            door: connections)
        let limits = configuration.limits
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            // Room for a burst of connections while hostile ones are being displaced: a browser's
            // connection dropped from a full queue would wait a second for its SYN to be resent.
            .serverChannelOption(.backlog, value: 1024)
            .serverChannelOption(.maxMessagesPerRead, value: 16)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(.writeBufferWaterMark, value: .init(low: 16 * 1024, high: 32 * 1024))
            .childChannelInitializer { channel in
                guard connections.admit(channel) else { return channel.close() }
                return channel.eventLoop.makeCompletedFuture {
                    var decoderLimits = NIOHTTPDecoderLimitConfiguration()
                    decoderLimits.maxHeaderListSize = limits.headerBytes
                    decoderLimits.maxHeaderFieldSize = limits.headerBytes
                    decoderLimits.maxHeaderFieldCount = limits.headerCount
                    let sync = channel.pipeline.syncOperations
                    try sync.addHandler(DoorByteCounter(keeper: connections))
                    try sync.addHandler(HTTPResponseEncoder())
                    try sync.addHandler(ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes,
                                                                                informationalResponseStrategy: .drop,
                                                                                limitConfiguration: decoderLimits)))
                    try sync.addHandler(HTTPServerPipelineHandler())
                    try sync.addHandler(WebHandler(services: services))
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.bind(host: address.host, port: address.port).get()
        } catch {
            hub.stop()
            connections.closeAll()
            throw WebDisplayError.bind(address, "\(error)")
        }
        let bound = ListenAddress(host: address.host, port: channel.localAddress?.port ?? address.port)
        let display = WebDisplay(address: bound, token: token, channel: channel, hub: hub, connections: connections, gateway: gateway)
        gateway.displays.setEndpoint("http", display.url)
        return display
    }

    private init(address: ListenAddress, token: String, channel: any Channel, hub: EventStreamHub, connections: ConnectionDoorKeeper,
                 gateway: Gateway) {
        self.address = address
        self.token = token
        self.channel = channel
        self.hub = hub
        self.connections = connections
        self.gateway = gateway
    }

    /// Event streams open now.
    public var streamCount: Int { hub.streamCount }

    /// Stops listening and closes every connection (pages see the stream end and grey out).
    public func close() async {
        gateway.displays.setEndpoint("http", nil)
        hub.stop()
        try? await channel.close()
        connections.closeAll()
    }

    /// A command line through the gateway's one entry point (the `say` method), as the client
    /// `http`: the same codes, conversation and permissions as a socket client named so.
    static func commandRunner(gateway: Gateway) -> @Sendable (String, Language?) async -> (status: Int, json: String) {
        let router = RequestRouter(gateway: gateway)
        let session = ConnectionSession()
        session.identify(as: .named("http", version: nil))
        return { text, language in
            // Without `lang` the recogniser tells the language, as for a typed line.
            var params: [(String, JSONValue)] = [("text", .string(text))]
            if let language { params.append(("lang", .string(language.rawValue))) }
            let request = JSONValue.object([("jsonrpc", "2.0"), ("id", 1), ("method", "say"), ("params", .object(params))])
            guard let reply = await router.reply(to: request.serialized(), session: session),
                  let parsed = try? JSONValue(parsing: reply) else {
                return (500, #"{"error":"no reply"}"#)
            }
            if let result = parsed["result"] { return (200, result.serialized()) }
            return (400, (parsed["error"] ?? .null).serialized())
        }
    }
}
