// PlanRunner: the state machine that walks a plan's steps beside the session. Pure: it is handed
// the workout's measures (active time — pauses already excluded by the builder — distance, energy)
// and returns what changed; the engine journals each step start so a restart resumes the same
// step at the same point (`restore`).

import CoachWire

/// Where the workout stands in the three measures a step's goal can count.
public struct PlanMeasures: Sendable, Hashable, Codable {
    /// Active seconds (pauses excluded).
    public var elapsed: Double
    /// Metres.
    public var distance: Double
    /// Kilocalories.
    public var energy: Double

    public init(elapsed: Double = 0, distance: Double = 0, energy: Double = 0) {
        self.elapsed = elapsed
        self.distance = distance
        self.energy = energy
    }

    public static let zero = PlanMeasures()
}

/// Why a step ended.
public enum StepChangeReason: String, Sendable, Hashable, Codable {
    /// Its goal was reached (time, distance or energy).
    case goal
    /// "skip step", "next interval", or the socket's `skipStep`.
    case skipped
}

/// A step began at `start`: what the journal records, and all a restart needs to be where it was.
/// `index == steps.count` records that the plan is complete.
public struct PlanProgress: Sendable, Hashable, Codable {
    public var index: Int
    public var start: PlanMeasures
    public var reason: StepChangeReason

    public init(index: Int, start: PlanMeasures, reason: StepChangeReason) {
        self.index = index
        self.start = start
        self.reason = reason
    }
}

/// What the runner decided; the engine journals, announces and publishes.
public enum PlanAction: Sendable, Hashable {
    case stepEnded(index: Int, reason: StepChangeReason)
    /// A step began (or, with `index == steps.count`, the plan is complete): journal it.
    case stepStarted(PlanProgress)
    /// A swim-bike-run leg ended and the next began (HealthKit's multisport transition).
    case transition(from: ActivityType?, to: ActivityType?)
    case finished
}

public struct PlanRunner: Sendable, Hashable {
    public let plan: WorkoutPlan
    public let steps: [PlannedStep]
    /// The current step's index; `steps.count` once the plan is complete.
    public private(set) var index = 0
    /// The measures when the current step began.
    public private(set) var start = PlanMeasures.zero

    public init(plan: WorkoutPlan) {
        self.plan = plan
        self.steps = plan.steps
    }

    public var current: PlannedStep? { index < steps.count ? steps[index] : nil }
    public var isFinished: Bool { index >= steps.count }

    /// How much of the current step's goal is left, in its unit (seconds, metres, kilocalories);
    /// nil for an open step or a finished plan.
    public func remaining(at measures: PlanMeasures) -> Double? {
        guard let step = current?.step else { return nil }
        switch step.goal {
        case .open: return nil
        case .time(let seconds): return max(seconds - (measures.elapsed - start.elapsed), 0)
        case .distance(let meters): return max(meters - (measures.distance - start.distance), 0)
        case .energy(let kcal): return max(kcal - (measures.energy - start.energy), 0)
        }
    }

    /// Active seconds until a time step ends (the engine schedules a tick for it while running).
    public func secondsLeft(at measures: PlanMeasures) -> Double? {
        guard case .time? = current?.step.goal else { return nil }
        return remaining(at: measures)
    }

    /// Ends every step whose goal the measures have reached. A step that ends on its own goal
    /// hands the next step that goal's exact boundary (a 90 s rest after a 60 s step starts at 60 s,
    /// even if the tick came late); the other measures are taken as they are now.
    public mutating func advance(to measures: PlanMeasures) -> [PlanAction] {
        var actions: [PlanAction] = []
        while let step = current?.step, let boundary = boundary(of: step.goal, at: measures) {
            actions += moveOn(to: boundary, reason: .goal)
        }
        return actions
    }

    /// Ends the current step now, whatever its goal.
    public mutating func skip(at measures: PlanMeasures) -> [PlanAction] {
        guard !isFinished else { return [] }
        return moveOn(to: measures, reason: .skipped)
    }

    /// Puts the runner where a journaled step start left it (crash recovery).
    public mutating func restore(_ progress: PlanProgress) {
        index = min(max(progress.index, 0), steps.count)
        start = progress.start
    }

    /// The measures at which the current goal was reached, or nil if it has not been.
    private func boundary(of goal: WorkoutGoal, at measures: PlanMeasures) -> PlanMeasures? {
        var boundary = measures
        switch goal {
        case .open: return nil
        case .time(let seconds):
            guard measures.elapsed - start.elapsed >= seconds - 1e-9 else { return nil }
            boundary.elapsed = start.elapsed + seconds
        case .distance(let meters):
            guard measures.distance - start.distance >= meters - 1e-9 else { return nil }
            boundary.distance = start.distance + meters
        case .energy(let kcal):
            guard measures.energy - start.energy >= kcal - 1e-9 else { return nil }
            boundary.energy = start.energy + kcal
        }
        return boundary
    }

    private mutating func moveOn(to measures: PlanMeasures, reason: StepChangeReason) -> [PlanAction] {
        let ended = steps[index]
        var actions: [PlanAction] = [.stepEnded(index: index, reason: reason)]
        index += 1
        start = measures
        actions.append(.stepStarted(PlanProgress(index: index, start: measures, reason: reason)))
        if case .swimBikeRun = plan.kind, let next = current {
            actions.append(.transition(from: ended.step.activity, to: next.step.activity))
        }
        if isFinished { actions.append(.finished) }
        return actions
    }
}
