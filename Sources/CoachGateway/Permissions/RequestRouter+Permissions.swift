// The permission methods of the protocol (docs/permissions.md): `hello`, `authorization.request`
// and `.status` for clients; `authorization.next` and `.answer` for the REPL that asks the user;
// `permissions.*` for the user's own commands. And the two checks the data methods make: may this
// connection write this type (else -32001 with HealthKit's code), and what may it read. Their params
// are described (and checked first) in the route table, Protocol/Routes.swift.

import CoachCore
import CoachStore
import CoachWire
import Foundation
import Synchronization

extension RequestRouter {
    /// Longest a request waits for the user's answer by default (HealthKit's sheet waits forever;
    /// a socket client is better told to ask again).
    static let defaultAuthorizationWait: Duration = .seconds(120)

    func permissionMethod(_ method: String, _ params: Params, session: ConnectionSession) async throws -> JSONValue {
        let center = gateway.permissions
        // A guest uses the owner's decisions and may not change or ask for any (visionOS Guest User).
        if gateway.isGuest, method == "authorization.request" || method == "authorization.answer"
            || method == "authorization.next" || method.hasPrefix("permissions.") {
            throw Gateway.guestRefusal(method)
        }
        switch method {
        case "hello":
            return try hello(params, session: session)
        case "authorization.request":
            let share = try Self.types(params, "share")
            let read = try Self.types(params, "read")
            guard !share.isEmpty || !read.isEmpty else {
                throw RPCError.invalidParams("\(Self.blamedList(params)): name at least one type in \"share\" or \"read\" (e.g. {\"share\":[\"heartRate\"]})")
            }
            let wait = try params.integer("wait", in: 0...600).map { Duration.seconds($0) } ?? Self.defaultAuthorizationWait
            let client = session.client
            var asked = false
            if let name = client.governedName(policy: center.policy) {
                var version: String?
                if case .named(_, let named) = client { version = named }
                asked = await center.request(client: name, version: version, share: share, read: read, timeout: wait)
            }
            return authorizationAnswer(client: client, share: share, read: read, asked: asked)
        case "authorization.status":
            let name = try params.requiredString("type")
            guard let type = AuthorizationType(name: name) else { throw RPCError.invalidParams("type: " + UnknownAuthorizationType(name: name).description) }
            let client = session.client
            let status = client.governedName(policy: center.policy).map { center.book.shareStatus($0, type) } ?? .sharingAuthorized
            return AuthorizationStatusResult(type: type.name, status: status.rawValue).json
        default:
            return try await userMethod(method, params, session: session)
        }
    }

    /// The methods only the user may call: answering questions and changing decisions.
    private func userMethod(_ method: String, _ params: Params, session: ConnectionSession) async throws -> JSONValue {
        let center = gateway.permissions
        if let name = session.client.governedName(policy: center.policy) {
            throw RPCError.storeError(AccessControl.deniedCode,
                                      "\(method) is the user's: \(name) may not change permissions (run `coach permissions` yourself)")
        }
        switch method {
        case "authorization.next":
            // The REPL's long poll: it can ask the user from now until this connection closes.
            if session.becomePrompter() {
                center.attachPrompter()
                session.onClose { center.detachPrompter() }
            }
            let waiting = Task { await center.nextQuestion() }
            session.onClose { waiting.cancel() }
            return AuthorizationNextResult(await waiting.value.map(Self.wire)).json
        case "authorization.answer":
            guard let id = try params.integer("id", in: 1...Int(Int32.max)) else { throw RPCError.invalidParams("\"id\" must be the question's id") }
            let answer = try Self.answer(params)
            do {
                let changed = try center.answer(id, with: answer)
                return AuthorizationAnswerResult(recorded: changed.count).json
            } catch let unknown as UnknownQuestion {
                throw RPCError.invalidParams("id: \(unknown.description)")
            }
        case "permissions.list":
            return try permissionList()
        case "permissions.grant", "permissions.revoke":
            let client = try Self.clientName(params)
            let share = try Self.types(params, "share")
            let read = try Self.types(params, "read")
            guard !share.isEmpty || !read.isEmpty else {
                throw RPCError.invalidParams("\(Self.blamedList(params)): name at least one type in \"share\" or \"read\"")
            }
            let decision: PermissionDecision = method == "permissions.grant" ? .allowed : .denied
            let changed = try storing { try center.change { $0.set(client, .share, share, to: decision) + $0.set(client, .read, read, to: decision) } }
            return PermissionChangeResult(client: client, changed: changed.count).json
        case "permissions.reset":
            let client = try Self.clientName(params)
            let changed = try storing { try center.change { $0.reset(client) } }
            return PermissionChangeResult(client: client, changed: changed.count).json
        case "permissions.policy":
            if let name = params.string("unnamedClients") {
                guard let policy = UnnamedClientPolicy(rawValue: name) else {
                    throw RPCError.invalidParams("\"unnamedClients\" must be trusted or ask")
                }
                try storing { try center.setPolicy(policy) }
            }
            return PolicyResult(unnamedClients: center.policy.rawValue).json
        default:
            throw RPCError.methodNotFound(method)
        }
    }

