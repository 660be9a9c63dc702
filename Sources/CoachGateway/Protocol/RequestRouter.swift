// RequestRouter: one line in, one line out. JSON lines are JSON-RPC 2.0 requests dispatched to the
// gateway; any other line is an utterance answered in plain text, so `echo pause | socat - UNIX-
// CONNECT:…` just works. Documented in docs/protocol.md.

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

    public init(subscription: @escaping @Sendable (SubscriptionRequest?) -> Void = { _ in }) {
        self.subscription = subscription
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
}

public struct RequestRouter: Sendable {
    public let gateway: Gateway

    public init(gateway: Gateway) { self.gateway = gateway }

    /// The reply to one line, without its newline; nil for JSON-RPC notifications (no id).
    public func reply(to line: String, session: ConnectionSession) async -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.first else { return nil }
        guard first == "{" || first == "[" else {
            // A plain-text utterance gets a plain-text answer on exactly one line.
            let result = await gateway.say(trimmed, conversation: session.conversation)
            return result.message.replacingOccurrences(of: "\n", with: " ")
        }
        let request: JSONValue
        do {
            request = try JSONValue(parsing: trimmed)
        } catch {
            return RPCMessage.error(id: .null, .parseError(error.description))
        }
        if case .array(let batch) = request {
            guard !batch.isEmpty else { return RPCMessage.error(id: .null, .invalidRequest("empty batch")) }
            var replies: [String] = []
            for item in batch { if let reply = await handle(item, session: session) { replies.append(reply) } }
            return replies.isEmpty ? nil : "[" + replies.joined(separator: ",") + "]"
        }
        return await handle(request, session: session)
    }

    /// Answers on the spot the requests that need no waiting (`ping`, `status`, `help`), so the
    /// connection can reply from the event loop; nil when the line must go through `reply(to:)`.
    /// The outer optional is "handled"; the inner one is the reply (nil for a notification).
    public func immediateReply(to line: String) -> String?? {
        guard line.first == "{", let request = try? JSONValue(parsing: line), request["jsonrpc"]?.stringValue == "2.0",
              let method = request["method"]?.stringValue else { return nil }
        let id = request["id"]
        if let id, !(id.isNull || id.stringValue != nil || id.doubleValue != nil) { return nil }
        let result: JSONValue
        switch method {
        case "ping":
            result = "pong"
        case "help":
            result = .array(Self.methods.map(JSONValue.string))
        case "status":
            let params = Params(request["params"] ?? .object([]))
            // An invalid "lang" goes the slow way, which answers it with the proper error.
            guard params.string("lang").map({ Language(rawValue: $0) != nil }) ?? true else { return nil }
            result = gateway.immediateStatus(language: params.string("lang").flatMap(Language.init(rawValue:)) ?? .en).json
        default:
            return nil
        }
        guard let id else { return .some(nil) }
        return .some(RPCMessage.result(id: id, result))
    }

    private func handle(_ request: JSONValue, session: ConnectionSession) async -> String? {
        guard case .object = request else { return RPCMessage.error(id: .null, .invalidRequest("expected an object")) }
        let id = request["id"]
        if let id, !(id.isNull || id.stringValue != nil || id.doubleValue != nil) {
            return RPCMessage.error(id: .null, .invalidRequest("id must be a string, a number or null"))
        }
        guard request["jsonrpc"]?.stringValue == "2.0" else {
            return RPCMessage.error(id: id ?? .null, .invalidRequest("\"jsonrpc\" must be \"2.0\""))
        }
        guard let method = request["method"]?.stringValue else {
            return RPCMessage.error(id: id ?? .null, .invalidRequest("\"method\" must be a string"))
        }
        let params = request["params"] ?? .object([])
        guard case .object = params else {
            return RPCMessage.error(id: id ?? .null, .invalidParams("params must be an object"))
        }
        let outcome: Result<JSONValue, RPCError>
        do {
            outcome = .success(try await dispatch(method, Params(params), session: session))
        } catch let error as RPCError {
            outcome = .failure(error)
        } catch {
            outcome = .failure(.internalError("\(error)"))
        }
        // A request without an id is a notification: it is performed but never answered.
        guard let id else { return nil }
        switch outcome {
        case .success(let result): return RPCMessage.result(id: id, result)
        case .failure(let error): return RPCMessage.error(id: id, error)
        }
    }

    // MARK: - Methods

    private func dispatch(_ method: String, _ params: Params, session: ConnectionSession) async throws -> JSONValue {
        let language = try params.language()
        switch method {
        case "say":
            let text = try params.requiredString("text")
            return await gateway.say(text, language: language, conversation: session.conversation).json
        case "parse":
            return try JSONValue(parsing: gateway.parse(try params.requiredString("text"), language: language).json())
        case "start":
            let start = StartWorkoutIntent(
                activity: try params.activity(), location: try params.location(), goal: try params.goal(),
                isOpenEnded: params.bool("open"), workoutName: params.string("name"), source: startSource(session: session))
            return await perform(.start(start), language, session)
        case "pause": return await perform(.pause(activity: try params.activity()), language, session)
        case "resume": return await perform(.resume(activity: try params.activity()), language, session)
        case "end": return await perform(.end(activity: try params.activity(), saveShort: params.bool("save") ?? false), language, session)
        case "cancel":
            return await perform(.cancel(activity: try params.activity(), confirmed: params.bool("confirm") ?? false), language, session)
        case "lap": return await perform(.lap, language, session)
        case "status": return await perform(.status, language, session)
        case "sample":
            if let link = gateway.mirroring.link { return try await mirrorSample(params, link: link) }
            return try await sample(params, session: session)
        case "mirror.start", "mirror.stop", "mirror.status", "mirror.attach":
            return try await mirrorMethod(method, params, session: session)
        case "lock", "unlock":
            let message = await gateway.setLocked(method == "lock", language: language ?? .en)
            return ["locked": .bool(method == "lock"), "message": .string(message)]
        case "subscribe":
            let events = params.bool("events") ?? true
            let status = params.bool("status") ?? true
            let feed = params.bool("feed") ?? false
            session.subscription(SubscriptionRequest(events: events, status: status, feed: feed, language: language ?? .en))
            return ["subscribed": true, "events": .bool(events), "status": .bool(status), "feed": .bool(feed)]
        case "unsubscribe":
            session.subscription(nil)
            return ["subscribed": false]
        case "ping":
            return "pong"
        case "help":
            return .array(Self.methods.map(JSONValue.string))
        case "workouts.changes", "history", "show":
            return try storeQuery(method, params, scope: readScope(session: session))
        case _ where Self.permissionMethods.contains(method):
            return try await permissionMethod(method, params, session: session)
        case "sensors":
            return gateway.sensorStatus()
        case "sensors.reload":
            do { return try gateway.reloadSensors() } catch { throw RPCError.invalidParams("\(error)") }
        case "feed":
            return Self.json(await gateway.feed.currentContent())
        case "feed.render":
            let name = params.string("format") ?? "text"
            guard let format = FeedFormat(rawValue: name) else {
                throw RPCError.invalidParams("\"format\" must be one of \(FeedFormat.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            let presentation = try params.string("presentation").map { name -> FeedPresentation in
                guard let presentation = FeedPresentation(rawValue: name) else {
                    throw RPCError.invalidParams("\"presentation\" must be compact, minimal or expanded")
                }
                return presentation
            } ?? FeedStream.defaultPresentation(for: format)
            let content = await gateway.feed.currentContent()
            return .string(FeedRenderer(language: (language ?? .en) == .ja ? .ja : .en)
                .render(content, presentation: presentation, format: format))
        case "tmux.follow":
            let target: TmuxTarget
            if let path = params.string("socketPath") { target = .socketPath(path) }
            else if let name = params.string("socketName") { target = .socketName(name) }
            else { target = .default }
            await gateway.followTmux(target, language: (language ?? .en) == .ja ? .ja : .en)
            // Remembered, so a restarted gateway keeps pushing (GatewayHost.start reads the file).
            gateway.state?.remember(target)
            return ["following": .string(target.arguments.joined(separator: " ").isEmpty ? "default" : target.arguments.joined(separator: " "))]
        default:
            throw RPCError.methodNotFound(method)
        }
    }

    static let methods = ["say", "parse", "start", "pause", "resume", "end", "cancel", "lap", "status", "sample",
                          "lock", "unlock", "subscribe", "unsubscribe", "ping", "help", "history", "show",
                          "workouts.changes", "feed", "feed.render", "tmux.follow",
                          "mirror.start", "mirror.stop", "mirror.status", "mirror.attach", "sensors", "sensors.reload"]
        + permissionMethods

    /// Any Codable value as JSON (Live Activity contents travel in their Codable form).
    static func json<Value: Encodable>(_ value: Value) -> JSONValue {
        guard let data = try? JSONEncoder().encode(value) else { return .null }
        return (try? JSONValue(parsing: String(decoding: data, as: UTF8.self))) ?? .null
    }

    /// Saved workouts and the anchored change feed, straight from the store.
    private func storeQuery(_ method: String, _ params: Params, scope: ReadScope) throws -> JSONValue {
        guard let store = gateway.store() else {
            throw RPCError(code: -32002, message: "no store: this gateway keeps nothing (guest mode, virtual time, or the store could not be opened)")
        }
        let text: String
        do {
            switch method {
            case "history":
                let limit = try params.integer("limit", in: 1...10_000)
                text = WorkoutFormatter.historyJSON(try store.history(limit: limit, includeAll: params.bool("all") ?? false,
                                                                      source: params.string("source"), scope: scope))
            case "show":
                text = WorkoutFormatter.showJSON(try store.workout(matching: try params.requiredString("id"), scope: scope))
            default:
                let anchor = try params.integer("anchor", in: 0...(1 << 53))
                text = WorkoutFormatter.changesJSON(try store.changes(since: anchor, scope: scope))
            }
        } catch let error as WorkoutLookupError {
            throw RPCError.invalidParams(error.description)
        } catch let error as RPCError {
            throw error
        } catch {
            throw RPCError.storeError("errorDatabaseInaccessible", "\(error)")
        }
        return (try? JSONValue(parsing: text)) ?? .null
    }

    private func perform(_ intent: WorkoutIntent, _ language: Language?, _ session: ConnectionSession) async -> JSONValue {
        await gateway.perform(intent, language: language ?? .en, conversation: session.conversation).json
    }

    private func sample(_ params: Params, session: ConnectionSession) async throws -> JSONValue {
        let name = try params.requiredString("type")
        if name.lowercased() == "location" {
            _ = try authorizeWrite(.location, session: session)
            return try await location(params)
        }
        guard let type = QuantityType(name: name) else {
            throw RPCError.invalidParams("unknown sample type \"\(name)\" (one of \(QuantityType.allCases.map(\.rawValue).joined(separator: ", ")), location)")
        }
        guard let value = params.double("value") else { throw RPCError.invalidParams("\"value\" must be a number") }
        let version = try params.integer("syncVersion", in: 0...(1 << 53))
        let source = try authorizeWrite(.quantity(type), session: session)
        do {
            let outcome = try await gateway.addSample(type, value: value, unit: params.string("unit"),
                                                      syncIdentifier: params.string("syncIdentifier"), syncVersion: version,
                                                      source: source)
            return Self.sampleAnswer(outcome)
        } catch let error as UnitError {
            throw RPCError.invalidParams(error.description)
        } catch let problem as JournalProblem {
            throw RPCError.storeError(problem.code, problem.message)
        }
    }

    /// `sample` with type `location`: latitude, longitude (degrees), optional altitude (m) and
    /// horizontalAccuracy (m).
    private func location(_ params: Params) async throws -> JSONValue {
        guard let latitude = params.double("latitude") else { throw RPCError.invalidParams("\"latitude\" must be a number") }
        guard let longitude = params.double("longitude") else { throw RPCError.invalidParams("\"longitude\" must be a number") }
        for key in ["altitude", "horizontalAccuracy"] where params.value[key] != nil && params.double(key) == nil {
            throw RPCError.invalidParams("\"\(key)\" must be a number (metres)")
        }
        do {
            let outcome = try await gateway.addLocation(latitude: latitude, longitude: longitude, altitude: params.double("altitude"),
                                                        horizontalAccuracy: params.double("horizontalAccuracy"))
            return Self.sampleAnswer(outcome)
        } catch let problem as LocationProblem {
            throw RPCError.invalidParams(problem.message)
        } catch let problem as JournalProblem {
            throw RPCError.storeError(problem.code, problem.message)
        }
    }

    private static func sampleAnswer(_ outcome: SampleOutcome) -> JSONValue {
        switch outcome {
        case .added: return ["accepted": true, "outcome": "added"]
        case .replaced: return ["accepted": true, "outcome": "replaced"]
        case .ignoredOlderVersion: return ["accepted": true, "outcome": "ignoredOlderVersion"]
        case .rejected(let reason):
            return ["accepted": false, "outcome": "rejected", "reason": .string(reason.rawValue)]
        }
    }
}

