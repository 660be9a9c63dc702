// WorkoutEngine: one workout session and its builder, driven by intents, ticks and samples.
// Pure: handed the time, it returns what happened and what to do; WorkoutManager performs it.

import CoachWire

/// The workout the engine is running (or last ran, once ended).
public struct Workout: Sendable, Hashable {
    public var id: String
    public var configuration: StartWorkoutIntent
    public var session = WorkoutSession()
    public var builder: WorkoutBuilder
    /// nil when auto-pause is off for this workout.
    public var autoPause: AutoPause?
    var speedFromDistance = SpeedEstimator()
    /// The previous route point, for the distance auto-pause sees between fixes.
    var lastFix: LocationSample?
    /// Kilometres (or miles) and the goal's halfway point already announced.
    var milestones: MilestoneTracker
    /// The structured workout being run, when the start named a plan (WorkoutEngine+Plan.swift).
    public internal(set) var plan: PlanRun?
    /// Active energy from power, a strap's figure or heart rate (Energy/), while no client sends any.
    var energy: ActiveEnergyGenerator

    init(id: String, configuration: StartWorkoutIntent, autoPause: AutoPauseSettings? = nil,
         milestoneUnit: DistanceUnit = .kilometers, alertThreshold: Double = 5, energyProfile: EnergyProfile = EnergyProfile(),
         reports: ReportSettings = ReportSettings()) {
        self.id = id
        self.configuration = configuration
        self.builder = WorkoutBuilder(goal: configuration.goal ?? .open)
        self.autoPause = autoPause.map(AutoPause.init(settings:))
        self.milestones = MilestoneTracker(unit: milestoneUnit, reports: reports)
        self.plan = configuration.plan.map { PlanRun(runner: PlanRunner(plan: $0), threshold: alertThreshold) }
        self.energy = ActiveEnergyGenerator(profile: energyProfile)
    }
}

public struct WorkoutEngine: Sendable {
    public let configuration: EngineConfiguration
    /// Set here and in WorkoutEngine+Energy.swift (generated energy).
    public internal(set) var workout: Workout?
    private var scheduledTick: MonotonicInstant?
    private let handler = IntentHandler()

    public init(configuration: EngineConfiguration = EngineConfiguration()) {
        self.configuration = configuration
    }

    public var state: SessionState { workout?.session.state ?? .notStarted }

    // MARK: - Intents: resolve → confirm → handle

    /// Runs an intent through the three SiriKit phases. `newWorkoutID` names the workout a start creates.
    public mutating func perform(_ intent: WorkoutIntent, at now: Timestamp, newWorkoutID: String) -> EngineResult {
        let context = IntentContext(state: state, activity: workout?.configuration.activity,
                                    autoPaused: workout?.session.pausedByMotion ?? false,
                                    planStepLeft: canSkipStep)
        let resolved: WorkoutIntent
        switch handler.resolve(intent, in: context) {
        case .failure(let stop): return stopped(intent, at: stop, now: now)
        case .success(let value): resolved = value
        }
        if let stop = handler.confirm(resolved, in: context) {
            return stopped(intent, at: stop, now: now, resolved: resolved)
        }
        var (actions, discard) = handle(resolved, at: now, newWorkoutID: newWorkoutID)
        actions += reschedule(at: now.monotonic)
        let outcome = IntentOutcome(intent: intent.kind, phase: .handle, code: .success, resolved: resolved,
                                    discardReason: discard, snapshot: snapshot(at: now))
        return EngineResult(outcome: outcome, actions: actions)
    }

    private func stopped(_ intent: WorkoutIntent, at stop: IntentStop, now: Timestamp,
                         resolved: WorkoutIntent? = nil) -> EngineResult {
        let outcome = IntentOutcome(intent: intent.kind, phase: stop.phase, code: stop.code, parameter: stop.parameter,
                                    options: stop.options, reason: stop.reason, resolved: resolved,
                                    snapshot: snapshot(at: now))
        return EngineResult(outcome: outcome, actions: [])
    }

    private mutating func handle(_ intent: WorkoutIntent, at now: Timestamp,
                                 newWorkoutID: String) -> ([WorkoutAction], DiscardReason?) {
        switch intent {
        case .start(let start):
            return (apply(.prepared(start, countdownSeconds: configuration.countdown.seconds),
                          workoutID: newWorkoutID, at: now), nil)
        case .pause:
            return (apply(.paused, at: now), nil)
        case .resume:
            return (apply(.resumed, at: now), nil)
        case .lap:
            return (apply(.lap, at: now), nil)
        case .status, .stepStatus:
            return ([], nil)
        case .skipStep:
            return (skipStep(at: now), nil)
        case .cancel:
            return (apply(.discarded(reason: .cancelled), at: now), nil)
        case .end(_, let saveShort):
            let elapsed = workout?.builder.elapsed(at: now.monotonic) ?? .zero
            if elapsed < configuration.minimumSavedDuration && !saveShort {
                return (apply(.discarded(reason: .tooShort), at: now), .tooShort)
            }
            return (apply(.ended, at: now), nil)
        }
    }

