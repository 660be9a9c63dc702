// What the engine knows about a goal (the type itself is CoachWire's WorkoutGoal): the largest
// it accepts and how far a workout has come towards it.

import CoachWire

extension WorkoutGoal {
    /// The largest goal Coach accepts per type: a Live Activity lasts at most 8 hours, and nobody
    /// runs 1 000 km in one go. Anything above is a mis-hearing and is answered "unsupported".
    public var isWithinLimits: Bool {
        switch self {
        case .open: return true
        case .time(let seconds): return seconds > 0 && seconds <= 8 * 3600
        case .distance(let meters): return meters > 0 && meters <= 1_000_000
        case .energy(let kilocalories): return kilocalories > 0 && kilocalories <= 20_000
        }
    }

    /// Progress from 0 to 1 given the elapsed time and the totals so far; nil for open goals.
    public func progress(elapsed: Duration, distance: Double, energy: Double) -> Double? {
        let done: Double
        switch self {
        case .open: return nil
        case .time(let seconds): done = elapsed.seconds / seconds
        case .distance(let meters): done = distance / meters
        case .energy(let kilocalories): done = energy / kilocalories
        }
        return Swift.min(Swift.max(done, 0), 1)
    }
}

