// EventLog: the recent events of one server run, each with an id, and what a client reconnecting
// with `Last-Event-ID` is owed — everything after that id and nothing it already has. Ids are
// `<run>-<sequence>`: an id from an earlier run (the gateway restarted) or one that fell off the
// end of the log cannot be resumed, and the client gets the current status instead of a gap it
// cannot see. Pure and generic over the payload, so the rules are tested without a socket.

public struct EventID: Sendable, Hashable, CustomStringConvertible {
    public var run: String
    public var sequence: UInt64

    public init(run: String, sequence: UInt64) {
        self.run = run
        self.sequence = sequence
    }

    /// Parses `<run>-<sequence>`; nil for anything else (a client may send any string).
    public init?(_ text: String) {
        guard let dash = text.lastIndex(of: "-"), dash != text.startIndex,
              let sequence = UInt64(text[text.index(after: dash)...]) else { return nil }
        self.run = String(text[..<dash])
        self.sequence = sequence
    }

    public var description: String { "\(run)-\(sequence)" }
}

public struct EventLog<Payload: Sendable>: Sendable {
    public struct Entry: Sendable {
        public var id: EventID
        public var payload: Payload
        /// Whether this entry is a whole status (what a client that resumes nothing starts from).
        public var isStatus: Bool
    }

    /// What a client gets before live events.
    public enum Resume: Sendable {
        /// The entries after its id, in order (empty: it is up to date).
        case replay([Entry])
        /// Its id cannot be resumed (none, another run, too old, unknown): the latest status, if any.
        case fresh(Entry?)

        public var entries: [Entry] {
            switch self {
            case .replay(let entries): return entries
            case .fresh(let latest): return latest.map { [$0] } ?? []
            }
        }
    }

    public let run: String
    public let capacity: Int
    /// Oldest first; at most `capacity`.
    private(set) var entries: [Entry] = []
    private var start = 0
    private(set) var nextSequence: UInt64 = 1
    /// The latest status, kept even when announcements pushed it out of the ring.
    private(set) var latestStatus: Entry?

    public init(run: String, capacity: Int = 256) {
        self.run = run
        self.capacity = max(1, capacity)
        entries.reserveCapacity(self.capacity)
    }

    /// Appends an event and returns it with its id.
    @discardableResult
    public mutating func append(_ payload: Payload, isStatus: Bool) -> Entry {
        let entry = Entry(id: EventID(run: run, sequence: nextSequence), payload: payload, isStatus: isStatus)
        nextSequence += 1
        if entries.count < capacity {
            entries.append(entry)
        } else {
            entries[start] = entry
            start = (start + 1) % capacity
        }
        if isStatus { latestStatus = entry }
        return entry
    }

    /// The entries in order, oldest first.
    public var ordered: [Entry] { Array(entries[start...] + entries[..<start]) }

    public var lastID: EventID? { nextSequence > 1 ? EventID(run: run, sequence: nextSequence - 1) : nil }

    /// What a client that last saw `lastEventID` (the header's text, nil without one) is owed.
    public func resume(after lastEventID: String?) -> Resume {
        guard let text = lastEventID, let id = EventID(text), id.run == run, id.sequence < nextSequence else {
            return .fresh(latestStatus)
        }
        if id.sequence == nextSequence - 1 { return .replay([]) }
        let ordered = self.ordered
        // Resumable only if nothing after it has been forgotten: the entry right after it is kept.
        guard let oldest = ordered.first, oldest.id.sequence <= id.sequence + 1 else { return .fresh(latestStatus) }
        return .replay(ordered.filter { $0.id.sequence > id.sequence })
    }
}