    // MARK: - Time and samples

    /// Advances countdowns and time goals. Call it at (or after) each `scheduleTick` instant.
    public mutating func tick(at now: Timestamp) -> [WorkoutAction] {
        guard var current = workout else { return [] }
        var actions: [WorkoutAction] = []
        let transition = current.session.tick(at: now)
        for action in transition.actions {
            // The countdown ran out: the builder starts at the deadline, and the start is journaled
            // so a replay (which has no ticks) starts the activity at the same instant.
            if case .changeState(.prepared, .running, let startedAt) = action {
                current.builder.beginCollection(at: startedAt)
                actions.append(.journal(JournalEntry(workoutID: current.id, kind: .started, at: startedAt)))
            }
        }
        workout = current
        if transition.actions.contains(where: { if case .changeState(.prepared, .running, _) = $0 { return true }; return false }) {
            actions += planBegan(at: now)
        }
        actions += translate(transition)
        if current.session.state == .prepared, let left = current.session.countdownRemaining(at: now.monotonic),
           case .applied = transition {
            actions.insert(.notify(.countdown(secondsLeft: left)), at: 0)
        }
        actions += advancePlan(at: now)
        actions += checkMilestones(at: now)
        actions += checkGoal(at: now)
        actions += reschedule(at: now.monotonic)
        return actions
    }

    /// Stops the activity without ending the session (HealthKit's `stopActivity`): no more data or
    /// time, and the workout waits for an end (save) or a cancel (discard).
    public mutating func stopActivity(at now: Timestamp) -> [WorkoutAction] {
        guard state == .running || state == .paused else { return [] }
        return apply(.stopped, at: now) + reschedule(at: now.monotonic)
    }

    /// Adds a sample to the running workout.
    public mutating func add(_ sample: QuantitySample, at now: Timestamp) -> (SampleOutcome, [WorkoutAction]) {
        guard workout != nil else { return (.rejected(.notCollecting), []) }
        // Distance keeps telling auto-pause how fast the workout moves even while it is paused,
        // when the builder rejects the sample itself: that is how it notices movement again.
        var motion: [WorkoutAction] = []
        if sample.type == .distance, sample.syncIdentifier == nil, workout!.autoPause != nil,
           let speed = workout!.speedFromDistance.add(metres: sample.value, at: now.monotonic) {
            motion = observeSpeed(speed, at: now)
        }
        // HealthKit's disableCollection: a refused type is said to be refused, not silently dropped.
        guard workout!.configuration.collects(sample.type) else { return (.rejected(.typeNotCollected), motion) }
        let outcome = workout!.builder.add(sample)
        guard outcome == .added || outcome == .replaced else { return (outcome, motion) }
        var actions: [WorkoutAction] = motion + [.journal(JournalEntry(workoutID: workout!.id, kind: .sample(sample), at: now)), .publish]
        actions += advancePlan(at: now)
        actions += checkAlert(sample, at: now)
        actions += generateEnergy(from: sample, at: now)
        actions += checkMilestones(at: now)
        actions += checkGoal(at: now)
        actions += reschedule(at: now.monotonic)
        return (outcome, actions)
    }

    /// Adds a route point to the running workout.
    public mutating func add(_ location: LocationSample, at now: Timestamp) -> (SampleOutcome, [WorkoutAction]) {
        guard workout != nil else { return (.rejected(.notCollecting), []) }
        // Route points tell auto-pause how fast the workout moves, paused or not (as distance does).
        var motion: [WorkoutAction] = []
        if workout!.autoPause != nil {
            if let previous = workout!.lastFix,
               let speed = workout!.speedFromDistance.add(metres: Geodesy.distance(previous, location), at: now.monotonic) {
                motion = observeSpeed(speed, at: now)
            }
            workout!.lastFix = location
        }
        let outcome = workout!.builder.add(location)
        guard outcome == .added else { return (outcome, motion) }
        var actions: [WorkoutAction] = motion + [.journal(JournalEntry(workoutID: workout!.id, kind: .location(location), at: now)), .publish]
        actions += checkMilestones(at: now)
        actions += checkGoal(at: now)
        actions += reschedule(at: now.monotonic)
        return (outcome, actions)
    }

