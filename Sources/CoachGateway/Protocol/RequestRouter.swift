// RequestRouter: one line in, one line out. JSON lines are JSON-RPC 2.0 requests, looked up in the
// route table (Routes.swift: one description and one handler per method) and decoded by the
// description before the handler runs; any other line is an utterance answered in plain text, so
// `echo pause | socat - UNIX-CONNECT:…` just works. Documented in docs/protocol.md.

import CoachWire
import CoachCore
import CoachLanguage
import CoachStore
import Foundation
import Synchronization

/// Per-connection state: the conversation for follow-up questions, the reply language, and the
/// subscription switch the connection handler implements.
public final class ConnectionSession: Sendable {
    public let conversation = Conversation()
    let subscription: @Sendable (SubscriptionRequest?) -> Void
    private let closeHandlers = Mutex<[@Sendable () -> Void]>([])
    /// Who is asking (Permissions/ConnectionSession+Identity.swift): unnamed until `hello`.
    let identity = Mutex<ClientIdentity>(.unnamed(executable: nil))
    /// The peer's pid from SO_PEERCRED, to name an unnamed client by its executable.
    let peerPID = Mutex<Int32?>(nil)
    /// Whether this connection asks the user permission questions (a REPL's `authorization.next`).
    let isPrompter = Mutex(false)
    /// Where this connection's samples were measured (a mirror's host), set by `mirror.attach`.
    let sourceDevice = Mutex<SampleDevice?>(nil)
    /// The connection itself, for routes that write outside the reply order or take it over
    /// (nil: an in-process connection).
    let control: ConnectionControl?
    /// The target this gateway offered mirroring to, when this connection is that offered link.
    let offeredTo: String?

    public convenience init(subscription: @escaping @Sendable (SubscriptionRequest?) -> Void = { _ in }) {
        self.init(subscription: subscription, control: nil, offeredTo: nil)
    }

    init(subscription: @escaping @Sendable (SubscriptionRequest?) -> Void, control: ConnectionControl?, offeredTo: String?) {
        self.subscription = subscription
        self.control = control
        self.offeredTo = offeredTo
    }

    /// Runs `handler` when the connection closes (a mirror's going is announced).
    public func onClose(_ handler: @escaping @Sendable () -> Void) { closeHandlers.withLock { $0.append(handler) } }

    /// The connection closed: runs the close handlers once.
    public func closed() {
        let handlers = closeHandlers.withLock { handlers in
            defer { handlers.removeAll() }
            return handlers
        }
        handlers.forEach { $0() }
    }
}

/// What a subscriber asked for: announcements (events), status snapshots and/or Live Activity
/// contents (feed), in a language.
public struct SubscriptionRequest: Sendable, Hashable {
    public var events: Bool
    public var status: Bool
    public var feed: Bool = false
    public var language: Language
    /// Announcements caused by this origin are left out (`echo: false`: the connection's own
    /// commands, whose replies already said what happened).
    public var unlessCausedBy: Int? = nil
    /// The pushed change feed (HealthKit's long-running anchored query): pages of what was added
    /// and deleted after `anchor` (nil: everything), as they commit, as `scope` may see them.
    public var changes = false
    public var anchor: Int? = nil
    public var scope: ReadScope = .everything

    /// Whether the subscriber gets this announcement.
    func wants(_ announcement: Announcement) -> Bool {
        unlessCausedBy == nil || announcement.origin != unlessCausedBy
    }
}

public struct RequestRouter: Sendable {
    public let gateway: Gateway
    let routes: [String: Route]

    public init(gateway: Gateway) {
        self.gateway = gateway
        self.routes = Dictionary(uniqueKeysWithValues: Routes.all.map { ($0.description.name, $0) })
    }

