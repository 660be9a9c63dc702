// PlanRun: the engine's plan sub-machine. It owns everything a structured workout adds to the
// session — the PlanRunner (which step), the alert's hysteresis, a speed estimate for pace alerts,
// and the step segments — and, handed where the workout stands (`PlanPosition`), returns actions:
// journal a step start (replayed by `restore`), announce, record a segment, publish. The workout
// performs them; the runner's decisions are made from the builder's measures (pauses excluded, so
// a pause inside a step holds it).

import CoachWire

/// Where the workout stands when the plan is asked: its measures, the route's latest point (a
/// race's gap is told against the past route there), when its activity began and the time.
struct PlanPosition: Sendable {
    var measures: PlanMeasures
    var location: RacePoint?
    /// The first step's segment starts here (no step change was journaled before it).
    var activityStart: Timestamp?
    var at: Timestamp
}

/// A plan in progress beside the session.
public struct PlanRun: Sendable, Hashable {
    public private(set) var runner: PlanRunner
    private var alerts: AlertMonitor
    private var speed = SpeedEstimator()
    private var segments = StepSegments()
    /// The athlete's zones, for a zone alert's range (none: zone alerts stay silent).
    private let zones: HeartRateZones?

    /// What the run asks of the workout, in order.
    enum Action: Sendable, Hashable {
        /// A step began (`index == steps.count`: the plan is complete): journal it as `.planStep`.
        case journal(PlanProgress)
        case notify(PlanNotice)
        /// Recorded in the session's events, live and replayed alike.
        case record(SegmentAction)
        case publish
    }

    init(plan: WorkoutPlan, threshold: Double, zones: HeartRateZones?) {
        self.runner = PlanRunner(plan: plan)
        self.alerts = AlertMonitor(threshold: threshold)
        self.zones = zones
    }

    var canSkip: Bool { !runner.isFinished }

    /// The first step begins with the activity (not journaled: it is where every plan starts).
    func began(at position: PlanPosition) -> [Action] {
        guard runner.index == 0, let status = status(at: position) else { return [] }
        return [.notify(.stepStarted(status)), .publish]
    }

    /// Ends every step whose goal the workout has reached (after a sample, at a tick).
    mutating func advance(at position: PlanPosition) -> [Action] {
        guard !runner.isFinished else { return [] }
        let changes = runner.advance(to: position.measures)
        return changes.isEmpty ? [] : perform(changes, at: position)
    }

    /// "skip step", "next interval": ends the current step now. Nothing to skip → no actions.
    mutating func skip(at position: PlanPosition) -> [Action] {
        guard !runner.isFinished else { return [] }
        return perform(runner.skip(at: position.measures), at: position)
    }

    /// A journaled step start, replayed: the ended step's segment, and the runner where it was.
    mutating func restore(_ progress: PlanProgress, at position: PlanPosition) -> [Action] {
        let recorded = segments.close(runner, startingAt: progress, activityStart: position.activityStart, at: position.at)
        runner.restore(progress)
        alerts.reset()
        return recorded.map(Action.record)
    }

    /// The workout ends inside a step: that step's segment as far as it went.
    func closeUnfinished(at position: PlanPosition) -> [Action] {
        segments.closeUnfinished(runner, reaching: position.measures, activityStart: position.activityStart,
                                 at: position.at).map(Action.record)
    }

    /// One alert or "back in range" per excursion of the current step's metric (while running).
    mutating func observe(_ sample: QuantitySample, at position: PlanPosition) -> [Action] {
        guard let alert = runner.current?.step.alert, let range = alert.range(zones: zones) else { return [] }
        var value: Double?
        switch (alert.metric, sample.type) {
        case (.heartRate, .heartRate), (.cadence, .cadence), (.power, .power): value = sample.value
        case (.speed, .distance), (.pace, .distance):
            if let speed = speed.add(metres: sample.value, at: sample.at.monotonic), speed > 0 {
                value = alert.metric == .speed ? speed : 1000 / speed
            }
        default: break
        }
        guard let value, let change = alerts.observe(value, in: range, at: Double(sample.at.monotonic.nanoseconds) / 1e9),
              let status = status(at: position) else { return [] }
        switch change {
        case .outOfRange(let direction): return [.notify(.alert(metric: alert.metric, direction, step: status)), .publish]
        case .backInRange: return [.notify(.backInRange(metric: alert.metric, step: status)), .publish]
        }
    }

    /// Active seconds until a time step ends (the engine schedules a tick for it while running).
    func secondsLeft(at measures: PlanMeasures) -> Double? { runner.secondsLeft(at: measures) }

    /// The current step as the feed shows it.
    func status(at position: PlanPosition) -> PlanStepStatus? { status(of: runner.index, at: position) }

    /// Runner actions → journal, announcements and segments. Every status is worded from the run
    /// as it stood when the runner decided (the ended step from before the change, the started one
    /// with the alert not yet reset).
    private mutating func perform(_ changes: [PlanAction], at position: PlanPosition) -> [Action] {
        let decided = self
        var actions: [Action] = []
        for change in changes {
            switch change {
            case .stepEnded(let index, let reason):
                if let status = decided.status(of: index, at: position) { actions.append(.notify(.stepEnded(status, reason: reason))) }
            case .stepStarted(let progress):
                actions.append(.journal(progress))
                actions += segments.close(runner, startingAt: progress, activityStart: position.activityStart,
                                          at: position.at).map(Action.record)
                alerts.reset()
                if progress.index < runner.steps.count, let status = decided.status(of: progress.index, at: position) {
                    actions.append(.notify(.stepStarted(status)))
                }
            case .transition(let from, let to):
                // Recorded in the workout's events by the segments (live and replayed alike).
                actions.append(.notify(.transition(from: from, to: to)))
            case .finished:
                actions.append(.notify(.finished))
            }
        }
        return actions + [.publish]
    }

    private func status(of index: Int, at position: PlanPosition) -> PlanStepStatus? {
        guard index < runner.steps.count else { return nil }
        let planned = runner.steps[index]
        var remaining: Double?
        if index == runner.index {
            remaining = runner.remaining(at: position.measures)
        } else if index < runner.index {
            remaining = 0
        } else {
            remaining = planned.step.goal.value
        }
        var status = PlanStepStatus(planName: runner.plan.name, index: index, count: runner.steps.count, planned: planned,
                                    remaining: remaining, target: planned.step.alert?.range(zones: zones),
                                    outOfRange: index == runner.index ? alerts.direction : nil)
        if index == runner.index { status.gap = gap(of: planned, at: position) }
        if index + 1 < runner.steps.count { status.next = runner.steps[index + 1] }
        return status
    }

    /// A pacer's gap to its even pace, or a race's to the past self, at the step's distance so far.
    private func gap(of planned: PlannedStep, at position: PlanPosition) -> Double? {
        let reached = position.measures, start = runner.start
        let active = reached.elapsed - start.elapsed, metres = reached.distance - start.distance
        if let track = planned.race {
            return track.gap(elapsed: active, distance: metres, at: position.location)
        }
        if let seconds = planned.pacerSeconds, case .distance(let total) = planned.step.goal, total > 0, metres >= 50 {
            return seconds * metres / total - active
        }
        return nil
    }
}