    /// A speed reading in m/s (a foot pod, a wheel sensor, GPS). With auto-pause on, a workout that
    /// stands still long enough is paused as motionPaused and one that moves again is resumed.
    public mutating func observeSpeed(_ speed: Double, at now: Timestamp) -> [WorkoutAction] {
        guard var machine = workout?.autoPause, state == .running || state == .paused else { return [] }
        let decision = machine.observe(speed: speed, at: now.monotonic)
        workout?.autoPause = machine
        switch decision {
        case .none: return []
        case .pause: return apply(.motionPaused, at: now) + reschedule(at: now.monotonic)
        case .resume: return apply(.motionResumed, at: now) + reschedule(at: now.monotonic)
        }
    }

    /// Whole kilometres (or miles) and the goal's halfway point passed since the last change.
    mutating func checkMilestones(at now: Timestamp) -> [WorkoutAction] {
        guard var current = workout, current.session.state == .running || current.session.state == .paused else { return [] }
        let passed = current.milestones.passed(distance: current.builder.total(.distance), goal: current.builder.goal,
                                               progress: current.builder.goalProgress(at: now.monotonic),
                                               elapsed: current.builder.elapsed(at: now.monotonic).seconds)
        workout = current
        return passed.map { .notify(.milestone($0, at: now)) }
    }

    mutating func checkGoal(at now: Timestamp) -> [WorkoutAction] {
        guard workout?.builder.checkGoal(at: now) == true, let current = workout,
              let reachedAt = current.builder.goalReachedAt else { return [] }
        return [.notify(.goalReached(current.builder.goal, at: reachedAt)), .publish]
    }

    /// The next instant something is due: a countdown second or a time goal.
    public func nextDeadline(after now: MonotonicInstant) -> MonotonicInstant? {
        guard let current = workout else { return nil }
        let countdown = current.session.countdownDeadline.map {
            WorkoutSession.nextCountdownTick(after: now, deadline: $0)
        }
        let goal = current.builder.goalDeadline(at: now)
        return [countdown, goal, halfwayDeadline(of: current, at: now), planDeadline(of: current, at: now),
                reportDeadline(of: current, at: now)].compactMap { $0 }.min()
    }

    mutating func reschedule(at now: MonotonicInstant) -> [WorkoutAction] {
        let next = nextDeadline(after: now)
        guard next != scheduledTick else { return [] }
        scheduledTick = next
        return [next.map { .scheduleTick(at: $0) } ?? .cancelTick]
    }

    // MARK: - Applying journal entries

