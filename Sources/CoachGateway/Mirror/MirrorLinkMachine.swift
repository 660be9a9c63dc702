// The mirror link as a pure state machine: connecting → syncing → live → disconnected(reason) →
// backoff → connecting … Events in, actions out; the MirrorLink actor performs the actions (open
// the channel, sync, announce, arm a retry timer). Backoff as gRPC's connection-backoff: ×1.6 per
// failure, ±20 % jitter, a cap, reset once a link went live (shared/reference/ssh-bridge.md §5).

import CoachCore

public enum MirrorLinkPhase: Sendable, Hashable {
    case stopped
    case connecting
    case syncing
    case live
    /// The link dropped; `retrying` false means it will not be retried (trust or set-up problem).
    case disconnected(reason: String, retrying: Bool)
    case backoff(reason: String, delay: Duration)

    public var name: String {
        switch self {
        case .stopped: return "stopped"
        case .connecting: return "connecting"
        case .syncing: return "syncing"
        case .live: return "live"
        case .disconnected: return "disconnected"
        case .backoff: return "backoff"
        }
    }

    public var reason: String? {
        switch self {
        case .disconnected(let reason, _), .backoff(let reason, _): return reason
        default: return nil
        }
    }
}

public struct MirrorLinkMachine: Sendable {
    public enum Event: Sendable, Hashable {
        case start
        /// The channel to the primary is open.
        case opened
        /// Subscribed, the primary's state shown, the change feed and the outbox caught up.
        case synced
        /// The channel ended or could not open. `retryable` false: give up (host key, auth, no coach).
        /// `jitter` in 0…1 picks the point in the ±20 % band (injected: the machine stays pure).
        case lost(reason: String, retryable: Bool, jitter: Double)
        case retryDue
        case stop
    }

    public enum Action: Sendable, Hashable {
        case open
        case sync
        case close
        case announceLive
        case announceLost(reason: String, retryIn: Duration?)
        case scheduleRetry(Duration)
        case cancelRetry
    }

    public struct Backoff: Sendable, Hashable {
        public var initial: Duration = .milliseconds(250)
        public var multiplier = 1.6
        public var jitter = 0.2
        public var maximum: Duration = .seconds(10)
        public init() {}
    }

    public private(set) var phase: MirrorLinkPhase = .stopped
    /// Failed attempts since the link was last live.
    public private(set) var failures = 0
    public let backoff: Backoff

    public init(backoff: Backoff = Backoff()) { self.backoff = backoff }

    /// The delay before retry number `failures` (1-based), `jitter` in 0…1 across the band.
    public func delay(afterFailures failures: Int, jitter: Double) -> Duration {
        var seconds = backoff.initial.seconds
        for _ in 1..<max(1, failures) { seconds = min(seconds * backoff.multiplier, backoff.maximum.seconds) }
        let spread = 1 + backoff.jitter * (2 * min(max(jitter, 0), 1) - 1)
        return .milliseconds(Int64((min(seconds, backoff.maximum.seconds) * spread * 1000).rounded()))
    }

    public mutating func handle(_ event: Event) -> [Action] {
        switch (phase, event) {
        case (.stopped, .start), (.disconnected(_, false), .start):
            phase = .connecting
            failures = 0
            return [.open]
        case (_, .start):
            return []
        case (.connecting, .opened):
            phase = .syncing
            return [.sync]
        case (.syncing, .synced):
            phase = .live
            failures = 0
            return [.announceLive]
        case (.connecting, .lost(let reason, let retryable, let jitter)),
             (.syncing, .lost(let reason, let retryable, let jitter)),
             (.live, .lost(let reason, let retryable, let jitter)):
            guard retryable else {
                phase = .disconnected(reason: reason, retrying: false)
                return [.close, .announceLost(reason: reason, retryIn: nil)]
            }
            failures += 1
            let wait = delay(afterFailures: failures, jitter: jitter)
            phase = .backoff(reason: reason, delay: wait)
            return [.close, .announceLost(reason: reason, retryIn: wait), .scheduleRetry(wait)]
        case (.backoff, .retryDue):
            phase = .connecting
            return [.open]
        case (.stopped, .stop):
            return []
        case (_, .stop):
            phase = .stopped
            return [.cancelRetry, .close]
        default:
            // A late event from a channel already given up (an `opened` after a stop): nothing.
            return []
        }
    }
}