    /// Every method's description, in the order of the docs.
    public static var methods: [MethodDescription] { Routes.all.map(\.description) }
    /// The notifications with typed params (docs/protocol.md): CoachWire's, and `feed`, whose
    /// Live Activity content is CoachCore's.
    public static var notifications: [NotificationDescription] {
        WireExamples.notifications + [NotificationDescription("feed", examples: [.init(LiveActivityContent.example)])]
    }

    /// The reply to one line, without its newline; nil for JSON-RPC notifications (no id).
    /// `ordered` is called once a single `sample` has its place in the journal's order, before its
    /// commit (a batch orders its own items the same way): the connection may then start its next
    /// request (pipelined samples share one commit) while this reply still waits for durability.
    public func reply(to line: String, session: ConnectionSession, ordered: (@Sendable () -> Void)? = nil) async -> String? {
        await reply(to: RequestLine(line), session: session, ordered: ordered)
    }

    /// The reply to a line already parsed (the connection parses each line once, as it arrives).
    public func reply(to request: RequestLine, session: ConnectionSession, ordered: (@Sendable () -> Void)? = nil) async -> String? {
        let parsed: RPCLine
        switch request {
        case .empty: return nil
        case .text(let text):
            // A plain-text utterance gets a plain-text answer on exactly one line.
            let result = await gateway.say(text, conversation: session.conversation)
            return result.message.replacingOccurrences(of: "\n", with: " ")
        case .unparsable(let explanation): return RPCMessage.error(id: .null, .parseError(explanation))
        case .rpc(let line): parsed = line
        }
        if case .array(let batch) = parsed.value {
            guard !batch.isEmpty else { return RPCMessage.error(id: .null, .invalidRequest("empty batch")) }
            guard batch.count <= Self.maximumBatch else {
                return RPCMessage.error(id: .null, .invalidRequest("a batch holds at most \(Self.maximumBatch) requests; this one has \(batch.count)"))
            }
            // Each item starts once the one before has its place (`OrderGate`, as between a
            // connection's lines): the samples of a batch share their commits instead of waiting
            // for one fsync each, and every reply still waits for its own commit.
            var started: [Task<String?, Never>] = []
            for (position, item) in batch.enumerated() {
                let gate = OrderGate()
                let idText = parsed.numberIDTexts[position]
                started.append(Task {
                    defer { gate.open() }
                    return await handle(item, idText: idText, session: session, ordered: { gate.open() })
                })
                await gate.wait()
            }
            ordered?()  // every item has its place: the connection's next line may start
            var replies: [String] = []
            var total = 2
            for (position, (item, task)) in zip(batch, started).enumerated() {
                guard var reply = await task.value else { continue }
                if total + reply.utf8.count + 1 > Self.maximumReplyBytes {
                    reply = RPCMessage.error(id: item["id"] ?? .null, idText: parsed.numberIDTexts[position], Self.replyTooLarge(total + reply.utf8.count))
                }
                total += reply.utf8.count + 1
                replies.append(reply)
            }
            // A batch of notifications only gets nothing back (JSON-RPC 2.0, section 6).
            return replies.isEmpty ? nil : "[" + replies.joined(separator: ",") + "]"
        }
        return await handle(parsed.value, idText: parsed.numberIDTexts[0], session: session, ordered: ordered)
    }

    /// Requests in one batch, at most.
    public static let maximumBatch = 1_000
    /// The longest reply line, in bytes (a batch's replies together); beyond it the request gets -32005.
    public static let maximumReplyBytes = 1 << 20

    /// Whether `line` only asks (a JSON-RPC request, or a batch of them, of read-only methods):
    /// such requests are dropped, not performed, once their client has gone.
    public func isReadOnly(_ request: RequestLine) -> Bool {
        guard case .rpc(let line) = request else { return false }
        let requests: [JSONValue]
        if case .array(let batch) = line.value { requests = batch } else { requests = [line.value] }
        return requests.allSatisfy { item in
            guard let method = item["method"]?.stringValue, let route = routes[method] else { return true }
            return route.description.readOnly
        }
    }

