// The event stream's limits as pure state: how many clients may follow at once (one more is
// refused with 503, so a runaway page cannot take the gateway's descriptors), and when a client
// that stopped reading is dropped. A display needs only the newest status, so a client that cannot
// take an event skips it; one that has skipped `limit` in a row is gone (a dead phone, a frozen
// tab) and is closed — its buffers are freed and nobody else waits for it (StreamLimitsTests).

/// Counts the streams open now against the maximum.
public struct StreamAdmission: Sendable, Hashable {
    public let maximum: Int
    public private(set) var open = 0

    public init(maximum: Int) { self.maximum = max(0, maximum) }

    /// True when one more stream may open (and counts it).
    public mutating func admit() -> Bool {
        guard open < maximum else { return false }
        open += 1
        return true
    }

    public mutating func release() { open = max(0, open - 1) }
}

/// One client's backlog: events it could not take since it last could.
public struct SlowReader: Sendable, Hashable {
    public let limit: Int
    public private(set) var skipped = 0

    public init(limit: Int) { self.limit = max(1, limit) }

    public enum Decision: Sendable, Hashable {
        case write
        /// Its buffers are full: skip this one, the next status supersedes it.
        case skip
        /// It has not taken anything for `limit` events: close it.
        case drop
    }

    public mutating func event(writable: Bool) -> Decision {
        if writable {
            skipped = 0
            return .write
        }
        skipped += 1
        return skipped >= limit ? .drop : .skip
    }
}
