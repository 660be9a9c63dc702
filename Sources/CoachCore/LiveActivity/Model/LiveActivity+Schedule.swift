// When the activity's content next changes by the clock alone (no new snapshot): the next whole
// elapsed second while running, a reading going stale, the ended summary being dismissed. The feed
// sleeps until exactly then, so the elapsed time turns over when the real second does and an idle
// feed never wakes.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension LiveActivity {
    /// The first instant after `now` at which `content(at:)` shows something different; nil when
    /// nothing changes until the next input (idle, dismissed, paused with no reading left to age).
    public func nextChange(after now: Timestamp) -> MonotonicInstant? {
        guard attributes != nil, let snapshot else { return nil }
        if let endedAt {
            let dismissal = dismissal.dismissalDate(endedAt: endedAt)
            let left = dismissal.timeIntervalSince(now.date)
            guard left >= 0 else { return nil }
            // Dismissed once the wall clock reaches the date; the monotonic clock stands in for it.
            return now.monotonic + Self.duration(roundingUp: left)
        }
        var candidates: [MonotonicInstant] = []
        if snapshot.state == .running { candidates.append(Self.nextWholeSecond(of: snapshot, after: now)) }
        // A reading stops showing (and, running, the whole content goes stale) once it is older
        // than `staleAfter`: `isStale` and `reading` compare with `>`, hence the nanosecond.
        for statistics in snapshot.statistics.values {
            guard let at = statistics.mostRecentAt else { continue }
            let expiry = at.monotonic + configuration.staleAfter + .nanoseconds(1)
            if expiry > now.monotonic { candidates.append(expiry) }
        }
        return candidates.min()
    }

    /// The first nanosecond at which the running clock shows its next whole second.
    static func nextWholeSecond(of snapshot: WorkoutSnapshot, after now: Timestamp) -> MonotonicInstant {
        let target = (elapsed(of: snapshot, at: now).rounded(.down) + 1)
        var deadline = snapshot.at.monotonic + duration(roundingUp: target - snapshot.elapsed)
        // Double rounding can put the computed instant a nanosecond or two off the first one at
        // which the clock shows `target`: step to exactly that instant.
        func reached(_ instant: MonotonicInstant) -> Bool {
            elapsed(of: snapshot, at: Timestamp(monotonic: instant, date: now.date)) >= target
        }
        var nudges = 0
        while nudges < 64, !reached(deadline) {
            deadline = deadline + .nanoseconds(1)
            nudges += 1
        }
        while nudges < 64, reached(deadline - .nanoseconds(1)) {
            deadline = deadline - .nanoseconds(1)
            nudges += 1
        }
        return Swift.max(deadline, now.monotonic + .nanoseconds(1))
    }

    /// Seconds as a whole number of nanoseconds, never shorter than asked (and never negative).
    static func duration(roundingUp seconds: Double) -> Duration {
        guard seconds.isFinite, seconds > 0 else { return .zero }
        // A day is far beyond any deadline here; the cap keeps the conversion in range.
        let nanoseconds = Swift.min(seconds, 86_400 * 365) * 1e9
        return .nanoseconds(Int64(nanoseconds.rounded(.up)))
    }
}
