// What `subscribe` and `unsubscribe` answer: which notifications this connection gets from now on.

public struct SubscribeResult: WireMessage {
    public var subscribed: Bool
    public var events: Bool
    public var status: Bool
    public var feed: Bool
    public var changes: Bool

    public init(events: Bool, status: Bool, feed: Bool, changes: Bool) {
        self.subscribed = true
        self.events = events
        self.status = status
        self.feed = feed
        self.changes = changes
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        subscribed = try fields.bool("subscribed")
        events = try fields.optionalBool("events") ?? false
        status = try fields.optionalBool("status") ?? false
        feed = try fields.optionalBool("feed") ?? false
        changes = try fields.optionalBool("changes") ?? false
    }

    public var json: JSONValue {
        ["subscribed": .bool(subscribed), "events": .bool(events), "status": .bool(status), "feed": .bool(feed),
         "changes": .bool(changes)]
    }
}

/// `unsubscribe`: `{"subscribed":false}`.
public struct UnsubscribeResult: WireMessage {
    public init() {}

    public init(json: JSONValue) throws(WireDecodingError) {
        guard try WireFields(json).bool("subscribed") == false else {
            throw WireDecodingError(path: "subscribed", problem: "expected: false")
        }
    }

    public var json: JSONValue { ["subscribed": false] }
}