    /// Answers on the spot the requests that need no waiting (`ping`, `status`, `help`), so the
    /// connection can reply from the event loop; nil when the line must go through `reply(to:)`.
    /// The outer optional is "handled"; the inner one is the reply (nil for a notification).
    public func immediateReply(to line: RequestLine) -> String?? {
        guard case .rpc(let parsed) = line, case let request = parsed.value,
              request["jsonrpc"]?.stringValue == "2.0",
              let method = request["method"]?.stringValue, ["ping", "help", "status"].contains(method),
              let route = routes[method], let params = try? route.description.decode(request["params"]) else { return nil }
        let id = request["id"]
        if let id, !(id.isNull || id.stringValue != nil || id.doubleValue != nil) { return nil }
        let language = params.string("lang").flatMap(Language.init(rawValue:)) ?? .en
        let result: JSONValue
        switch method {
        case "ping": result = PongResult().json
        case "help": result = HelpResult(Self.methods.map(\.name)).json
        default: result = gateway.immediateStatus(language: language).json
        }
        guard let id else { return .some(nil) }
        return .some(RPCMessage.result(id: id, idText: parsed.numberIDTexts[0], result))
    }

    private func handle(_ request: JSONValue, idText: String?, session: ConnectionSession,
                        ordered: (@Sendable () -> Void)? = nil) async -> String? {
        guard case .object = request else { return RPCMessage.error(id: .null, .invalidRequest("expected an object")) }
        let id = request["id"]
        if let id, !(id.isNull || id.stringValue != nil || id.doubleValue != nil) {
            return RPCMessage.error(id: .null, .invalidRequest("id must be a string, a number or null"))
        }
        guard request["jsonrpc"]?.stringValue == "2.0" else {
            return RPCMessage.error(id: id ?? .null, idText: idText, .invalidRequest("\"jsonrpc\" must be \"2.0\""))
        }
        guard let method = request["method"]?.stringValue else {
            return RPCMessage.error(id: id ?? .null, idText: idText, .invalidRequest("\"method\" must be a string"))
        }
        let outcome: Result<JSONValue, RPCError>
        do {
            outcome = .success(try await dispatch(method, request["params"], session: session, ordered: ordered))
        } catch let error as RPCError {
            outcome = .failure(error)
        } catch {
            outcome = .failure(.internalError("\(error)"))
        }
        // A request without an id is a notification: performed (when valid) but never answered,
        // not even with an error (JSON-RPC 2.0, section 4.1): a failure is logged instead.
        guard let id else {
            if case .failure(let error) = outcome { GatewayLog.note("notification \(method.prefix(64)) failed: \(error.message.prefix(200))") }
            return nil
        }
        switch outcome {
        case .success(let result):
            let reply = RPCMessage.result(id: id, idText: idText, result)
            guard reply.utf8.count <= Self.maximumReplyBytes else { return RPCMessage.error(id: id, idText: idText, Self.replyTooLarge(reply.utf8.count)) }
            return reply
        case .failure(let error): return RPCMessage.error(id: id, idText: idText, error)
        }
    }

    static func replyTooLarge(_ bytes: Int) -> RPCError {
        RPCError(code: -32005, message: "reply too large: \(bytes) bytes, the limit is \(maximumReplyBytes); ask for less (history's limit, workouts.changes' limit) or send fewer requests per batch")
    }

    /// Looks the method up, decodes its params by its description, then runs its handler.
    func dispatch(_ method: String, _ params: JSONValue?, session: ConnectionSession,
                  ordered: (@Sendable () -> Void)? = nil) async throws -> JSONValue {
        guard let route = routes[method] else { throw RPCError.methodNotFound(method) }
        let decoded = try route.description.decode(params)
        let request = RouteRequest(params: decoded, raw: Params(params ?? .object([])),
                                   language: decoded.string("lang").flatMap(Language.init(rawValue:)),
                                   session: session, gateway: gateway, router: self, ordered: ordered)
        return try await route.handle(request)
    }
}
