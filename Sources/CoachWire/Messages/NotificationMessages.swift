// The params of the notifications a connection gets without asking for each (docs/protocol.md,
// "Notifications"): `event`, an announcement, and `disconnect`, the reason the gateway is about
// to close it. `status` carries a WireWorkout and `changes` a ChangesResult; `feed` the Live
// Activity content (docs/status-feed.md).

/// `event`: an announcement in words, with the workout's state and elapsed time when it was made.
public struct EventNotification: WireMessage {
    /// stateChanged, countdown, lap, marker, goalReached, saved, discarded, recovered, …
    public var event: String
    public var message: String
    public var state: String
    /// Seconds, pauses excluded, to the millisecond.
    public var elapsed: Double

    public init(event: String, message: String, state: String, elapsed: Double) {
        self.event = event
        self.message = message
        self.state = state
        self.elapsed = elapsed
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(event: try fields.string("event"), message: try fields.string("message"),
                  state: try fields.optionalString("state") ?? "", elapsed: try fields.optionalNumber("elapsed") ?? 0)
    }

    public var json: JSONValue {
        ["event": .string(event), "message": .string(message), "state": .string(state), "elapsed": .number(elapsed)]
    }
}

/// `disconnect`: why the connection is closed next — a subscriber that stopped reading, or a
/// mirror its primary dropped (`dropped`, with the primary's host name).
public struct DisconnectNotification: WireMessage {
    public var reason: String
    /// The primary's user detached this mirror: not a loss to retry.
    public var dropped: Bool
    public var primary: String?

    public init(reason: String, dropped: Bool = false, primary: String? = nil) {
        self.reason = reason
        self.dropped = dropped
        self.primary = primary
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(reason: try fields.optionalString("reason") ?? "", dropped: try fields.optionalBool("dropped") ?? false,
                  primary: try fields.optionalString("primary"))
    }

    public var json: JSONValue {
        var out = WireMembers()
        out.add("reason", reason)
        if dropped { out.add("dropped", .bool(true)) }
        out.add("primary", primary)
        return out.json
    }
}
