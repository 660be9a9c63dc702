// Redaction for the locked feed: the content itself loses every metric, so no renderer, JSON
// subscriber or future format can leak one by forgetting to check a flag.

extension LiveActivityAttributes {
    /// Only the activity survives: a custom name ("knee rehab") or a goal can say more than wanted.
    public func redacted() -> LiveActivityAttributes {
        LiveActivityAttributes(workoutID: workoutID, activity: activity, location: .unknown, goal: nil,
                               workoutName: nil, startDate: startDate)
    }
}

extension LiveActivityContentState {
    /// The activity's phase and elapsed time only.
    public func redacted() -> LiveActivityContentState {
        LiveActivityContentState(phase: phase, countdown: countdown, elapsed: elapsed, metrics: [], goalProgress: nil,
                                 goalReached: false, laps: nil, isStale: false, isLocked: true, endDate: endDate)
    }
}
