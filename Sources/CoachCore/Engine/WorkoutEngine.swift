// WorkoutEngine: one workout session and its builder, driven by intents, ticks and samples.
// Pure: handed the time, it returns what happened and what to do; WorkoutManager performs it.
// It composes machines that each own their state, as postgres-nio's ConnectionStateMachine
// composes its query and authentication machines: the IntentHandler (resolve → confirm), the
// Workout (session, builder, and its auto-pause, milestones, plan and energy sub-machines) and
// the TickSchedule (deadlines). The engine orders their steps and reschedules its tick.

import CoachWire

public struct WorkoutEngine: Sendable {
    public let configuration: EngineConfiguration
    public private(set) var workout: Workout?
    private var ticks = TickSchedule()
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
    //
    // Each input takes the workout out of the engine while it changes (`workout.take()`): as the
    // only reference, adding a sample appends in place instead of copying every sample before it
    // (copy-on-write), which would make replaying an hour's journal O(n²).

    /// Advances countdowns and time goals. Call it at (or after) each `scheduleTick` instant.
    public mutating func tick(at now: Timestamp) -> [WorkoutAction] {
        guard var current = workout.take() else { return [] }
        defer { workout = current }
        let actions = current.tick(at: now) + current.advancePlan(at: now) + current.checkMilestones(at: now)
            + current.checkGoal(at: now)
        return actions + reschedule(current, at: now.monotonic)
    }

    /// Stops the activity without ending the session (HealthKit's `stopActivity`): no more data or
    /// time, and the workout waits for an end (save) or a cancel (discard).
    public mutating func stopActivity(at now: Timestamp) -> [WorkoutAction] {
        guard state == .running || state == .paused else { return [] }
        return apply(.stopped, at: now) + reschedule(at: now.monotonic)
    }

    /// Adds a sample to the running workout.
    public mutating func add(_ sample: QuantitySample, at now: Timestamp) -> (SampleOutcome, [WorkoutAction]) {
        guard var current = workout.take() else { return (.rejected(.notCollecting), []) }
        defer { workout = current }
        let motion = current.speed(after: sample, at: now).map { observeSpeed($0, of: &current, at: now) } ?? []
        let (outcome, actions) = current.collect(sample, at: now)
        guard !actions.isEmpty else { return (outcome, motion) }
        return (outcome, motion + actions + reschedule(current, at: now.monotonic))
    }

    /// Adds a route point to the running workout.
    public mutating func add(_ location: LocationSample, at now: Timestamp) -> (SampleOutcome, [WorkoutAction]) {
        guard var current = workout.take() else { return (.rejected(.notCollecting), []) }
        defer { workout = current }
        let motion = current.speed(toward: location, at: now).map { observeSpeed($0, of: &current, at: now) } ?? []
        let (outcome, actions) = current.collect(location, at: now)
        guard !actions.isEmpty else { return (outcome, motion) }
        return (outcome, motion + actions + reschedule(current, at: now.monotonic))
    }

    /// A speed reading in m/s (a foot pod, a wheel sensor, GPS). With auto-pause on, a workout that
    /// stands still long enough is paused as motionPaused and one that moves again is resumed.
    public mutating func observeSpeed(_ speed: Double, at now: Timestamp) -> [WorkoutAction] {
        guard var current = workout.take() else { return [] }
        defer { workout = current }
        return observeSpeed(speed, of: &current, at: now)
    }

    private mutating func observeSpeed(_ speed: Double, of current: inout Workout, at now: Timestamp) -> [WorkoutAction] {
        switch current.autoPauseDecision(speed: speed, at: now) {
        case .none: return []
        case .pause: return current.apply(.motionPaused, at: now) + reschedule(current, at: now.monotonic)
        case .resume: return current.apply(.motionResumed, at: now) + reschedule(current, at: now.monotonic)
        }
    }

    /// A strap's cumulative Energy Expended (kJ): energy for the running workout when nothing
    /// better counts. While not running it only moves the strap's baseline.
    public mutating func observeEnergyExpended(_ kilojoules: Double, sensor: String, at now: Timestamp) -> [WorkoutAction] {
        guard var current = workout.take() else { return [] }
        defer { workout = current }
        guard let actions = current.observeEnergyExpended(kilojoules, sensor: sensor, at: now) else { return [] }
        return actions + reschedule(current, at: now.monotonic)
    }

    /// "skip step", "next interval": ends the current step now. Nothing to skip → no actions.
    public mutating func skipStep(at now: Timestamp) -> [WorkoutAction] {
        guard canSkipStep, var current = workout.take() else { return [] }
        defer { workout = current }
        return current.skipStep(at: now) + reschedule(current, at: now.monotonic)
    }

    /// True when a plan runs and has a step left to skip.
    public var canSkipStep: Bool { workout?.canSkipStep ?? false }

    /// The next instant something is due: a countdown second, a time goal, a plan step, a report.
    public func nextDeadline(after now: MonotonicInstant) -> MonotonicInstant? {
        workout.flatMap { TickSchedule.nextDeadline(of: $0, after: now) }
    }

    private mutating func reschedule(at now: MonotonicInstant) -> [WorkoutAction] {
        ticks.reschedule(to: nextDeadline(after: now))
    }

    /// The same, for a workout taken out of the engine while it changes.
    private mutating func reschedule(_ current: Workout, at now: MonotonicInstant) -> [WorkoutAction] {
        ticks.reschedule(to: TickSchedule.nextDeadline(of: current, after: now))
    }

    // MARK: - Applying journal entries

    /// Applies one journaled input. Both live intents and crash recovery go through here, so a
    /// replayed workout is exactly the workout that was journaled; a start begins a new workout.
    private mutating func apply(_ kind: JournalEntry.Kind, workoutID: String? = nil, at now: Timestamp) -> [WorkoutAction] {
        if case .prepared(let start, let countdown) = kind {
            var started = Workout(id: workoutID ?? "", start: start, configuration: configuration)
            defer { workout = started }
            return started.prepare(countdown: countdown, at: now)
        }
        guard var current = workout.take() else { return [] }
        defer { workout = current }
        return current.apply(kind, at: now)
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
        _ = engine.workout?.checkMilestones(at: now)
        var actions = engine.tick(at: now)
        actions.insert(.notify(.recovered(engine.snapshot(at: now))), at: 0)
        actions.append(.publish)
        return (engine, actions)
    }

    // MARK: - Status

    public func snapshot(at now: Timestamp) -> WorkoutSnapshot {
        workout?.snapshot(at: now) ?? WorkoutSnapshot(at: now)
    }
}
