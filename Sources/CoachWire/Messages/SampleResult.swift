// What `sample` answers: whether the sample counted and how (HealthKit's add, a sync
// identifier's replace, an older version ignored), or why it was refused; on a mirror, "queued"
// while its primary is unreachable.

public struct SampleResult: WireMessage {
    public var accepted: Bool
    /// added, replaced, ignoredOlderVersion, rejected, or queued (a mirror's outbox).
    public var outcome: String
    /// Why it was rejected (notCollecting, implausibleValue, typeNotCollected), or why it is queued.
    public var reason: String?
    /// The refusal in words, when there is more to say than the reason code.
    public var message: String?
    /// The saved workout the sample was added to (`sample` with `workout`).
    public var workout: String?
    /// The identifier a mirror gave the sample, so a resend replaces it.
    public var syncIdentifier: String?

    public init(accepted: Bool, outcome: String, reason: String? = nil, message: String? = nil, workout: String? = nil,
                syncIdentifier: String? = nil) {
        self.accepted = accepted
        self.outcome = outcome
        self.reason = reason
        self.message = message
        self.workout = workout
        self.syncIdentifier = syncIdentifier
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        accepted = try fields.bool("accepted")
        outcome = try fields.string("outcome")
        reason = try fields.optionalString("reason")
        message = try fields.optionalString("message")
        workout = try fields.optionalString("workout")
        syncIdentifier = try fields.optionalString("syncIdentifier")
    }

    public var json: JSONValue {
        var out = WireMembers()
        out.add("accepted", .bool(accepted))
        out.add("outcome", .string(outcome))
        out.add("reason", reason)
        out.add("message", message)
        out.add("workout", workout)
        out.add("syncIdentifier", syncIdentifier)
        return out.json
    }
}
