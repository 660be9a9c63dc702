// What the connection and permission methods answer (docs/permissions.md): `hello` and `ping`;
// `authorization.*`, HealthKit's request/status and the REPL's questions; `permissions.*`, the
// user's own decisions. Share statuses use HealthKit's names (notDetermined, sharingDenied,
// sharingAuthorized); a client is never told whether it may read.

/// `hello`: who this connection now is (null: unnamed), the gateway's version and its policy.
public struct HelloResult: WireMessage {
    public var client: String?
    public var gateway: String
    /// trusted or ask.
    public var unnamedClients: String

    public init(client: String?, gateway: String, unnamedClients: String) {
        self.client = client
        self.gateway = gateway
        self.unnamedClients = unnamedClients
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(client: try fields.optionalString("client"), gateway: try fields.string("gateway"),
                  unnamedClients: try fields.optionalString("unnamedClients") ?? "trusted")
    }

    public var json: JSONValue {
        ["client": .optional(client), "gateway": .string(gateway), "unnamedClients": .string(unnamedClients)]
    }
}

/// `ping`: the string "pong".
public struct PongResult: WireMessage {
    public init() {}

    public init(json: JSONValue) throws(WireDecodingError) {
        guard json == .string("pong") else { throw WireDecodingError(path: "", problem: "expected: \"pong\"") }
    }

    public var json: JSONValue { .string("pong") }
}

/// `authorization.request`: whether the user was asked, and the share status of each type asked
/// for; `message` says how to decide while one is still notDetermined.
public struct AuthorizationRequestResult: WireMessage {
    public var asked: Bool
    /// Type name and status, in the order asked.
    public var share: [(String, String)]
    public var message: String?

    public init(asked: Bool, share: [(String, String)], message: String? = nil) {
        self.asked = asked
        self.share = share
        self.message = message
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(asked: try fields.bool("asked"), share: try fields.optionalTexts("share") ?? [], message: try fields.optionalString("message"))
    }

    public var json: JSONValue {
        var out = WireMembers()
        out.add("asked", asked)
        out.add("share", .object(share.map { ($0.0, .string($0.1)) }))
        out.add("message", message)
        return out.json
    }

    public static func == (lhs: AuthorizationRequestResult, rhs: AuthorizationRequestResult) -> Bool { lhs.json == rhs.json }
}

/// `authorization.status`: one type's share status for this client.
public struct AuthorizationStatusResult: WireMessage {
    public var type: String
    public var status: String

    public init(type: String, status: String) {
        self.type = type
        self.status = status
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(type: try fields.string("type"), status: try fields.string("status"))
    }

    public var json: JSONValue { ["type": .string(type), "status": .string(status)] }
}

/// `authorization.next`: the next question for the user, or null when the connection closed first.
public struct AuthorizationNextResult: WireMessage {
    public var question: Question?

    /// A client's request as the REPL asks it: who, which types, and the sentence to show.
    public struct Question: WireMessage {
        public var id: Int
        public var client: String
        public var version: String?
        public var share: [String]
        public var read: [String]
        public var text: String

        public init(id: Int, client: String, version: String? = nil, share: [String], read: [String], text: String) {
            self.id = id
            self.client = client
            self.version = version
            self.share = share
            self.read = read
            self.text = text
        }

        public init(json: JSONValue) throws(WireDecodingError) {
            let fields = try WireFields(json)
            self.init(id: try fields.integer("id"), client: try fields.string("client"), version: try fields.optionalString("version"),
                      share: try fields.optionalStrings("share") ?? [], read: try fields.optionalStrings("read") ?? [],
                      text: try fields.optionalString("text") ?? "")
        }

        public var json: JSONValue {
            ["id": .number(Double(id)), "client": .string(client), "version": .optional(version),
             "share": .array(share.map(JSONValue.string)), "read": .array(read.map(JSONValue.string)), "text": .string(text)]
        }
    }

    public init(_ question: Question?) { self.question = question }

    public init(json: JSONValue) throws(WireDecodingError) {
        question = json.isNull ? nil : try Question(json: json)
    }

    public var json: JSONValue { question?.json ?? .null }
}

/// `authorization.answer`: how many decisions were recorded.
public struct AuthorizationAnswerResult: WireMessage {
    public var recorded: Int

    public init(recorded: Int) { self.recorded = recorded }

    public init(json: JSONValue) throws(WireDecodingError) { recorded = try WireFields(json).integer("recorded") }

    public var json: JSONValue { ["recorded": .number(Double(recorded))] }
}

/// `permissions.list`: the policy for unnamed clients and every client's decisions and writes.
public struct PermissionListResult: WireMessage {
    public var unnamedClients: String
    public var clients: [Client]

    /// One client: its decisions by type (allowed, denied) and what it wrote.
    public struct Client: WireMessage {
        public var name: String
        public var share: [(String, String)]
        public var read: [(String, String)]
        public var samples: Int
        public var workouts: Int

        public init(name: String, share: [(String, String)] = [], read: [(String, String)] = [], samples: Int = 0, workouts: Int = 0) {
            self.name = name
            self.share = share
            self.read = read
            self.samples = samples
            self.workouts = workouts
        }

        public init(json: JSONValue) throws(WireDecodingError) {
            let fields = try WireFields(json)
            self.init(name: try fields.string("name"), share: try fields.optionalTexts("share") ?? [],
                      read: try fields.optionalTexts("read") ?? [], samples: try fields.optionalInteger("samples") ?? 0,
                      workouts: try fields.optionalInteger("workouts") ?? 0)
        }

        public var json: JSONValue {
            .object([("name", .string(name)), ("share", .object(share.map { ($0.0, .string($0.1)) })),
                     ("read", .object(read.map { ($0.0, .string($0.1)) })),
                     ("samples", .number(Double(samples))), ("workouts", .number(Double(workouts)))])
        }

        public static func == (lhs: Client, rhs: Client) -> Bool { lhs.json == rhs.json }
    }

    public init(unnamedClients: String, clients: [Client]) {
        self.unnamedClients = unnamedClients
        self.clients = clients
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(unnamedClients: try fields.optionalString("unnamedClients") ?? "trusted", clients: try fields.optionalMessages("clients") ?? [])
    }

    public var json: JSONValue { ["unnamedClients": .string(unnamedClients), "clients": .array(clients.map(\.json))] }
}

/// `permissions.grant`, `.revoke` and `.reset`: the client and how many decisions changed.
public struct PermissionChangeResult: WireMessage {
    public var client: String
    public var changed: Int

    public init(client: String, changed: Int) {
        self.client = client
        self.changed = changed
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(client: try fields.string("client"), changed: try fields.integer("changed"))
    }

    public var json: JSONValue { ["client": .string(client), "changed": .number(Double(changed))] }
}

/// `permissions.policy`: how clients that said no hello are treated now (trusted or ask).
public struct PolicyResult: WireMessage {
    public var unnamedClients: String

    public init(unnamedClients: String) { self.unnamedClients = unnamedClients }

    public init(json: JSONValue) throws(WireDecodingError) { unnamedClients = try WireFields(json).string("unnamedClients") }

    public var json: JSONValue { ["unnamedClients": .string(unnamedClients)] }
}