    // MARK: - Checks the data methods make

    /// The source this connection's write of `type` carries, or the refusal (-32001, HealthKit's
    /// code in data.code); nothing is written when it throws.
    func authorizeWrite(_ type: AuthorizationType, session: ConnectionSession) throws -> SampleSource {
        let client = session.client
        if let refusal = gateway.permissions.checkWrite(type, by: client) {
            throw RPCError.storeError(refusal.code, refusal.message)
        }
        return client.source(userVersion: CoachVersion.current).measured(by: session.sourceDevice.withLock { $0 })
    }

    /// What this connection may read; throws errorDatabaseInaccessible while locked.
    func readScope(session: ConnectionSession) throws -> ReadScope {
        do {
            return try gateway.permissions.readScope(for: session.client, locked: gateway.displays.isLocked)
        } catch {
            throw RPCError.storeError(error.code, error.message)
        }
    }

    /// The source a workout started on this connection carries.
    func startSource(session: ConnectionSession) -> SampleSource {
        session.client.source(userVersion: CoachVersion.current)
    }

    // MARK: - Pieces

    private func hello(_ params: Params, session: ConnectionSession) throws -> JSONValue {
        let name = try Self.clientName(params, key: "client")
        let version = params.string("version")
        if let version, version.count > 64 || version.contains(where: \.isNewline) {
            throw RPCError.invalidParams("\"version\" must be one line of at most 64 characters")
        }
        if name == ClientIdentity.userName {
            // Only Coach's own executable is the user; anyone else saying "coach" stays unnamed.
            if PeerProcess.runsThisExecutable(pid: session.peerPID.withLock { $0 }) {
                session.identify(as: .user)
            }
        } else {
            session.identify(as: .named(name, version: version))
        }
        let client = session.client
        let shown: String
        switch client {
        case .user: shown = ClientIdentity.userName
        case .named(let named, _): shown = named
        case .unnamed: shown = ""
        }
        return HelloResult(client: shown.isEmpty ? nil : shown, gateway: CoachVersion.current,
                           unnamedClients: gateway.permissions.policy.rawValue).json
    }

    private func authorizationAnswer(client: ClientIdentity, share: [AuthorizationType], read: [AuthorizationType],
                                     asked: Bool) -> JSONValue {
        let center = gateway.permissions
        let name = client.governedName(policy: center.policy)
        let book = center.book
        let statuses = share.map { type in (type.name, (name.map { book.shareStatus($0, type) } ?? .sharingAuthorized).rawValue) }
        // As HealthKit, the answer says the request was handled, never whether reading was allowed.
        var result = AuthorizationRequestResult(asked: asked, share: statuses)
        if let name, share.contains(where: { book.shareStatus(name, $0) == .notDetermined }) {
            result.message = "not decided yet: the user answers in the REPL (`coach`), or runs `coach permissions grant \(name) --share "
                + share.map(\.name).joined(separator: ",") + "`"
        }
        return result.json
    }

