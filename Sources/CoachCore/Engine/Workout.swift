// Workout: one workout's state — the session and builder HealthKit pairs, and beside them the
// sub-machines a workout may carry, each owning its state: auto-pause, milestones, a plan
// (PlanRun), generated energy. Journal entries change it through `apply`, live and replayed alike,
// so a recovered workout is exactly the journaled one; the engine decides what to journal, and
// every change returns the actions the manager performs.

import CoachWire

/// The workout the engine is running (or last ran, once ended).
public struct Workout: Sendable, Hashable {
    public let id: String
    public let configuration: StartWorkoutIntent
    public private(set) var session = WorkoutSession()
    public private(set) var builder: WorkoutBuilder
    /// nil when auto-pause is off for this workout.
    private var autoPause: AutoPause?
    /// Kilometres (or miles), the goal's halfway point and timed reports already announced.
    private(set) var milestones: MilestoneTracker
    /// The structured workout being run, when the start named a plan.
    public private(set) var plan: PlanRun?
    /// Active energy from power, a strap's figure or heart rate (Energy/), while no client sends any.
    private var energy: ActiveEnergyGenerator

    init(id: String, start: StartWorkoutIntent, configuration: EngineConfiguration) {
        self.id = id
        self.configuration = start
        self.builder = WorkoutBuilder(goal: start.goal ?? .open)
        self.autoPause = configuration.autoPause.settings(for: start.activity ?? .other, location: start.location)
            .map(AutoPause.init(settings:))
        self.milestones = MilestoneTracker(unit: configuration.milestoneUnit, reports: configuration.reports)
        self.plan = start.plan.map { PlanRun(plan: $0, threshold: configuration.alertThreshold, zones: configuration.heartRateZones) }
        self.energy = ActiveEnergyGenerator(profile: configuration.energyProfile)
    }

    var isActive: Bool { session.state == .running || session.state == .paused }

    // MARK: - Journal entries

    /// The start: the countdown begins, or with none the activity at once.
    mutating func prepare(countdown: Double, at now: Timestamp) -> [WorkoutAction] {
        var actions: [WorkoutAction] = [.journal(entry(.prepared(configuration, countdownSeconds: countdown), at: now))]
        actions += Self.translate(session.prepare(at: now, countdown: .seconds(countdown)))
        if session.state == .running {
            builder.beginCollection(at: now)
            actions.append(.journal(entry(.started, at: now)))
            actions += runPlan(at: now) { run, position in run.began(at: position) }
        }
        return actions
    }

    /// Applies one journaled input to the session, the builder and the sub-machines.
    mutating func apply(_ kind: JournalEntry.Kind, at now: Timestamp) -> [WorkoutAction] {
        var actions: [WorkoutAction] = []
        switch kind {
        case .prepared:
            return []
        case .started:
            actions = Self.translate(session.startActivity(at: now))
            builder.beginCollection(at: now)
        case .paused:
            actions = Self.translate(session.pause(at: now))
            builder.pause(at: now)
            autoPause?.userPaused()
            energy.interrupt()
        case .resumed:
            actions = Self.translate(session.resume(at: now))
            builder.resume(at: now)
            autoPause?.userResumed()
        case .motionPaused:
            actions = Self.translate(session.motionPause(at: now))
            builder.pause(at: now)
            energy.interrupt()
            autoPause?.replay(.pause)
        case .motionResumed:
            let transition = session.motionResume(at: now)
            actions = Self.translate(transition)
            if case .applied = transition {
                builder.resume(at: now)
                autoPause?.replay(.resume)
            }
        case .lap:
            actions = Self.translate(session.lap(at: now))
        case .marker(let name):
            actions = Self.translate(session.marker(at: now, name: name))
        case .sample(let sample):
            _ = builder.add(sample)
            actions = [.publish]
        case .location(let location):
            _ = builder.add(location)
            actions = [.publish]
        case .stopped:
            actions = Self.translate(session.stopActivity(at: now))
            builder.pause(at: now)
            energy.interrupt()
        case .ended:
            actions = end(at: now)
        case .planStep(let progress):
            _ = runPlan(at: now) { run, position in run.restore(progress, at: position) }
        case .discarded(let reason):
            builder.endCollection(at: now)
            actions += Self.translate(session.end(at: now))
            actions.append(.notify(.discarded(workoutID: id, reason: reason)))
        }
        return [.journal(entry(kind, at: now))] + actions
    }

