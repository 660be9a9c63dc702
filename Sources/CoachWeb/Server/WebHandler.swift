// WebHandler: one HTTP/1.1 connection of the browser display. The decisions are WebRouter's (limits,
// token, endpoint); this file performs them: the page and the status as whole responses, the event
// stream handed to the EventStreamHub, a command read (bounded) and passed to the gateway's entry
// point. A request that breaks the parser or a limit is answered and the connection closed.

import CoachCore
import CoachGateway
import CoachWire
import NIOCore
import NIOHTTP1

/// What the handler needs from the display: the hub, the router, the status and the command path.
struct WebServices: Sendable {
    var router: WebRouter
    var hub: EventStreamHub
    /// The status now as the feed's JSON, in a language.
    var status: @Sendable (Language) async -> String
    /// The page's words in a language (the feed's, from Intents/<lang>/_responses.yaml).
    var wording: @Sendable (Language) -> Wording
    /// Runs a command line as the `http` client; nil when commands are off.
    var command: (@Sendable (String, Language?) async -> (status: Int, json: String))?
    /// Who may hold a connection: told when a request arrived whole and when it was answered.
    var door: ConnectionDoorKeeper
}

final class WebHandler: ChannelInboundHandler, @unchecked Sendable {
    // @unchecked: NIO calls every method on the channel's event loop, where all state lives.
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private enum Pending {
        case none
        /// Routed; answered at the end of the request.
        case routed(WebEndpoint, RequestTarget, HTTPRequestHead)
        /// Refused; the body (if any) is ignored.
        case refused(WebRefusal, HTTPRequestHead)
        /// A stream is open: nothing more is read from this connection.
        case streaming
    }

    private let services: WebServices
    private var pending = Pending.none
    private var body: ByteBuffer?

