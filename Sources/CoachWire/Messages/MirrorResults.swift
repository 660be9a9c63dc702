// What the mirroring methods answer (docs/mirroring.md): `mirror.status` (and start, stop, offer
// and drop, which answer it too, stop and drop with what they did first), and the three a gateway
// sends another: `mirror.attach`, `mirror.detach`, `mirror.accept`. `coach mirror` prints it.

public struct MirrorStatusResult: WireMessage {
    /// `mirror.stop`: whether a link was stopped.
    public var stopped: Bool?
    /// `mirror.drop`: the mirrors and offers detached.
    public var dropped: [String]?
    /// mirror, primary or none.
    public var role: String
    /// This gateway's link to its primary (role mirror).
    public var link: Link?
    /// Not mirroring because the primary dropped this gateway (until it mirrors again).
    public var drop: Drop?
    /// The mirrors attached to this gateway, by host name.
    public var mirrors: [String]
    public var offers: [Offer]

    /// The link to the primary: the state machine's phase, its failures and what is on its way.
    public struct Link: Sendable, Equatable {
        public var target: String
        /// connecting, connected, backoff…
        public var state: String
        public var reason: String?
        /// Seconds until the next attempt, to the millisecond.
        public var retryIn: Double?
        public var failures: Int
        /// ISO 8601 with milliseconds: connected since.
        public var since: String?
        public var primaryWorkout: String?
        public var queuedSamples: Int
        public var anchor: Int?
        /// The workouts learned from the primary's change feed, newest last.
        public var caughtUp: [String]
        public var sshPID: Int?

        public init(target: String, state: String, reason: String? = nil, retryIn: Double? = nil, failures: Int = 0, since: String? = nil,
                    primaryWorkout: String? = nil, queuedSamples: Int = 0, anchor: Int? = nil, caughtUp: [String] = [], sshPID: Int? = nil) {
            self.target = target
            self.state = state
            self.reason = reason
            self.retryIn = retryIn
            self.failures = failures
            self.since = since
            self.primaryWorkout = primaryWorkout
            self.queuedSamples = queuedSamples
            self.anchor = anchor
            self.caughtUp = caughtUp
            self.sshPID = sshPID
        }
    }

    /// The last drop by a primary: whose, why and when (ISO 8601 with milliseconds).
    public struct Drop: Sendable, Equatable {
        public var target: String
        public var reason: String
        public var droppedAt: String

        public init(target: String, reason: String, droppedAt: String) {
            self.target = target
            self.reason = reason
            self.droppedAt = droppedAt
        }
    }

    /// A link this gateway offers a mirror (`mirror.offer`).
    public struct Offer: WireMessage {
        public var target: String
        public var state: String
        /// The mirror's host name once it accepted.
        public var mirror: String?
        public var reason: String?
        public var retryIn: Double?
        public var failures: Int
        public var since: String?
        public var sshPID: Int?

        public init(target: String, state: String, mirror: String? = nil, reason: String? = nil, retryIn: Double? = nil,
                    failures: Int = 0, since: String? = nil, sshPID: Int? = nil) {
            self.target = target
            self.state = state
            self.mirror = mirror
            self.reason = reason
            self.retryIn = retryIn
            self.failures = failures
            self.since = since
            self.sshPID = sshPID
        }

        public init(json: JSONValue) throws(WireDecodingError) {
            let fields = try WireFields(json)
            self.init(target: try fields.string("target"), state: try fields.string("state"), mirror: try fields.optionalString("mirror"),
                      reason: try fields.optionalString("reason"), retryIn: try fields.optionalNumber("retryIn"),
                      failures: try fields.optionalInteger("failures") ?? 0, since: try fields.optionalString("since"),
                      sshPID: try fields.optionalInteger("sshPID"))
        }

        public var json: JSONValue {
            var out = WireMembers()
            out.add("target", target)
            out.add("state", state)
            out.add("mirror", mirror)
            out.add("reason", reason)
            out.add("retryIn", retryIn)
            out.add("failures", failures)
            out.add("since", since)
            out.add("sshPID", sshPID)
            return out.json
        }
    }

    public init(stopped: Bool? = nil, dropped: [String]? = nil, role: String, link: Link? = nil, drop: Drop? = nil,
                mirrors: [String] = [], offers: [Offer] = []) {
        self.stopped = stopped
        self.dropped = dropped
        self.role = role
        self.link = link
        self.drop = drop
        self.mirrors = mirrors
        self.offers = offers
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        let role = try fields.string("role")
        var link: Link?
        var drop: Drop?
        if role == "mirror" {
            link = Link(target: try fields.string("target"), state: try fields.string("state"), reason: try fields.optionalString("reason"),
                        retryIn: try fields.optionalNumber("retryIn"), failures: try fields.optionalInteger("failures") ?? 0,
                        since: try fields.optionalString("since"), primaryWorkout: try fields.optionalString("primaryWorkout"),
                        queuedSamples: try fields.optionalInteger("queuedSamples") ?? 0, anchor: try fields.optionalInteger("anchor"),
                        caughtUp: try fields.optionalStrings("caughtUp") ?? [], sshPID: try fields.optionalInteger("sshPID"))
        } else if try fields.optionalString("state") == "dropped" {
            drop = Drop(target: try fields.string("target"), reason: try fields.string("reason"), droppedAt: try fields.string("droppedAt"))
        }
        self.init(stopped: try fields.optionalBool("stopped"), dropped: try fields.optionalStrings("dropped"), role: role, link: link,
                  drop: drop, mirrors: try fields.optionalStrings("mirrors") ?? [], offers: try fields.optionalMessages("offers") ?? [])
    }

    public var json: JSONValue {
        var out = WireMembers()
        out.add("stopped", stopped)
        out.add("dropped", dropped)
        out.add("role", role)
        if let link {
            out.add("target", link.target)
            out.add("state", link.state)
            out.add("reason", link.reason)
            out.add("retryIn", link.retryIn)
            out.add("failures", link.failures)
            out.add("since", link.since)
            out.add("primaryWorkout", JSONValue.optional(link.primaryWorkout))
            out.add("queuedSamples", link.queuedSamples)
            out.add("anchor", link.anchor.map { JSONValue.number(Double($0)) } ?? .null)
            out.add("caughtUp", link.caughtUp)
            out.add("sshPID", link.sshPID)
        } else if let drop {
            out.add("state", .string("dropped"))
            out.add("target", drop.target)
            out.add("reason", drop.reason)
            out.add("droppedAt", drop.droppedAt)
        }
        out.add("mirrors", mirrors)
        out.add("offers", .array(offers.map(\.json)))
        return out.json
    }
}

/// `mirror.attach`, `mirror.detach` and `mirror.accept`: done (and, accepting, this gateway's host name).
public struct MirrorLinkResult: WireMessage {
    /// attached, detached or accepted.
    public var done: String
    public var mirror: String?

    public static let names = ["attached", "detached", "accepted"]

    public init(_ done: String, mirror: String? = nil) {
        self.done = done
        self.mirror = mirror
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        guard let done = Self.names.first(where: { fields.contains($0) }) else {
            throw WireDecodingError(path: "", problem: "expected: attached|detached|accepted")
        }
        self.init(done, mirror: try fields.optionalString("mirror"))
    }

    public var json: JSONValue {
        var out = WireMembers()
        out.add(done, .bool(true))
        out.add("mirror", mirror)
        return out.json
    }
}
