// SocketBackend: the REPL as a client of a gateway that already serves the socket (client mode).
// Requests go over one connection, so `say` keeps that connection's conversation and a follow-up
// answer ("2", "y") reaches the question it answers. Events come over a second connection
// subscribed to `events` only, exactly the announcements the embedded REPL prints — its own
// commands' included, once each, since nothing else prints them.

import CoachWire
import CoachCore
import CoachGateway
import CoachLanguage
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

final class SocketBackend: ReplBackend {
    let location: SocketLocation
    let modeDescription: String
    let gatewayLost: AsyncStream<String>
    private let lost: LostSignal
    /// Requests and their conversation; replaced after Ctrl-C (a new connection is a new
    /// conversation, so a pending question is dropped as in the embedded REPL).
    private let requests: Mutex<AsyncGatewayClient>
    private let freshConversation = Atomic(false)
    /// Event subscriptions still open (one per /lang), closed on the way out.
    private let subscriptions = Mutex<[ObjectIdentifier: AsyncGatewayClient]>([:])

    /// Connects and checks that a gateway (of this user) answers.
    static func connect(location: SocketLocation) async throws -> SocketBackend {
        let lost = LostSignal(message: Self.lostMessage(location))
        let connection = try AsyncGatewayClient(location: location, onEnd: lost.connectionEnded)
        do {
            _ = try await connection.call("ping")
            // `coach --as NAME`: this REPL or script speaks for that client.
            if let name = ClientName.current {
                _ = try await connection.call("hello", ["client": .string(name)])
            }
        } catch {
            connection.close()
            throw error
        }
        let pid = Self.gatewayPID(location: location, connection: connection)
        let mode = "connected to the gateway at \(location.path)\(pid.map { " (pid \($0))" } ?? "")"
        return SocketBackend(location: location, connection: connection, lost: lost, mode: mode)
    }

    private init(location: SocketLocation, connection: AsyncGatewayClient, lost: LostSignal, mode: String) {
        self.location = location
        self.requests = Mutex(connection)
        self.lost = lost
        self.gatewayLost = lost.stream
        self.modeDescription = mode
    }

    static func lostMessage(_ location: SocketLocation) -> String {
        "the gateway at \(location.path) stopped; restart it with `coach serve` or run `coach` again"
    }

    // MARK: - Requests

    func submit(_ utterance: String, language: Language) async -> ReplReply {
        // As in the embedded REPL: the REPL's language when the line is written in it, else the
        // gateway detects the line's own language.
        let lang = Language.detect(utterance) == language ? language : nil
        var params: [(String, JSONValue)] = [("text", .string(utterance))]
        if let lang { params.append(("lang", .string(lang.rawValue))) }
        return await intentReply("say", .object(params), language: language)
    }

    func answer(_ question: ReplQuestion, with value: String, language: Language) async -> ReplReply {
        await intentReply("say", ["text": .string(value), "lang": .string(language.rawValue)], language: language)
    }

    func forgetQuestion() {
        freshConversation.store(true, ordering: .relaxed)
    }

    func status(language: Language) async -> ReplReply {
        await intentReply("status", ["lang": .string(language.rawValue)], language: language)
    }

    func sample(type: String, value: Double, unit: String?, language: Language) async -> ReplReply {
        guard let quantity = QuantityType(name: type) else { return ReplWording.unknownSampleType(type) }
        var params: [(String, JSONValue)] = [("type", .string(quantity.rawValue)), ("value", .number(value))]
        if let unit { params.append(("unit", .string(unit))) }
        let result: JSONValue
        do { result = try await call("sample", .object(params)) } catch { return failure(error) }
        return ReplWording.sample(quantity, value: value, unit: unit, accepted: result["accepted"]?.boolValue ?? false,
                                  reason: result["reason"]?.stringValue ?? "rejected", outcome: result["outcome"] ?? .null)
    }

    func setLocked(_ locked: Bool, language: Language) async -> ReplReply {
        let result: JSONValue
        do { result = try await call(locked ? "lock" : "unlock", ["lang": .string(language.rawValue)]) } catch { return failure(error) }
        return ReplReply(text: result["message"]?.stringValue ?? "", code: "success", question: nil, json: result.serialized())
    }

    func wait(_ duration: Duration) async {
        // The gateway's clock is real: nothing to move, only time to let pass.
        try? await Task.sleep(for: duration)
    }

    // MARK: - Events

    func events(language: Language) -> AsyncStream<ReplEvent> {
        let connection: AsyncGatewayClient
        do {
            connection = try AsyncGatewayClient(location: location, onEnd: lost.connectionEnded)
        } catch {
            lost.connectionEnded(closedByUs: false)
            return AsyncStream { $0.finish() }
        }
        let key = ObjectIdentifier(connection)
        subscriptions.withLock { $0[key] = connection }
        return AsyncStream { continuation in
            let task = Task {
                do {
                    _ = try await connection.call("subscribe", ["events": true, "status": false, "feed": false,
                                                                "lang": .string(language.rawValue)])
                } catch {
                    continuation.finish()
                    return
                }
                for await message in connection.notifications where message["method"]?.stringValue == "event" {
                    guard let params = message["params"] else { continue }
                    continuation.yield(ReplEvent(text: params["message"]?.stringValue ?? "", json: params.serialized()))
                }
                continuation.finish()
            }
            continuation.onTermination = { [self] _ in
                task.cancel()
                // Closed by us: the end of this connection is not the gateway going away.
                connection.close()
                self.subscriptions.withLock { $0[key] = nil }
            }
        }
    }

