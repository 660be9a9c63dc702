// ReplBackend: the REPL's one way to its gateway, whether the gateway runs in this process
// (embedded, private) or behind the socket (client mode). Everything here goes through
// GatewayConnections — JSON-RPC requests, results and notifications — so a line takes the same
// path in every mode; only ReplTransport (how a connection is opened, and what only a hosted
// gateway has: virtual time, the warning before leaving, the shutdown) differs. Requests go over
// one connection, so a `say` keeps that connection's conversation and a follow-up answer ("2",
// "y") reaches the question it answers; Ctrl-C opens a new one, a new conversation. Events come
// on that same connection, subscribed with `echo: false`: what the REPL's own commands did, its
// replies said already, so only other clients', the clock's and samples' doings are told.

import CoachWire
import CoachCore
import CoachGateway
import CoachLanguage
import Synchronization

final class ReplBackend: Sendable {
    let transport: ReplTransport
    /// Requests and their conversation; replaced after Ctrl-C (a pending question is dropped).
    private let requests: Mutex<any GatewayConnection>
    private let freshConversation = Atomic(false)
    /// Connections opened beside the requests' (the permission long poll), closed on the way out.
    private let others = Mutex<[ObjectIdentifier: any GatewayConnection]>([:])
    /// The language events are worded in, once the REPL asked for them (nil: not subscribed).
    private let eventLanguage = Mutex<Language?>(nil)
    private let eventStream: AsyncStream<ReplEvent>
    private let eventSink: AsyncStream<ReplEvent>.Continuation

    /// `first`: the requests' connection, already open (the socket transport checks with it that
    /// a gateway answers).
    init(transport: ReplTransport, first: any GatewayConnection) {
        self.transport = transport
        self.requests = Mutex(first)
        (eventStream, eventSink) = AsyncStream.makeStream(of: ReplEvent.self, bufferingPolicy: .bufferingNewest(256))
        forwardEvents(of: first)
    }

    /// The banner's second half: "gateway embedded, listening on …" or "connected to the gateway at …".
    var modeDescription: String { transport.modeDescription }

    /// Yields once, with what to tell the user, if the gateway goes away under the REPL (client
    /// mode); an embedded gateway cannot, so its stream just finishes.
    var gatewayLost: AsyncStream<String> { transport.lost }

    // MARK: - Requests

    /// One utterance, recognised and performed.
    func submit(_ utterance: String, language: Language, unsure: Bool = false) async -> ReplReply {
        // The REPL's language when the line is written in it; else the gateway detects the line's
        // own (a Japanese line in an English session is understood, and answered in Japanese).
        let lang = Language.detect(utterance) == language ? language : nil
        var params: [(String, JSONValue)] = [("text", .string(utterance))]
        if let lang { params.append(("lang", .string(lang.rawValue))) }
        if unsure { params.append(("unsure", .bool(true))) }
        return await intentReply("say", .object(params), language: language)
    }

    /// Answers the question the last reply asked: `value` is the chosen option's `value`, or
    /// "yes" / "no" for a confirmation. The gateway's conversation holds the question.
    func answer(_ question: ReplQuestion, with value: String, language: Language) async -> ReplReply {
        await intentReply("say", ["text": .string(value), "lang": .string(language.rawValue)], language: language)
    }

    /// Ctrl-C: the pending question, if any, is dropped with the line.
    func forgetQuestion() {
        freshConversation.store(true, ordering: .relaxed)
    }

    func status(language: Language) async -> ReplReply {
        await intentReply("status", ["lang": .string(language.rawValue)], language: language)
    }

    func sample(type: String, value: Double, unit: String?, language: Language) async -> ReplReply {
        guard let quantity = QuantityType(name: type) else { return ReplWording.unknownSampleType(type) }
        // The unit is checked here too, so a mistake in the line is said in the same words in
        // every mode (the gateway would say it as an invalid param).
        do { _ = try quantity.canonicalValue(value, unit: unit) } catch { return ReplWording.failure("\(error)") }
        var params: [(String, JSONValue)] = [("type", .string(quantity.rawValue)), ("value", .number(value))]
        if let unit { params.append(("unit", .string(unit))) }
        let result: JSONValue
        do { result = try await call("sample", .object(params)) } catch { return failure(error) }
        return ReplWording.sample(quantity, value: value, unit: unit, result: try? SampleResult(json: result))
    }

    func setLocked(_ locked: Bool, language: Language) async -> ReplReply {
        let result: JSONValue
        do { result = try await call(locked ? "lock" : "unlock", ["lang": .string(language.rawValue)]) } catch { return failure(error) }
        return ReplReply(text: (try? LockResult(json: result))?.message ?? "", code: "success", question: nil, json: result.serialized())
    }

    /// Lets time pass: on a virtual clock it moves the clock (timers fire on the way); on the real
    /// clock it sleeps.
    func wait(_ duration: Duration) async { await transport.wait(duration) }

    // MARK: - Events

    /// Things that happened without this REPL asking: countdown, state changes, goals, other
    /// clients' commands — once `followEvents(in:)` has said in which language. One stream for
    /// the REPL's whole run, whichever connection carries it.
    func events() -> AsyncStream<ReplEvent> { eventStream }

    /// Words the events from now on in `language` (the REPL follows the language of the line it
    /// sends next, and /lang).
    func followEvents(in language: Language) async {
        eventLanguage.withLock { $0 = language }
        _ = try? await call("subscribe", Self.subscription(language))
    }

    private static func subscription(_ language: Language) -> JSONValue {
        ["events": true, "status": false, "feed": false, "echo": false, "lang": .string(language.rawValue)]
    }

