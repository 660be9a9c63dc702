// Who holds the privacy lock. Two can: the user (`coach lock`) and the login session
// (`lock.follow: logind`, while the screen is locked). Metrics are hidden while anyone holds it.
// Kept as holders rather than one flag so the session can let go of only what it took: a user's
// `coach lock` stays until `coach unlock`, whatever the screen does (docs/status-feed.md, "Privacy").

public struct LockHolders: Sendable, Hashable {
    public enum Holder: String, Sendable, Hashable, CaseIterable {
        /// `coach lock` (the socket's `lock`): remembered across restarts.
        case user
        /// The login session's LockedHint: not remembered, read again when the gateway starts.
        case session
    }

    public private(set) var holders: Set<Holder>

    public init(_ holders: Set<Holder> = []) { self.holders = holders }

    /// Metrics are hidden.
    public var isLocked: Bool { !holders.isEmpty }

    /// The user's own lock is held (what the state directory remembers).
    public var heldByUser: Bool { holders.contains(.user) }

    /// `coach lock` / `coach unlock`. Unlocking is the user's explicit word and releases every
    /// holder, the session's too (it takes the lock again the next time the screen locks).
    /// Returns whether metrics went from shown to hidden or back.
    public mutating func user(_ locked: Bool) -> Bool {
        change { holders in
            if locked { holders.insert(.user) } else { holders.removeAll() }
        }
    }

    /// The session's LockedHint became `locked`. Unlocking releases only the session's hold.
    public mutating func session(_ locked: Bool) -> Bool {
        change { holders in
            if locked { holders.insert(.session) } else { holders.remove(.session) }
        }
    }

    private mutating func change(_ body: (inout Set<Holder>) -> Void) -> Bool {
        let before = isLocked
        body(&holders)
        return before != isLocked
    }
}
