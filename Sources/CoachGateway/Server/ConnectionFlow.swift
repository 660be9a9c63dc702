// ConnectionFlow: the bookkeeping of one connection as pure state machines, apart from the I/O.
// `RequestFlow` counts the requests read and not yet answered and decides when reading pauses and
// resumes (backpressure) and when replies are flushed; it lives on the channel's event loop.
// `SubscriberBacklog` counts the notifications a subscriber could not take and decides when it is
// dropped; it is shared with the subscription tasks under one lock. ConnectionHandler computes
// each step and then performs what it returns (async-http-client's pattern): the rules can be
// tested without a socket (ConnectionFlowTests).

/// Requests in flight on one connection. Event-loop bound: every call is on the channel's loop.
struct RequestFlow: Sendable, Hashable {
    /// Requests in flight beyond which the socket is not read until they drain.
    let maximumInFlight: Int
    private(set) var inFlight = 0
    private(set) var readingPaused = false

    init(maximumInFlight: Int) { self.maximumInFlight = maximumInFlight }

    /// Whether a request read now may be answered on the spot: nothing ahead of it to overtake.
    var mayAnswerAtOnce: Bool { inFlight == 0 }

    /// A request was queued for the processing task. True: stop reading the socket now.
    mutating func queued() -> Bool {
        inFlight += 1
        guard inFlight >= maximumInFlight, !readingPaused else { return false }
        readingPaused = true
        return true
    }

    /// Reading resumes once this few are left in flight: half the limit, so a pipelining client
    /// keeps the gateway busy. Resuming only when the queue ran dry made every window stop and
    /// wait for its slowest reply (durable samples: 16 000/s; Benchmarks/socket/run.sh).
    var resumeBelow: Int { maximumInFlight / 2 }

    /// What to do once a queued request's reply is written.
    struct AfterReply: Sendable, Hashable {
        /// The queue ran dry: flush the replies written so far.
        var flush = false
        /// Reading was paused and the queue is down to `resumeBelow`: read again.
        var resumeReading = false
    }

    mutating func answered() -> AfterReply {
        // Never below zero: a bookkeeping slip must not stop the gateway (each queued request
        // yields exactly one reply, so this does not happen).
        inFlight = Swift.max(inFlight - 1, 0)
        var after = AfterReply(flush: inFlight == 0)
        if readingPaused, inFlight <= resumeBelow {
            readingPaused = false
            after.resumeReading = true
        }
        return after
    }
}

/// Replies worked out but not yet written: the writer task adds them, the event loop takes them
/// all at once. One event-loop hop per batch instead of one per reply (a hop wakes the loop).
struct Outbox: Sendable {
    private(set) var replies: [String?] = []
    private(set) var writeScheduled = false

    /// Adds a reply (nil: nothing to write, but it counts as answered). True: schedule a write.
    mutating func add(_ reply: String?) -> Bool {
        replies.append(reply)
        defer { writeScheduled = true }
        return !writeScheduled
    }

    /// Everything waiting, in order; the next `add` schedules a new write.
    mutating func take() -> [String?] {
        defer { replies = []; writeScheduled = false }
        return replies
    }
}

/// How far a subscriber has fallen behind: notifications it could not take since it last could.
struct SubscriberBacklog: Sendable, Hashable {
    /// Notifications a subscriber may fall behind by before it is disconnected.
    let limit: Int
    private(set) var behind = 0
    /// Dropped: the subscription is over and nothing more is written.
    private(set) var isOver = false

    init(limit: Int) { self.limit = limit }

    enum Decision: Sendable, Hashable {
        /// Write the notification.
        case write
        /// The client is not reading: skip this one (a display needs only the newest).
        case skip
        /// Too far behind: tell it why and disconnect (`behind` notifications missed).
        case drop(behind: Int)
        /// Already dropped: write nothing.
        case over
    }

    /// A notification is ready and the channel is (or is not) writable.
    mutating func notification(writable: Bool) -> Decision {
        if isOver { return .over }
        if writable {
            behind = 0
            return .write
        }
        behind += 1
        guard behind >= limit else { return .skip }
        isOver = true
        return .drop(behind: behind)
    }
}
