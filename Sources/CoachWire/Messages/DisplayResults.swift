// What the display methods answer: lock and unlock, the faces' endpoints, tmux.follow, feed.render.

/// `lock` and `unlock`: whether metrics are hidden now, and the sentence saying so.
public struct LockResult: WireMessage {
    public var locked: Bool
    public var message: String

    public init(locked: Bool, message: String) {
        self.locked = locked
        self.message = message
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        locked = try fields.bool("locked")
        message = try fields.optionalString("message") ?? ""
    }

    public var json: JSONValue { ["locked": .bool(locked), "message": .string(message)] }
}

/// `endpoints`: where the gateway's other faces listen, by name ("http"); a face that is off is absent.
public struct EndpointsResult: WireMessage {
    /// Name and URL, sorted by name.
    public var endpoints: [(String, String)]

    public init(_ endpoints: [String: String]) {
        self.endpoints = endpoints.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        var endpoints: [String: String] = [:]
        for (name, _) in fields.members { endpoints[name] = try fields.string(name) }
        self.init(endpoints)
    }

    public var json: JSONValue { .object(endpoints.map { ($0.0, .string($0.1)) }) }

    public subscript(name: String) -> String? { endpoints.first { $0.0 == name }?.1 }

    public static func == (lhs: EndpointsResult, rhs: EndpointsResult) -> Bool { lhs.json == rhs.json }
}

/// `tmux.follow`: the tmux server now followed ("default", or its -S/-L arguments).
public struct FollowResult: WireMessage {
    public var following: String

    public init(following: String) { self.following = following }

    public init(json: JSONValue) throws(WireDecodingError) {
        following = try WireFields(json).string("following")
    }

    public var json: JSONValue { ["following": .string(following)] }
}

/// `feed.render`: the status line(s) as coach-status prints them, in the format asked for (a JSON
/// format's output is still a string: the line the bar reads).
public struct FeedRenderResult: WireMessage {
    public var text: String

    public init(_ text: String) { self.text = text }

    public init(json: JSONValue) throws(WireDecodingError) {
        guard let text = json.stringValue else { throw WireDecodingError(path: "", problem: "expected: string") }
        self.text = text
    }

    public var json: JSONValue { .string(text) }
}