/// Typed access to request params, with errors that say what was expected.
struct Params {
    let value: JSONValue
    init(_ value: JSONValue) { self.value = value }

    func string(_ key: String) -> String? { value[key]?.stringValue }
    func double(_ key: String) -> Double? { value[key]?.doubleValue }
    func bool(_ key: String) -> Bool? { value[key]?.boolValue }

    /// A whole number within `range`, or nil when absent or null. A fraction, a value out of
    /// range or another type is refused (never converted: `Int(1e300)` would stop the gateway).
    func integer(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let raw = value[key], !raw.isNull else { return nil }
        guard let number = raw.doubleValue, number == number.rounded(),
              number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw RPCError.invalidParams("\"\(key)\" must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(number)
    }

    func requiredString(_ key: String) throws -> String {
        guard let text = string(key) else { throw RPCError.invalidParams("\"\(key)\" must be a string") }
        return text
    }

    func language() throws -> Language? {
        guard let code = string("lang") else { return nil }
        guard let language = Language(rawValue: code) else { throw RPCError.invalidParams("\"lang\" must be \"en\" or \"ja\"") }
        return language
    }

    func activity() throws -> ActivityType? {
        guard let name = string("activity") else { return nil }
        guard let activity = ActivityType(rawValue: name) else {
            throw RPCError.invalidParams("unknown activity \"\(name)\" (HealthKit names such as running, cycling, highIntensityIntervalTraining)")
        }
        return activity
    }

    func location() throws -> LocationType? {
        guard let name = string("location") else { return nil }
        guard let location = LocationType(rawValue: name) else { throw RPCError.invalidParams("\"location\" must be indoor or outdoor") }
        return location
    }

    func goal() throws -> CoachCore.WorkoutGoal? {
        guard let goal = value["goal"], !goal.isNull else { return nil }
        if let shorthand = goal.stringValue {
            guard let parsed = CoachCore.WorkoutGoal(shorthand: shorthand) else {
                throw RPCError.invalidParams("goal \"\(shorthand)\" is not a goal (examples: 30min, 5km, 500kcal)")
            }
            return parsed
        }
        guard let type = goal["type"]?.stringValue, let parsed = CoachCore.WorkoutGoal(type: type, value: goal["value"]?.doubleValue) else {
            throw RPCError.invalidParams("goal must be {\"type\":\"time|distance|energy\",\"value\":…} or a shorthand such as \"30min\"")
        }
        return parsed
    }
}
