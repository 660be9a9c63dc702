// WorkoutEngine+Deadlines: when the engine must next be woken for an announcement that comes with
// time alone — a time goal's halfway point, the next "every N minutes" report — if the workout keeps
// running. `nextDeadline` takes the earliest of these with the countdown, the goal and a plan step.

import CoachWire

extension WorkoutEngine {
    /// When the next "every N minutes" announcement comes if the workout keeps running.
    func reportDeadline(of current: Workout, at now: MonotonicInstant) -> MonotonicInstant? {
        guard current.session.state == .running, current.builder.isRunning, let due = current.milestones.nextTimeDue else { return nil }
        let left = due - current.builder.elapsed(at: now).seconds
        return now + .nanoseconds(Int64((max(left, 0) * 1e9).rounded(.up)))
    }

    /// When a time goal's halfway point comes if the workout keeps running (nil once announced).
    func halfwayDeadline(of current: Workout, at now: MonotonicInstant) -> MonotonicInstant? {
        guard !current.milestones.halfwayAnnounced, case .time(let seconds) = current.builder.goal,
              current.session.state == .running, let half = current.builder.goalDeadline(at: now) else { return nil }
        let due = half - .seconds(seconds / 2)
        return due > now ? due : nil
    }
}
