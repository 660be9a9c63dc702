// WorkoutEngine+Plan: running a structured workout beside the session. The PlanRunner decides
// step changes from the builder's measures (pauses excluded, so a pause inside a step holds it);
// this file journals each step start (replayed by `apply(.planStep)`), schedules the tick at a time
// step's end, feeds the alert monitor, and turns it all into notifications.

import CoachWire

/// A plan in progress: the runner, the alert's hysteresis, and a speed estimate for pace alerts.
public struct PlanRun: Sendable, Hashable {
    public internal(set) var runner: PlanRunner
    var alerts: AlertMonitor
    var speed = SpeedEstimator()
    /// When and at which measures the current step began (its segment, WorkoutEngine+PlanSegments);
    /// nil until the first step change: the first step begins with the activity.
    var stepStartedAt: Timestamp?
    var stepStart = PlanMeasures.zero

    init(runner: PlanRunner, threshold: Double) {
        self.runner = runner
        self.alerts = AlertMonitor(threshold: threshold)
    }
}

extension WorkoutEngine {
    /// "skip step", "next interval": ends the current step now. Nothing to skip → no actions.
    public mutating func skipStep(at now: Timestamp) -> [WorkoutAction] {
        guard let current = workout, var run = current.plan, !run.runner.isFinished,
              current.session.state == .running || current.session.state == .paused else { return [] }
        let planActions = run.runner.skip(at: measures(of: current, at: now))
        workout?.plan = run
        return perform(planActions, at: now) + reschedule(at: now.monotonic)
    }

    /// True when a plan runs and has a step left to skip.
    public var canSkipStep: Bool {
        guard let run = workout?.plan else { return false }
        return !run.runner.isFinished && (state == .running || state == .paused)
    }

    /// The first step begins with the activity (not journaled: it is where every plan starts).
    func planBegan(at now: Timestamp) -> [WorkoutAction] {
        guard let current = workout, let run = current.plan, let status = stepStatus(of: current, at: now),
              run.runner.index == 0 else { return [] }
        return [.notify(.plan(.stepStarted(status))), .publish]
    }

    /// Ends every step whose goal the workout has reached (after a sample, at a tick).
    mutating func advancePlan(at now: Timestamp) -> [WorkoutAction] {
        guard let current = workout, var run = current.plan, !run.runner.isFinished,
              current.session.state == .running || current.session.state == .paused else { return [] }
        let planActions = run.runner.advance(to: measures(of: current, at: now))
        guard !planActions.isEmpty else { return [] }
        workout?.plan = run
        return perform(planActions, at: now)
    }

    /// Runner actions → journal entries and notifications. The ended step's status is worded from
    /// the runner before the change (its index), the started one from after it.
    private mutating func perform(_ planActions: [PlanAction], at now: Timestamp) -> [WorkoutAction] {
        guard let current = workout, let run = current.plan else { return [] }
        var actions: [WorkoutAction] = []
        for action in planActions {
            switch action {
            case .stepEnded(let index, let reason):
                if let status = status(of: run.runner, index: index, current: current, at: now) {
                    actions.append(.notify(.plan(.stepEnded(status, reason: reason))))
                }
            case .stepStarted(let progress):
                actions.append(.journal(JournalEntry(workoutID: current.id, kind: .planStep(progress), at: now)))
                workout?.closeStep(startingAt: progress, at: now)
                workout?.plan?.alerts.reset()
                if progress.index < run.runner.steps.count,
                   let status = status(of: run.runner, index: progress.index, current: current, at: now, start: progress.start) {
                    actions.append(.notify(.plan(.stepStarted(status))))
                }
            case .transition(let from, let to):
                // Recorded in the workout's events by closeStep (live and replayed alike).
                actions.append(.notify(.plan(.transition(from: from, to: to))))
            case .finished:
                actions.append(.notify(.plan(.finished)))
            }
        }
        return actions + [.publish]
    }

