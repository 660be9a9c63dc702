// How often the state goes out: at once when the phase changes (a pause must show now), otherwise
// at most once per interval (a heart-rate strap sends several readings a second; Home Assistant's
// recorder wants one value a second at most). What is held back is sent when its turn comes; an
// unchanged state is never sent again.

import CoachCore

public struct StateThrottle: Sendable {
    public enum Decision: Sendable, Hashable {
        case send(HomeAssistantState)
        /// Held until that instant (`due(at:)` then gives it).
        case hold(until: MonotonicInstant)
        case nothing
    }

    public let interval: Duration
    private var last: (state: HomeAssistantState, at: MonotonicInstant)?
    private var pending: HomeAssistantState?

    public init(interval: Duration = .seconds(1)) { self.interval = interval }

    /// A new state from the feed.
    public mutating func offer(_ state: HomeAssistantState, at now: MonotonicInstant) -> Decision {
        guard let last else { return sent(state, at: now) }
        if state == last.state {
            pending = nil
            return .nothing
        }
        if state.phase != last.state.phase || now - last.at >= interval { return sent(state, at: now) }
        pending = state
        return .hold(until: last.at + interval)
    }

    /// The held state, once its turn has come. It counts as sent when its turn came, not when the
    /// thread got round to it: otherwise each wake-up's lateness would push the next turn later,
    /// and a feed that changes once an interval (elapsed, every second) would fall further behind
    /// each time — measured, by a tenth of a second after a hundred changes (Benchmarks/class/).
    public mutating func due(at now: MonotonicInstant) -> HomeAssistantState? {
        guard let pending, let last, now - last.at >= interval else { return nil }
        _ = sent(pending, at: last.at + interval)
        return pending
    }

    /// When the held state is due, if one is.
    public var deadline: MonotonicInstant? {
        guard pending != nil, let last else { return nil }
        return last.at + interval
    }

    /// The connection is new: the broker's copy may be stale, so the next state goes out at once.
    public mutating func reset() {
        last = nil
        pending = nil
    }

    /// Records `state` as published now (a reconnect's republish goes through here too).
    public mutating func sent(_ state: HomeAssistantState, at now: MonotonicInstant) -> Decision {
        last = (state, now)
        pending = nil
        return .send(state)
    }
}