    private func forwardEvents(of connection: any GatewayConnection) {
        let sink = eventSink
        Task {
            for await message in connection.notifications where message["method"]?.stringValue == "event" {
                guard let params = message["params"], let event = try? EventNotification(json: params) else { continue }
                sink.yield(ReplEvent(text: event.message, json: params.serialized(), state: event.state.isEmpty ? nil : event.state))
            }
        }
    }

    // MARK: - Permission questions

    /// Permission questions from clients (`authorization.request`), for the interactive REPL to
    /// ask the user. A connection of its own long-polls `authorization.next`: while it is open the
    /// gateway knows a REPL can ask.
    func permissionQuestions() -> AsyncStream<AuthorizationQuestion> {
        guard let connection = openBeside() else { return AsyncStream { $0.finish() } }
        return AsyncStream { continuation in
            let task = Task {
                while !Task.isCancelled {
                    guard let result = try? await connection.call("authorization.next", .object([]), timeout: nil) else { break }
                    guard let question = (try? AuthorizationNextResult(json: result))?.question.map(Self.question) else { continue }
                    continuation.yield(question)
                }
                continuation.finish()
            }
            continuation.onTermination = { [self] _ in
                task.cancel()
                close(connection)
            }
        }
    }

    /// The user's answer to a permission question; returns what to print.
    func answerPermission(_ id: Int, _ answer: AuthorizationAnswer) async -> String {
        let value: JSONValue
        switch answer {
        case .allowAll: value = "yes"
        case .denyAll: value = "no"
        case .chosen(let allowed):
            value = ["share": .array(allowed.filter { $0.access == .share }.map { .string($0.type.name) }),
                     "read": .array(allowed.filter { $0.access == .read }.map { .string($0.type.name) })]
        }
        do {
            _ = try AuthorizationAnswerResult.decoding(try await call("authorization.answer", ["id": .number(Double(id)), "answer": value]),
                                                       from: "authorization.answer")
            return PermissionAnswerText.text(answer)
        } catch {
            return "coach: \(error)"
        }
    }

    static func question(_ asked: AuthorizationNextResult.Question) -> AuthorizationQuestion {
        AuthorizationQuestion(id: asked.id, client: asked.client, version: asked.version,
                              share: asked.share.compactMap(AuthorizationType.init(name:)), read: asked.read.compactMap(AuthorizationType.init(name:)))
    }

    // MARK: - Leaving

    /// What leaving would do to an ongoing workout, if it matters (an embedded gateway ends with
    /// the REPL). Nil: leaving is harmless.
    func leaveWarning(language: Language) async -> String? { await transport.leaveWarning(language) }

    /// Closes every connection, then stops the gateway if this process hosts it. Called once, on
    /// the way out.
    func shutdown() async {
        transport.leaving()
        requests.withLock { $0 }.close()
        eventSink.finish()
        for connection in others.withLock({ Array($0.values) }) { connection.close() }
        await transport.shutdown()
    }

    // MARK: - Helpers

    private func call(_ method: String, _ params: JSONValue) async throws(GatewayClientError) -> JSONValue {
        if freshConversation.exchange(false, ordering: .relaxed) {
            let fresh = try await transport.open()
            // Events move with the conversation: its own commands' are left out there too.
            forwardEvents(of: fresh)
            if method != "subscribe", let language = eventLanguage.withLock({ $0 }) {
                _ = try? await fresh.call("subscribe", Self.subscription(language), timeout: nil)
            }
            let old = requests.withLock { current -> any GatewayConnection in
                defer { current = fresh }
                return current
            }
            // Ours to close: its end says nothing about the gateway.
            old.close()
        }
        return try await requests.withLock { $0 }.call(method, params, timeout: nil)
    }

    /// A connection beside the requests' (nil when none opens).
    private func openBeside() -> (any GatewayConnection)? {
        guard let connection = try? transport.connect() else { return nil }
        others.withLock { $0[ObjectIdentifier(connection)] = connection }
        return connection
    }

    private func close(_ connection: any GatewayConnection) {
        // Closed by us: the end of this connection is not the gateway going away.
        connection.close()
        others.withLock { $0[ObjectIdentifier(connection)] = nil }
    }

    private func intentReply(_ method: String, _ params: JSONValue, language: Language) async -> ReplReply {
        let result: JSONValue
        do { result = try await call(method, params) } catch { return failure(error) }
        let reply = try? IntentResult(json: result)
        let replyLanguage = reply.flatMap { Language(rawValue: $0.lang) } ?? language
        return ReplReply(text: reply?.message ?? "",
                         code: reply?.code == IntentResult.notUnderstood ? nil : reply?.code,
                         question: reply.flatMap { ReplWording.question(in: $0, language: replyLanguage, catalog: transport.catalog) },
                         json: result.serialized(), state: reply?.state)
    }

    private func failure(_ error: GatewayClientError) -> ReplReply {
        switch error {
        case .closed, .unreachable:
            transport.connectionLost()
            let text = transport.lostMessage
            let json: JSONValue = ["error": ["code": .string("unreachable"), "message": .string(text)]]
            return ReplReply(text: text, code: ReplReply.unreachableCode, question: nil, json: json.serialized())
        case .rpc(let rpc):
            return ReplWording.failure(rpc.message)
        case .untrusted(let refusal):
            // The socket changed hands since the REPL connected: tell, and send nothing there.
            return ReplWording.failure(refusal.description)
        case .protocolError, .timedOut:
            return ReplWording.failure("\(error)")
        }
    }
}