    /// Applies one journaled input to the session and builder. Both live intents and crash recovery
    /// go through here, so a replayed workout is exactly the workout that was journaled.
    private mutating func apply(_ kind: JournalEntry.Kind, workoutID: String? = nil, at now: Timestamp) -> [WorkoutAction] {
        if case .prepared(let start, let countdown) = kind {
            workout = Workout(id: workoutID ?? "", configuration: start,
                              autoPause: configuration.autoPause.settings(for: start.activity ?? .other, location: start.location),
                              milestoneUnit: configuration.milestoneUnit, alertThreshold: configuration.alertThreshold,
                              energyProfile: configuration.energyProfile, reports: configuration.reports)
            let entry = JournalEntry(workoutID: workout!.id, kind: kind, at: now)
            var actions: [WorkoutAction] = [.journal(entry)]
            let transition = workout!.session.prepare(at: now, countdown: .seconds(countdown))
            actions += translate(transition)
            if workout!.session.state == .running {
                workout!.builder.beginCollection(at: now)
                actions.append(.journal(JournalEntry(workoutID: workout!.id, kind: .started, at: now)))
                actions += planBegan(at: now)
            }
            return actions
        }
        guard var current = workout else { return [] }
        // `current` must be the only reference while it is mutated: otherwise adding a sample
        // copies the whole samples array (copy-on-write), and replaying an hour's journal is O(n²).
        workout = nil
        let entry = JournalEntry(workoutID: current.id, kind: kind, at: now)
        var actions: [WorkoutAction] = []
        switch kind {
        case .prepared:
            workout = current
            return []
        case .started:
            actions = translate(current.session.startActivity(at: now))
            current.builder.beginCollection(at: now)
        case .paused:
            actions = translate(current.session.pause(at: now))
            current.builder.pause(at: now)
            current.autoPause?.userPaused()
            current.energy.interrupt()
        case .resumed:
            actions = translate(current.session.resume(at: now))
            current.builder.resume(at: now)
            current.autoPause?.userResumed()
        case .motionPaused:
            actions = translate(current.session.motionPause(at: now))
            current.builder.pause(at: now)
            current.energy.interrupt()
            current.autoPause?.replay(.pause)
        case .motionResumed:
            let transition = current.session.motionResume(at: now)
            actions = translate(transition)
            if case .applied = transition {
                current.builder.resume(at: now)
                current.autoPause?.replay(.resume)
            }
        case .lap:
            actions = translate(current.session.lap(at: now))
        case .marker(let name):
            actions = translate(current.session.marker(at: now, name: name))
        case .sample(let sample):
            _ = current.builder.add(sample)
            actions = [.publish]
        case .location(let location):
            _ = current.builder.add(location)
            actions = [.publish]
        case .stopped:
            actions = translate(current.session.stopActivity(at: now))
            current.builder.pause(at: now)
            current.energy.interrupt()
        case .ended:
            // Apple's order: stop the activity, end collection, finish the workout, end the session.
            if current.session.state == .running || current.session.state == .paused {
                actions += translate(current.session.stopActivity(at: now))
            }
            current.builder.endCollection(at: now)
            current.closeUnfinishedStep(reaching: measures(of: current, at: now), at: now)
            actions += translate(current.session.end(at: now))
            let finished = FinishedWorkout(
                workoutID: current.id, configuration: current.configuration,
                start: current.session.startDate ?? now, end: now,
                elapsed: current.builder.elapsed(at: now.monotonic).seconds,
                events: current.session.events, samples: current.builder.samples,
                statistics: current.builder.statisticsIncludingRoute, goalReached: current.builder.goalReachedAt != nil,
                route: current.builder.route)
            actions += [.save(finished), .notify(.saved(finished))]
        case .planStep(let progress):
            current.closeStep(startingAt: progress, at: now)
            current.plan?.runner.restore(progress)
            current.plan?.alerts.reset()
        case .discarded(let reason):
            current.builder.endCollection(at: now)
            actions += translate(current.session.end(at: now))
            actions.append(.notify(.discarded(workoutID: current.id, reason: reason)))
        }
        workout = current
        return [.journal(entry)] + actions
    }

    /// Session actions become workout actions; ticks are rescheduled by the engine as a whole.
    private func translate(_ transition: SessionTransition) -> [WorkoutAction] {
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

    // MARK: - Recovery

    /// Rebuilds the engine from a workout's journal after a restart, then catches up with `now`:
    /// a countdown that ran out while the gateway was down starts the activity at its deadline,
    /// and a running workout keeps the time that passed.
    public static func recovering(from entries: [JournalEntry], configuration: EngineConfiguration = EngineConfiguration(),
                                  at now: Timestamp, boot: String? = nil) -> (WorkoutEngine, [WorkoutAction]) {
        var engine = WorkoutEngine(configuration: configuration)
        for entry in JournalRebase.rebase(entries, onto: now, boot: boot) {
            _ = engine.apply(entry.kind, workoutID: entry.workoutID, at: entry.at)
        }
        // Milestones passed before the restart were announced then: take them as said.
        _ = engine.checkMilestones(at: now)
        var actions = engine.tick(at: now)
        actions.insert(.notify(.recovered(engine.snapshot(at: now))), at: 0)
        actions.append(.publish)
        return (engine, actions)
    }

    // MARK: - Status

    public func snapshot(at now: Timestamp) -> WorkoutSnapshot {
        guard let current = workout else { return WorkoutSnapshot(at: now) }
        let session = current.session
        let builder = current.builder
        let end = session.endDate
        return WorkoutSnapshot(
            workoutID: current.id, state: session.state, activity: current.configuration.activity,
            location: current.configuration.location, goal: current.configuration.goal,
            workoutName: current.configuration.workoutName, startDate: session.startDate?.date, endDate: end?.date,
            elapsed: builder.elapsed(at: (end ?? now).monotonic).seconds,
            countdown: session.countdownRemaining(at: now.monotonic),
            goalProgress: builder.goalProgress(at: (end ?? now).monotonic), goalReached: builder.goalReachedAt != nil,
            laps: session.lapCount, autoPaused: session.pausedByMotion,
            lastLap: session.events.last { $0.type == .lap }?.duration?.seconds,
            statistics: builder.statisticsIncludingRoute, step: stepStatus(of: current, at: end ?? now),
            refusedTypes: current.configuration.refusedTypes, distanceSource: builder.distanceSource, at: now)
    }
}
