// ConnectionDoor: who may hold a connection to a request/response port (the browser page, the
// Wyoming port) while hostile clients try to keep everyone else out. Pure state, the time given:
// a connection waiting for a request must have it whole within `deadline` (of opening, or of its
// previous answer), however slowly its bytes trickle in; when the door is full, the newcomer is let
// in and the waiting connection that has sent the least of a request for the longest is closed
// instead (a browser sends its whole head at once, so it always gets in); with `perPeer` set, one
// address holds at most that many, its own worst one making room. A connection being answered is
// never closed for a newcomer; one that became a stream leaves the door (its port counts streams
// itself). ConnectionDoorKeeper performs the decisions on NIO channels (ConnectionDoorTests).

public struct DoorLimits: Sendable, Hashable {
    /// Connections at once, waiting or being answered (streams aside).
    public var connections: Int
    /// Connections at once from one address; nil: no limit (a loopback-only port).
    public var perPeer: Int?
    /// Time for a whole request to arrive.
    public var deadline: Duration
    /// A connection this young is closed for a newcomer only when no older one waits: it has had
    /// no time yet to send its request.
    public var grace: Duration

    public init(connections: Int = 1024, perPeer: Int? = nil, deadline: Duration = .seconds(5), grace: Duration = .milliseconds(500)) {
        self.connections = max(1, connections)
        self.perPeer = perPeer.map { max(1, $0) }
        self.deadline = deadline
        self.grace = grace
    }
}

public struct ConnectionDoor<ID: Hashable & Sendable>: Sendable {
    public typealias Instant = ContinuousClock.Instant

    enum Phase: Sendable {
        /// Waiting for a request since then, with this many bytes of it so far.
        case waiting(since: Instant, bytes: Int)
        /// A whole request arrived; the answer is being made.
        case answering
    }

    struct Entry: Sendable {
        var peer: String
        var phase: Phase
        /// When it connected: among equals the older is the one closed.
        var opened: Instant
    }

    public enum Admission: Sendable, Hashable {
        /// Let it in, closing these to make room.
        case admit(closing: [ID])
        /// Nothing can make room (every connection is being answered): close the newcomer.
        case refuse
    }

    public let limits: DoorLimits
    private var entries: [ID: Entry] = [:]

    public init(limits: DoorLimits) { self.limits = limits }

    public var count: Int { entries.count }

    public func count(peer: String) -> Int { entries.values.reduce(0) { $0 + ($1.peer == peer ? 1 : 0) } }

    /// A new connection from `peer`. The ones it closes are already out of the door.
    public mutating func arrive(_ id: ID, peer: String, now: Instant) -> Admission {
        var closing: [ID] = []
        if let perPeer = limits.perPeer, count(peer: peer) >= perPeer {
            guard let victim = worstWaiting(now: now, where: { $0.peer == peer }) else { return .refuse }
            closing.append(victim)
        }
        if entries.count - closing.count >= limits.connections {
            guard let victim = worstWaiting(now: now, where: { _ in true }, excluding: closing) else { return .refuse }
            closing.append(victim)
        }
        for victim in closing { entries[victim] = nil }
        entries[id] = Entry(peer: peer, phase: .waiting(since: now, bytes: 0), opened: now)
        return .admit(closing: closing)
    }

    /// Bytes of a request arrived (counted only while it waits for one).
    public mutating func received(_ id: ID, bytes: Int) {
        guard case .waiting(let since, let sofar)? = entries[id]?.phase else { return }
        entries[id]?.phase = .waiting(since: since, bytes: sofar + bytes)
    }

    /// A whole request arrived: it is answered and not closed for a newcomer meanwhile.
    public mutating func requestArrived(_ id: ID) {
        guard entries[id] != nil else { return }
        entries[id]?.phase = .answering
    }

    /// Its answer is sent and it stays open: the next request has `deadline` from now.
    public mutating func answered(_ id: ID, now: Instant) {
        guard entries[id] != nil else { return }
        entries[id]?.phase = .waiting(since: now, bytes: 0)
    }

    /// Closed, or became a stream that its port counts itself.
    public mutating func leave(_ id: ID) { entries[id] = nil }

    /// Connections whose request did not arrive whole in time; they are out of the door.
    public mutating func expire(now: Instant) -> [ID] {
        let late = entries.compactMap { id, entry -> ID? in
            guard case .waiting(let since, _) = entry.phase, now - since >= limits.deadline else { return nil }
            return id
        }
        for id in late { entries[id] = nil }
        return late
    }

    /// The waiting connection that has sent the least for the longest: past the grace first, then
    /// the fewest bytes, then the longest wait, then the oldest connection.
    private func worstWaiting(now: Instant, where include: (Entry) -> Bool, excluding: [ID] = []) -> ID? {
        var best: (id: ID, key: (Int, Int, Instant, Instant))?
        for (id, entry) in entries where include(entry) && !excluding.contains(id) {
            guard case .waiting(let since, let bytes) = entry.phase else { continue }
            let key = (now - since < limits.grace ? 1 : 0, bytes, since, entry.opened)
            if best == nil || key < best!.key { best = (id, key) }
        }
        return best?.id
    }
}
