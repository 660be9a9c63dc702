// TickSchedule: when the engine must next be woken, and the one tick it has asked the manager for.
// Every deadline comes with time alone, if the workout keeps running: a countdown second, a time
// goal, its halfway point, the end of a plan's time step, the next "every N minutes" report. The
// earliest is asked for; asking again for the same instant says nothing.

import CoachWire

struct TickSchedule: Sendable {
    private var scheduled: MonotonicInstant?

    /// A tick at `next`, or a cancelled one when nothing is due; nothing when it is already asked for.
    mutating func reschedule(to next: MonotonicInstant?) -> [WorkoutAction] {
        guard next != scheduled else { return [] }
        scheduled = next
        return [next.map { .scheduleTick(at: $0) } ?? .cancelTick]
    }

    /// The next instant something is due in `workout`.
    static func nextDeadline(of workout: Workout, after now: MonotonicInstant) -> MonotonicInstant? {
        let countdown = workout.session.countdownDeadline.map { WorkoutSession.nextCountdownTick(after: now, deadline: $0) }
        let goal = workout.builder.goalDeadline(at: now)
        return [countdown, goal, halfway(of: workout, at: now), planStepEnd(of: workout, at: now),
                report(of: workout, at: now)].compactMap { $0 }.min()
    }

    /// When a time goal's halfway point comes (nil once announced).
    private static func halfway(of workout: Workout, at now: MonotonicInstant) -> MonotonicInstant? {
        guard !workout.milestones.halfwayAnnounced, case .time(let seconds) = workout.builder.goal,
              workout.session.state == .running, let end = workout.builder.goalDeadline(at: now) else { return nil }
        let due = end - .seconds(seconds / 2)
        return due > now ? due : nil
    }

    /// When a plan's time step ends.
    private static func planStepEnd(of workout: Workout, at now: MonotonicInstant) -> MonotonicInstant? {
        guard workout.session.state == .running, workout.builder.isRunning,
              let left = workout.plan?.secondsLeft(at: workout.measures(at: now)) else { return nil }
        return now + .nanoseconds(Int64((left * 1e9).rounded(.up)))
    }

    /// When the next "every N minutes" announcement comes.
    private static func report(of workout: Workout, at now: MonotonicInstant) -> MonotonicInstant? {
        guard workout.session.state == .running, workout.builder.isRunning,
              let due = workout.milestones.nextTimeDue else { return nil }
        let left = due - workout.builder.elapsed(at: now).seconds
        return now + .nanoseconds(Int64((max(left, 0) * 1e9).rounded(.up)))
    }
}