    /// Apple's order: stop the activity, end collection, finish the workout, end the session.
    private mutating func end(at now: Timestamp) -> [WorkoutAction] {
        var actions: [WorkoutAction] = []
        if isActive { actions += Self.translate(session.stopActivity(at: now)) }
        builder.endCollection(at: now)
        _ = runPlan(at: now) { run, position in run.closeUnfinished(at: position) }
        actions += Self.translate(session.end(at: now))
        let finished = FinishedWorkout(
            workoutID: id, configuration: configuration, start: session.startDate ?? now, end: now,
            elapsed: builder.elapsed(at: now.monotonic).seconds, events: session.events, samples: builder.samples,
            statistics: builder.statisticsIncludingRoute, goalReached: builder.goalReachedAt != nil, route: builder.route)
        return actions + [.save(finished), .notify(.saved(finished))]
    }

    /// Countdown seconds and its end: the activity starts at the deadline, journaled so that a
    /// replay (which has no ticks) starts it at the same instant.
    mutating func tick(at now: Timestamp) -> [WorkoutAction] {
        var actions: [WorkoutAction] = []
        let transition = session.tick(at: now)
        var started = false
        for case .changeState(.prepared, .running, let startedAt) in transition.actions {
            builder.beginCollection(at: startedAt)
            actions.append(.journal(entry(.started, at: startedAt)))
            started = true
        }
        if started { actions += runPlan(at: now) { run, position in run.began(at: position) } }
        actions += Self.translate(transition)
        if session.state == .prepared, let left = session.countdownRemaining(at: now.monotonic), case .applied = transition {
            actions.insert(.notify(.countdown(secondsLeft: left)), at: 0)
        }
        return actions
    }

    // MARK: - Samples

    /// Adds a sample the workout collects: journaled, then what it moves on (a plan step, an
    /// alert, generated energy, milestones, the goal).
    mutating func collect(_ sample: QuantitySample, at now: Timestamp) -> (SampleOutcome, [WorkoutAction]) {
        // HealthKit's disableCollection: a refused type is said to be refused, not silently dropped.
        guard configuration.collects(sample.type) else { return (.rejected(.typeNotCollected), []) }
        let outcome = builder.add(sample)
        guard outcome == .added || outcome == .replaced else { return (outcome, []) }
        var actions: [WorkoutAction] = [.journal(entry(.sample(sample), at: now)), .publish]
        actions += advancePlan(at: now)
        if session.state == .running { actions += runPlan(at: now) { run, position in run.observe(sample, at: position) } }
        if generatesEnergy { actions += addGenerated(energy.observe(sample), at: now) }
        return (outcome, actions + checkMilestones(at: now) + checkGoal(at: now))
    }

    /// Adds a route point.
    mutating func collect(_ location: LocationSample, at now: Timestamp) -> (SampleOutcome, [WorkoutAction]) {
        let outcome = builder.add(location)
        guard outcome == .added else { return (outcome, []) }
        let actions: [WorkoutAction] = [.journal(entry(.location(location), at: now)), .publish]
        return (outcome, actions + checkMilestones(at: now) + checkGoal(at: now))
    }

    /// Distance and route points tell auto-pause how fast the workout moves even while it is
    /// paused, when the builder rejects them: that is how it notices movement again.
    mutating func speed(after sample: QuantitySample, at now: Timestamp) -> Double? {
        guard sample.type == .distance, sample.syncIdentifier == nil else { return nil }
        return autoPause?.speed(afterDistance: sample.value, at: now.monotonic)
    }

    mutating func speed(toward location: LocationSample, at now: Timestamp) -> Double? {
        autoPause?.speed(toward: location, at: now.monotonic)
    }

    /// What auto-pause makes of a speed reading (nothing when it is off or no activity runs).
    mutating func autoPauseDecision(speed: Double, at now: Timestamp) -> AutoPauseDecision {
        guard isActive else { return .none }
        return autoPause?.observe(speed: speed, at: now.monotonic) ?? .none
    }

    /// A strap's cumulative Energy Expended (kJ): energy when the workout runs and generates its
    /// own (nil otherwise: the reading only moved the strap's baseline).
    mutating func observeEnergyExpended(_ kilojoules: Double, sensor: String, at now: Timestamp) -> [WorkoutAction]? {
        let generated = energy.observe(energyExpended: kilojoules, sensor: sensor, at: now.monotonic)
        guard session.state == .running, generatesEnergy else { return nil }
        return addGenerated(generated, at: now) + checkMilestones(at: now) + checkGoal(at: now)
    }

    /// Whether the workout generates active energy: it collects the type and no client sent any.
    private var generatesEnergy: Bool { configuration.collects(.activeEnergy) && !builder.hasOwnEnergy }

    private mutating func addGenerated(_ generated: GeneratedEnergy?, at now: Timestamp) -> [WorkoutAction] {
        guard let sample = generated?.sample(at: now), builder.add(sample) == .added else { return [] }
        return [.journal(entry(.sample(sample), at: now)), .publish]
    }

    // MARK: - Plan, milestones, goal

    var canSkipStep: Bool { plan?.canSkip == true && isActive }

