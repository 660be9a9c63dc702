// Moving a snapshot forward in time without the engine: while nothing happens, only the clock
// changes what a status shows. Lets readers get the status without waiting on the manager actor.

import CoachWire

extension WorkoutSnapshot {
    /// This snapshot as it reads at `now`, assuming no input arrived since it was taken.
    /// `countdownDeadline` is the instant the countdown ends, when one runs.
    public func advanced(to now: Timestamp, countdownDeadline: MonotonicInstant?) -> WorkoutSnapshot {
        var copy = self
        let passed = Swift.max(now.monotonic - at.monotonic, .zero)
        copy.at = now
        switch state {
        case .running:
            copy.elapsed = elapsed + passed.seconds
            if case .time(let seconds)? = goal, seconds > 0 {
                copy.goalProgress = Swift.min(copy.elapsed / seconds, 1)
            }
        case .prepared:
            if let deadline = countdownDeadline {
                let left = deadline - now.monotonic
                copy.countdown = left > .zero ? Int(left.seconds.rounded(.up)) : 0
            }
        default:
            break
        }
        return copy
    }
}
