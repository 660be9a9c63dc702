// `lock.follow: logind` as a pure value: what the D-Bus edge observed about the user's login
// session goes in, what the gateway should do comes out (take or release the session's hold on
// the privacy lock, a line for the serve log). The edge (CoachBluetooth's LogindLockWatch) only
// reads the bus; LockHolders decides what a release may unlock.

public struct SessionLockFollower: Sendable {
    public enum Event: Sendable, Hashable {
        /// The session to follow was found (`how`: "XDG_SESSION_ID", "the gateway's pid", …).
        case found(session: String, how: String)
        /// The session's LockedHint, first as read, then each time it changes.
        case lockedHint(Bool)
        /// Nothing to follow: no libsystemd, no bus, no logind, no session. Says why.
        case unavailable(String)
        /// The bus went away while following. Says why.
        case lost(String)
    }

    public enum Action: Sendable, Hashable {
        /// Hide metrics on the session's behalf (LockHolders.session(true)).
        case lockSession
        /// Release the session's hold (a user's `coach lock` stays).
        case unlockSession
        /// A line for the serve log: `warning` goes to stderr.
        case log(String, warning: Bool)
    }

    public static let prefix = "lock.follow: logind: "

    /// The last LockedHint acted on; nil before the first one and after the bus is lost.
    public private(set) var lastHint: Bool?
    public private(set) var following = false

    public init() {}

    public mutating func handle(_ event: Event) -> [Action] {
        switch event {
        case .found(let session, let how):
            following = true
            lastHint = nil
            return [.log(Self.prefix + "following session \(session) (found by \(how)): its screen lock hides metrics", warning: false)]
        case .lockedHint(let locked):
            // logind repeats a property in PropertiesChanged when another one changes beside it.
            guard following, lastHint != locked else { return [] }
            lastHint = locked
            return [locked ? .lockSession : .unlockSession]
        case .unavailable(let reason):
            following = false
            lastHint = nil
            return [.log(Self.prefix + reason + " — locking stays manual (coach lock / coach unlock)", warning: true)]
        case .lost(let reason):
            // Privacy first: a lock the session took stays until `coach unlock` — the follower can
            // no longer see the screen being unlocked, only the user can say it is.
            let held = lastHint == true
            following = false
            lastHint = nil
            let stays = held ? "; metrics stay hidden until coach unlock" : ""
            return [.log(Self.prefix + reason + stays + " — locking stays manual (coach lock / coach unlock)", warning: true)]
        }
    }
}