    /// One alert or "back in range" per excursion of the current step's metric.
    mutating func checkAlert(_ sample: QuantitySample, at now: Timestamp) -> [WorkoutAction] {
        guard let current = workout, var run = current.plan, current.session.state == .running,
              let alert = run.runner.current?.step.alert,
              let range = alert.range(zones: configuration.heartRateZones) else { return [] }
        var value: Double?
        switch (alert.metric, sample.type) {
        case (.heartRate, .heartRate), (.cadence, .cadence), (.power, .power): value = sample.value
        case (.speed, .distance), (.pace, .distance):
            if let speed = run.speed.add(metres: sample.value, at: sample.at.monotonic), speed > 0 {
                value = alert.metric == .speed ? speed : 1000 / speed
            }
        default: break
        }
        guard let value else { workout?.plan = run; return [] }
        let change = run.alerts.observe(value, in: range, at: Double(sample.at.monotonic.nanoseconds) / 1e9)
        workout?.plan = run
        guard let change, let status = stepStatus(of: workout!, at: now) else { return [] }
        switch change {
        case .outOfRange(let direction): return [.notify(.plan(.alert(metric: alert.metric, direction, step: status))), .publish]
        case .backInRange: return [.notify(.plan(.backInRange(metric: alert.metric, step: status))), .publish]
        }
    }

    /// When a time step ends if the workout keeps running.
    func planDeadline(of current: Workout, at now: MonotonicInstant) -> MonotonicInstant? {
        guard current.session.state == .running, let run = current.plan, current.builder.isRunning,
              let left = run.runner.secondsLeft(at: measures(of: current, at: now)) else { return nil }
        return now + .nanoseconds(Int64((left * 1e9).rounded(.up)))
    }

    func measures(of current: Workout, at now: Timestamp) -> PlanMeasures { measures(of: current, at: now.monotonic) }

    func measures(of current: Workout, at now: MonotonicInstant) -> PlanMeasures {
        PlanMeasures(elapsed: current.builder.elapsed(at: now).seconds,
                     distance: current.builder.total(.distance), energy: current.builder.total(.activeEnergy))
    }

    /// The current step as the feed shows it.
    func stepStatus(of current: Workout, at now: Timestamp) -> PlanStepStatus? {
        guard let run = current.plan else { return nil }
        return status(of: run.runner, index: run.runner.index, current: current, at: now)
    }

    private func status(of runner: PlanRunner, index: Int, current: Workout, at now: Timestamp,
                        start: PlanMeasures? = nil) -> PlanStepStatus? {
        guard index < runner.steps.count else { return nil }
        let planned = runner.steps[index]
        var remaining: Double?
        if index == runner.index {
            remaining = runner.remaining(at: measures(of: current, at: now))
        } else if index < runner.index {
            remaining = 0
        } else {
            remaining = planned.step.goal.value
        }
        let monitor = current.plan?.alerts
        var status = PlanStepStatus(planName: runner.plan.name, index: index, count: runner.steps.count, planned: planned,
                                    remaining: remaining, target: planned.step.alert?.range(zones: configuration.heartRateZones),
                                    outOfRange: index == runner.index ? monitor?.direction : nil)
        if index == runner.index { status.gap = gap(of: planned, since: runner.start, current: current, at: now) }
        if index + 1 < runner.steps.count { status.next = runner.steps[index + 1] }
        return status
    }

    /// A pacer's gap to its even pace, or a race's to the past self, at the step's distance so far.
    private func gap(of planned: PlannedStep, since start: PlanMeasures, current: Workout, at now: Timestamp) -> Double? {
        let reached = measures(of: current, at: now)
        let active = reached.elapsed - start.elapsed, metres = reached.distance - start.distance
        if let track = planned.race {
            let location = current.builder.route.last.map { RacePoint(latitude: $0.latitude, longitude: $0.longitude) }
            return track.gap(elapsed: active, distance: metres, at: location)
        }
        if let seconds = planned.pacerSeconds, case .distance(let total) = planned.step.goal, total > 0, metres >= 50 {
            return seconds * metres / total - active
        }
        return nil
    }
}