    init(services: WebServices) { self.services = services }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            body = nil
            switch services.router.route(method: head.method.rawValue, uri: head.uri, headers: head.headers.map { ($0.name, $0.value) }) {
            case .success(let (endpoint, target)):
                if case .command = endpoint, services.command == nil {
                    pending = .refused(.commandsOff, head)
                } else {
                    pending = .routed(endpoint, target, head)
                }
            case .failure(let refusal):
                pending = .refused(refusal, head)
            }
        case .body(var chunk):
            guard case .routed(.command, _, let head) = pending else { return }
            if (body?.readableBytes ?? 0) + chunk.readableBytes > services.router.limits.bodyBytes {
                // Answered now and closed: the rest of a large body is never read.
                body = nil
                pending = .streaming
                refuse(.bodyTooLarge, head: head, context: context)
                return
            }
            if body == nil { body = context.channel.allocator.buffer(capacity: chunk.readableBytes) }
            body!.writeBuffer(&chunk)
        case .end:
            services.door.requestArrived(context.channel)
            let current = pending
            pending = .none
            switch current {
            case .none, .streaming: return
            case .refused(let refusal, let head): refuse(refusal, head: head, context: context)
            case .routed(let endpoint, let target, let head): serve(endpoint, target: target, head: head, context: context)
            }
        }
    }

    private func serve(_ endpoint: WebEndpoint, target: RequestTarget, head: HTTPRequestHead, context: ChannelHandlerContext) {
        let language = target.query["lang"].flatMap(Language.init(rawValue:)) ?? .en
        switch endpoint {
        case .page(let overlay):
            let html = WidgetPage.html(overlay: overlay, commands: services.command != nil, wording: services.wording(language))
            respond(200, head: head, type: "text/html; charset=utf-8", body: html, context: context,
                    extra: [("Content-Security-Policy", WidgetPage.contentSecurityPolicy)])
        case .status:
            let loop = context.eventLoop
            let bound = NIOLoopBound((self, context), eventLoop: loop)
            let status = services.status
            Task {
                let json = await status(language)
                loop.execute {
                    let (handler, context) = bound.value
                    handler.respond(200, head: head, type: "application/json", body: json, context: context)
                }
            }
        case .events:
            openStream(target: target, head: head, language: language, context: context)
        case .command:
            guard let text = Self.commandText(body) else {
                return respond(400, head: head, type: "application/json",
                               body: #"{"error":"send a JSON object such as {\"text\":\"pause\"}"}"#, context: context)
            }
            let loop = context.eventLoop
            let bound = NIOLoopBound((self, context), eventLoop: loop)
            let command = services.command!
            Task {
                let (status, json) = await command(text, target.query["lang"].flatMap(Language.init(rawValue:)))
                loop.execute {
                    let (handler, context) = bound.value
                    handler.respond(status, head: head, type: "application/json", body: json, context: context)
                }
            }
        }
    }

    private func openStream(target: RequestTarget, head: HTTPRequestHead, language: Language, context: ChannelHandlerContext) {
        let hub = services.hub
        guard hub.reserve() else { return refuse(.tooManyStreams, head: head, context: context) }
        pending = .streaming
        services.door.becameStream(context.channel)
        var headers = Self.commonHeaders
        headers.add(name: "Content-Type", value: "text/event-stream; charset=utf-8")
        headers.add(name: "X-Accel-Buffering", value: "no")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: head.version, status: .ok, headers: headers))), promise: nil)
        let channel = context.channel
        channel.closeFuture.whenComplete { _ in hub.detach(channel) }
        // Small kernel buffers: a stream that stops reading fills them in a few events and is
        // then skipped and dropped (SlowReader), instead of holding megabytes for minutes.
        _ = channel.setOption(ChannelOptions.socketOption(.so_sndbuf), value: 32 * 1024)
        hub.attach(channel, language: language, lastEventID: head.headers.first(name: "Last-Event-ID")
            ?? target.query["lastEventId"])
        // Gone already: its close callback ran before the stream was attached, so count it out here.
        if !channel.isActive { hub.detach(channel) }
    }

    private func refuse(_ refusal: WebRefusal, head: HTTPRequestHead?, context: ChannelHandlerContext) {
        var extra: [(String, String)] = []
        var text = ""
        switch refusal {
        case .unauthorized: extra.append(("WWW-Authenticate", "Bearer"))
        case .methodNotAllowed(let allow): extra.append(("Allow", allow))
        case .tooManyStreams: extra.append(("Retry-After", "5")); text = "too many event streams\n"
        case .commandsOff: text = "commands are off (settings: http.commands: true)\n"
        case .notFound, .targetTooLong, .headersTooLarge, .bodyTooLarge: break
        }
        // A limit broken: what else the client sends is not read.
        let close = [.targetTooLong, .headersTooLarge, .bodyTooLarge].contains(refusal)
        respond(refusal.status, head: head, type: "text/plain; charset=utf-8", body: text, context: context, extra: extra, close: close)
    }

    func respond(_ status: Int, head: HTTPRequestHead?, type: String, body: String, context: ChannelHandlerContext,
                 extra: [(String, String)] = [], close: Bool = false) {
        let keepAlive = !close && (head?.isKeepAlive ?? false)
        var headers = Self.commonHeaders
        headers.add(name: "Content-Type", value: type)
        headers.add(name: "Content-Length", value: String(body.utf8.count))
        headers.add(name: "Connection", value: keepAlive ? "keep-alive" : "close")
        for (name, value) in extra { headers.add(name: name, value: value) }
        let version = head?.version ?? .http1_1
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: version, status: .init(statusCode: status), headers: headers))),
                      promise: nil)
        if head?.method != .HEAD, !body.isEmpty {
            context.write(wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(string: body)))), promise: nil)
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        let channel = context.channel
        if keepAlive {
            services.door.answered(channel)
        } else {
            done.whenComplete { _ in channel.close(promise: nil) }
        }
    }

    /// No caching anywhere (a status is stale in a second; the URL carries a token), no sniffing,
    /// and no Referer that could carry the token elsewhere.
    static var commonHeaders: HTTPHeaders {
        HTTPHeaders([("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"), ("Referrer-Policy", "no-referrer")])
    }

    /// `{"text":"pause"}` → "pause"; nil for anything else (1–500 characters of text).
    static func commandText(_ body: ByteBuffer?) -> String? {
        guard let body, let text = body.getString(at: body.readerIndex, length: body.readableBytes),
              let value = try? JSONValue(parsing: text), let said = value["text"]?.stringValue,
              (1...500).contains(said.count) else { return nil }
        return said
    }

    func channelInactive(context: ChannelHandlerContext) {
        if case .streaming = pending { services.hub.detach(context.channel) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // The parser's errors: answered once if no response has started, then the door shuts.
        if let parser = error as? HTTPParserError, case .none = pending {
            pending = .streaming  // nothing more is answered on this connection
            respond(parser == .headerOverflow ? 431 : 400, head: nil, type: "text/plain; charset=utf-8", body: "", context: context,
                    close: true)
            return
        }
        context.close(promise: nil)
    }
}