    private func permissionList() throws -> JSONValue {
        let center = gateway.permissions
        let book = center.book
        let tallies = (try? gateway.store()?.permissions.sourceTallies()) ?? []
        var names = Set(book.clients)
        for tally in tallies { names.insert(tally.name) }
        let clients = names.sorted().map { name in
            let tally = tallies.first { $0.name == name }
            var client = PermissionListResult.Client(name: name, samples: tally?.samples ?? 0, workouts: tally?.workouts ?? 0)
            for entry in book.entries(of: name) {
                let member = (entry.type.name, entry.decision.rawValue)
                if entry.access == .share { client.share.append(member) } else { client.read.append(member) }
            }
            return client
        }
        return PermissionListResult(unnamedClients: center.policy.rawValue, clients: clients).json
    }

    private func storing<Value>(_ body: () throws -> Value) throws -> Value {
        do { return try body() } catch let error as RPCError { throw error } catch {
            throw RPCError.storeError(AccessControl.inaccessibleCode, "could not store the decision: \(error)")
        }
    }

    /// A client name: 1–64 printable characters without spaces ("hr-bridge", "mirror@host").
    static func clientName(_ params: Params, key: String = "client") throws -> String {
        let name = try params.requiredString(key)
        guard (1...64).contains(name.count), !name.contains(where: { $0.isWhitespace || $0.isNewline }),
              name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7f }) else {
            throw RPCError.invalidParams("\"\(key)\" must be 1 to 64 characters without spaces (e.g. \"hr-bridge\")")
        }
        return name
    }

    /// A list of type names: a JSON array of strings or one comma-separated string.
    static func types(_ params: Params, _ key: String) throws -> [AuthorizationType] {
        guard let raw = params.value[key], !raw.isNull else { return [] }
        let text: String
        if let string = raw.stringValue {
            text = string
        } else if case .array(let items) = raw, items.count <= 64 {
            var names: [String] = []
            for item in items {
                guard let name = item.stringValue else { throw RPCError.invalidParams("\"\(key)\" must list type names") }
                names.append(name)
            }
            text = names.joined(separator: ",")
        } else {
            throw RPCError.invalidParams("\"\(key)\" must be an array of type names (e.g. [\"heartRate\",\"workouts\"])")
        }
        switch AuthorizationType.parseList(text) {
        case .success(let types): return types
        case .failure(let unknown): throw RPCError.invalidParams("\(key): \(unknown.description)")
        }
    }

    /// The list an empty request is blamed on: the one that was sent (share when both or neither).
    static func blamedList(_ params: Params) -> String {
        params.value["read"] != nil && params.value["share"] == nil ? "read" : "share"
    }

    /// "yes", "no", or {"share":[…],"read":[…]} (the types allowed; the rest denied).
    static func answer(_ params: Params) throws -> AuthorizationAnswer {
        guard let raw = params.value["answer"] else { throw RPCError.invalidParams("\"answer\" must be \"yes\", \"no\" or {\"share\":[…],\"read\":[…]}") }
        if let word = raw.stringValue {
            // Protocol words, not language: a client sends exactly "yes" or "no" (the REPL's prompt
            // reads the user's words from Intents/ and sends one of these).
            switch word {
            case "yes": return .allowAll
            case "no": return .denyAll
            default: throw RPCError.invalidParams("\"answer\" must be \"yes\", \"no\" or {\"share\":[…],\"read\":[…]}")
            }
        }
        guard case .object = raw else { throw RPCError.invalidParams("\"answer\" must be \"yes\", \"no\" or {\"share\":[…],\"read\":[…]}") }
        let inner = Params(raw)
        var allowed = Set<AuthorizationAnswer.ChosenType>()
        for type in try types(inner, "share") { allowed.insert(.init(.share, type)) }
        for type in try types(inner, "read") { allowed.insert(.init(.read, type)) }
        return .chosen(allowed: allowed)
    }

    static func wire(_ question: AuthorizationQuestion) -> AuthorizationNextResult.Question {
        .init(id: question.id, client: question.client, version: question.version, share: question.share.map(\.name),
              read: question.read.map(\.name), text: question.text)
    }
}

extension ConnectionSession {
    /// True the first time: this connection is now a REPL that asks the user.
    func becomePrompter() -> Bool {
        isPrompter.withLock { was in
            defer { was = true }
            return !was
        }
    }
}