    /// "skip step", "next interval": ends the current step now.
    mutating func skipStep(at now: Timestamp) -> [WorkoutAction] {
        guard canSkipStep else { return [] }
        return runPlan(at: now) { run, position in run.skip(at: position) }
    }

    /// Ends every step whose goal the workout has reached (after a sample, at a tick).
    mutating func advancePlan(at now: Timestamp) -> [WorkoutAction] {
        guard isActive else { return [] }
        return runPlan(at: now) { run, position in run.advance(at: position) }
    }

    /// Whole kilometres (or miles), the goal's halfway point and timed reports passed since the last change.
    mutating func checkMilestones(at now: Timestamp) -> [WorkoutAction] {
        guard isActive else { return [] }
        let passed = milestones.passed(distance: builder.total(.distance), goal: builder.goal,
                                       progress: builder.goalProgress(at: now.monotonic),
                                       elapsed: builder.elapsed(at: now.monotonic).seconds)
        return passed.map { .notify(.milestone($0, at: now)) }
    }

    mutating func checkGoal(at now: Timestamp) -> [WorkoutAction] {
        guard builder.checkGoal(at: now), let reachedAt = builder.goalReachedAt else { return [] }
        return [.notify(.goalReached(builder.goal, at: reachedAt)), .publish]
    }

    /// One step of the plan, if the workout runs one, where the workout stands at `now`; then
    /// what the plan returned, performed.
    private mutating func runPlan(at now: Timestamp,
                                  _ step: (inout PlanRun, PlanPosition) -> [PlanRun.Action]) -> [WorkoutAction] {
        guard var run = plan.take() else { return [] }
        let actions = step(&run, position(at: now))
        plan = run
        return perform(actions, at: now)
    }

    /// The plan's actions performed: segments recorded in the session, the rest for the manager.
    private mutating func perform(_ planActions: [PlanRun.Action], at now: Timestamp) -> [WorkoutAction] {
        var actions: [WorkoutAction] = []
        for action in planActions {
            switch action {
            case .journal(let progress): actions.append(.journal(entry(.planStep(progress), at: now)))
            case .notify(let notice): actions.append(.notify(.plan(notice)))
            case .record(.segment(let from, let to, let metadata)): session.segment(from: from, to: to, metadata: metadata)
            case .record(.marker(let name)): _ = session.marker(at: now, name: name)
            case .publish: actions.append(.publish)
            }
        }
        return actions
    }

    /// Where the plan stands at `now`.
    private func position(at now: Timestamp) -> PlanPosition {
        PlanPosition(measures: measures(at: now.monotonic),
                     location: builder.route.last.map { RacePoint(latitude: $0.latitude, longitude: $0.longitude) },
                     activityStart: session.startDate, at: now)
    }

    func measures(at now: MonotonicInstant) -> PlanMeasures {
        PlanMeasures(elapsed: builder.elapsed(at: now).seconds, distance: builder.total(.distance),
                     energy: builder.total(.activeEnergy))
    }

    private func entry(_ kind: JournalEntry.Kind, at now: Timestamp) -> JournalEntry {
        JournalEntry(workoutID: id, kind: kind, at: now)
    }

    /// Session actions become workout actions; ticks are rescheduled by the engine as a whole.
    private static func translate(_ transition: SessionTransition) -> [WorkoutAction] {
        var actions: [WorkoutAction] = []
        for action in transition.actions {
            switch action {
            case .changeState(let from, let to, let at): actions.append(.notify(.stateChanged(from: from, to: to, at: at)))
            case .emit(let event): actions.append(.notify(.event(event)))
            case .publish: if actions.last != .publish { actions.append(.publish) }
            case .scheduleTick, .cancelTick: break
            }
        }
        return actions
    }

    // MARK: - Status

    public func snapshot(at now: Timestamp) -> WorkoutSnapshot {
        let end = session.endDate
        return WorkoutSnapshot(
            workoutID: id, state: session.state, activity: configuration.activity,
            location: configuration.location, goal: configuration.goal,
            workoutName: configuration.workoutName, startDate: session.startDate?.date, endDate: end?.date,
            elapsed: builder.elapsed(at: (end ?? now).monotonic).seconds,
            countdown: session.countdownRemaining(at: now.monotonic),
            goalProgress: builder.goalProgress(at: (end ?? now).monotonic), goalReached: builder.goalReachedAt != nil,
            laps: session.lapCount, autoPaused: session.pausedByMotion,
            lastLap: session.events.last { $0.type == .lap }?.duration?.seconds,
            statistics: builder.statisticsIncludingRoute, step: plan?.status(at: position(at: end ?? now)),
            refusedTypes: configuration.refusedTypes, distanceSource: builder.distanceSource, at: now)
    }
}
