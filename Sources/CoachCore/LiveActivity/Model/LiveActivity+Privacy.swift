// The one privacy rule. While locked, every presentation shows what the activity is, its phase
// and its time, and nothing else: no metric, goal progress or lap (measurements), no goal, custom
// name or location (a name such as "knee rehab" or a goal can say more than wanted). The feed's
// content and a reply's `workout` object (WorkoutSnapshot.json(locked:)) both redact through here,
// so the values themselves are gone and no renderer or format can leak one by missing a flag.

extension LiveActivityAttributes {
    /// Only the activity survives: a custom name ("knee rehab") or a goal can say more than wanted.
    public func redacted() -> LiveActivityAttributes {
        LiveActivityAttributes(workoutID: workoutID, activity: activity, location: .unknown, goal: nil,
                               workoutName: nil, startDate: startDate)
    }
}

extension WorkoutSnapshot {
    /// The activity, its phase and its time only.
    public func redacted() -> WorkoutSnapshot {
        WorkoutSnapshot(workoutID: workoutID, state: state, activity: activity, location: nil, goal: nil, workoutName: nil,
                        startDate: startDate, endDate: endDate, elapsed: elapsed, countdown: countdown,
                        goalProgress: nil, goalReached: false, laps: 0, autoPaused: autoPaused, lastLap: nil,
                        statistics: [:], step: step?.redacted(), at: at)
    }
}

import CoachWire

extension LiveActivityContentState {
    /// The activity's phase and elapsed time only.
    public func redacted() -> LiveActivityContentState {
        var state = LiveActivityContentState(phase: phase, countdown: countdown, elapsed: elapsed, metrics: [], goalProgress: nil,
                                             goalReached: false, laps: nil, isStale: false, isLocked: true, endDate: endDate)
        state.step = step?.redacted()
        return state
    }
}

extension PlanStepStatus {
    /// Which step it is ("Interval 3/5"), nothing measured or named: no goal, time left, target,
    /// alert, gap, plan name or custom step name.
    public func redacted() -> PlanStepStatus {
        var step = self
        step.planName = ""
        step.name = nil
        step.goal = .open
        step.remaining = nil
        step.alert = nil
        step.target = nil
        step.outOfRange = nil
        step.gap = nil
        return step
    }
}