    // MARK: - Permission questions

    /// A connection of its own long-polls `authorization.next`: while it is open the gateway
    /// knows a REPL can ask the user.
    func permissionQuestions() -> AsyncStream<AuthorizationQuestion> {
        let connection: AsyncGatewayClient
        do { connection = try AsyncGatewayClient(location: location) } catch {
            return AsyncStream { $0.finish() }
        }
        let key = ObjectIdentifier(connection)
        subscriptions.withLock { $0[key] = connection }
        return AsyncStream { continuation in
            let task = Task {
                while !Task.isCancelled {
                    guard let result = try? await connection.call("authorization.next", .object([])) else { break }
                    guard let question = Self.question(result) else { continue }
                    continuation.yield(question)
                }
                continuation.finish()
            }
            continuation.onTermination = { [self] _ in
                task.cancel()
                connection.close()
                self.subscriptions.withLock { $0[key] = nil }
            }
        }
    }

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
            _ = try await call("authorization.answer", ["id": .number(Double(id)), "answer": value])
            return PermissionAnswerText.text(answer)
        } catch {
            return "coach: \(error)"
        }
    }

    static func question(_ result: JSONValue) -> AuthorizationQuestion? {
        guard let id = result["id"]?.doubleValue, let client = result["client"]?.stringValue,
              let identifier = Int(exactly: id) else { return nil }
        func types(_ key: String) -> [AuthorizationType] {
            guard case .array(let items)? = result[key] else { return [] }
            return items.compactMap { $0.stringValue.flatMap(AuthorizationType.init(name:)) }
        }
        return AuthorizationQuestion(id: identifier, client: client, version: result["version"]?.stringValue,
                                     share: types("share"), read: types("read"))
    }

    // MARK: - Leaving

    /// The gateway runs on without this REPL: leaving harms nothing.
    func leaveWarning(language: Language) async -> String? { nil }

    func shutdown() async {
        lost.leaving()
        requests.withLock { $0 }.close()
        for connection in subscriptions.withLock({ Array($0.values) }) { connection.close() }
    }

    // MARK: - Helpers

    private func call(_ method: String, _ params: JSONValue) async throws -> JSONValue {
        if freshConversation.exchange(false, ordering: .relaxed) {
            let fresh = try AsyncGatewayClient(location: location, onEnd: lost.connectionEnded)
            let old = requests.withLock { current -> AsyncGatewayClient in
                defer { current = fresh }
                return current
            }
            // Ours to close: its end says nothing about the gateway.
            old.close()
        }
        return try await requests.withLock { $0 }.call(method, params)
    }

    private func intentReply(_ method: String, _ params: JSONValue, language: Language) async -> ReplReply {
        let result: JSONValue
        do { result = try await call(method, params) } catch { return failure(error) }
        let code = result["code"]?.stringValue
        let replyLanguage = result["lang"]?.stringValue.flatMap(Language.init(rawValue:)) ?? language
        return ReplReply(text: result["message"]?.stringValue ?? "",
                         code: code == GatewayResult.notUnderstood ? nil : code,
                         question: Self.question(in: result, language: replyLanguage), json: result.serialized())
    }

    /// The follow-up the gateway now waits for on this connection, as the embedded REPL asks it.
    static func question(in result: JSONValue, language: Language) -> ReplQuestion? {
        ReplWording.question(in: result, language: language, catalog: .builtIn)
    }

    private func failure(_ error: any Error) -> ReplReply {
        switch error as? GatewayClientError {
        case .closed?, .unreachable?:
            lost.connectionEnded(closedByUs: false)
            let text = Self.lostMessage(location)
            let json: JSONValue = ["error": ["code": .string("unreachable"), "message": .string(text)]]
            return ReplReply(text: text, code: ReplReply.unreachableCode, question: nil, json: json.serialized())
        case .rpc(let rpc)?:
            return failure(rpc.message)
        case .untrusted(let refusal)?:
            // The socket changed hands since the REPL connected: tell, and send nothing there.
            return failure(refusal.description)
        case .protocolError?, .timedOut?, nil:
            return failure("\(error)")
        }
    }

    private func failure(_ text: String) -> ReplReply { ReplWording.failure(text) }

    /// The gateway's pid: the one its instance lock names, if that process lives; else the peer
    /// that listens (with socket activation that may be the service manager).
    static func gatewayPID(location: SocketLocation, connection: AsyncGatewayClient) -> Int32? {
        let fd = open(location.lockPath, O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = read(fd, &buffer, 31)
            if count > 0, let pid = Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingWhitespace()),
               pid > 0, kill(pid, 0) == 0 || errno == EPERM {
                return pid
            }
        }
        return connection.peerPID
    }
}

/// Says once that the gateway went away — unless the REPL is the one leaving, or the connection
/// that ended was one the REPL replaced.
private final class LostSignal: Sendable {
    let stream: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let message: String
    private let state = Mutex(State())

    private struct State {
        var said = false
        var leaving = false
    }

    init(message: String) {
        self.message = message
        (stream, continuation) = AsyncStream.makeStream(of: String.self)
    }

    /// A connection's reader saw its end. Ends the REPL closes itself are not losses.
    @Sendable func connectionEnded(closedByUs: Bool) {
        guard !closedByUs else { return }
        let say = state.withLock { state -> Bool in
            guard !state.said, !state.leaving else { return false }
            state.said = true
            return true
        }
        guard say else { return }
        continuation.yield(message)
        continuation.finish()
    }

    func leaving() {
        state.withLock { $0.leaving = true }
        continuation.finish()
    }
}
