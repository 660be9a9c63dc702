// WorkoutPlan: a structured workout as data, in WorkoutKit's four kinds — custom (warm-up, blocks
// of steps repeated N times, cool-down), single goal, pacer (a distance in a time) and swim-bike-run
// (legs with transitions). Pure values; YAML lives in CoachPlans, the running in PlanRunner.

import CoachWire

/// One structured workout, named as its file is (`threshold` for `workouts/threshold.yaml`).
public struct WorkoutPlan: Sendable, Hashable, Codable {
    public var name: String
    /// The activity of the whole plan (for swim-bike-run, `swimBikeRun`; each leg has its own).
    public var activity: ActivityType
    public var kind: Kind

    public init(name: String, activity: ActivityType, kind: Kind) {
        self.name = name
        self.activity = activity
        self.kind = kind
    }

    public enum Kind: Sendable, Hashable, Codable {
        case custom(CustomPlan)
        case singleGoal(WorkoutGoal)
        /// Cover `meters` in `seconds`: one step, its pace the target.
        case pacer(meters: Double, seconds: Double)
        case swimBikeRun([PlanStep])
        /// Race a saved workout over its distance (RaceTrack): one step, the gap the feed's news.
        case race(RaceTrack)

        /// The word used in YAML, `coach plan list` and `coach parse --json`.
        public var name: String {
            switch self {
            case .custom: return "custom"
            case .singleGoal: return "single"
            case .pacer: return "pacer"
            case .swimBikeRun: return "multisport"
            case .race: return "race"
            }
        }
    }
}

/// WorkoutKit's `CustomWorkout`: an optional warm-up, blocks, an optional cool-down.
public struct CustomPlan: Sendable, Hashable, Codable {
    public var warmup: PlanStep?
    public var blocks: [IntervalBlock]
    public var cooldown: PlanStep?

    public init(warmup: PlanStep? = nil, blocks: [IntervalBlock], cooldown: PlanStep? = nil) {
        self.warmup = warmup
        self.blocks = blocks
        self.cooldown = cooldown
    }
}

/// Steps run in order, the whole block `iterations` times (WorkoutKit's `IntervalBlock`).
public struct IntervalBlock: Sendable, Hashable, Codable {
    public var steps: [PlanStep]
    public var iterations: Int

    public init(steps: [PlanStep], iterations: Int = 1) {
        self.steps = steps
        self.iterations = iterations
    }
}

/// What a step is for: shown in the feed ("Interval 3/5", "Recovery") and in FIT's intensity.
public enum StepPurpose: String, Sendable, Hashable, Codable, CaseIterable {
    case warmup, work, recovery, cooldown, leg, race
}

/// One step: its purpose, when it ends (its goal) and the range it should stay in (its alert).
public struct PlanStep: Sendable, Hashable, Codable {
    public var purpose: StepPurpose
    public var goal: WorkoutGoal
    public var alert: PlanAlert?
    /// For a swim-bike-run leg: the leg's activity (swimming, cycling, running).
    public var activity: ActivityType?
    /// A name of the user's own ("Hill"), shown instead of the purpose's word.
    public var name: String?

    public init(purpose: StepPurpose, goal: WorkoutGoal, alert: PlanAlert? = nil,
                activity: ActivityType? = nil, name: String? = nil) {
        self.purpose = purpose
        self.goal = goal
        self.alert = alert
        self.activity = activity
        self.name = name
    }
}

/// The metrics an alert may watch (WorkoutKit's alert metrics).
public enum AlertMetric: String, Sendable, Hashable, Codable, CaseIterable {
    /// Seconds per kilometre; lower is faster.
    case pace
    /// Metres per second.
    case speed
    case heartRate
    case cadence
    case power
}

/// A range (in the metric's canonical unit) or a zone (heart rate 1…5) a step should stay in.
public struct PlanAlert: Sendable, Hashable, Codable {
    public var metric: AlertMetric
    public var target: Target

    public enum Target: Sendable, Hashable, Codable {
        case range(low: Double, high: Double)
        case zone(Int)
    }

    public init(metric: AlertMetric, target: Target) {
        self.metric = metric
        self.target = target
    }

    /// The range to hold; a zone needs the athlete's zones (nil without them).
    public func range(zones: HeartRateZones?) -> ClosedRange<Double>? {
        switch target {
        case .range(let low, let high): return min(low, high)...max(low, high)
        case .zone(let zone):
            guard let zones, (1...5).contains(zone) else { return nil }
            let high = zone == 5 ? zones.maximum : zones.lowerBound(of: zone + 1)
            return zones.lowerBound(of: zone)...high
        }
    }
}

extension WorkoutPlan {
    /// Every step in the order it runs, with its place in the plan: what the runner walks through.
    public var steps: [PlannedStep] {
        switch kind {
        case .singleGoal(let goal):
            return [PlannedStep(step: PlanStep(purpose: .work, goal: goal), block: nil, iteration: 1, iterations: 1)]
        case .pacer(let meters, let seconds):
            // The pace to hold, with a little room either side: 2 % or 5 s/km, whichever is more.
            let pace = seconds / meters * 1000
            let room = max(pace * 0.02, 5)
            let alert = PlanAlert(metric: .pace, target: .range(low: pace - room, high: pace + room))
            return [PlannedStep(step: PlanStep(purpose: .work, goal: .distance(meters: meters), alert: alert),
                                block: nil, iteration: 1, iterations: 1, pacerSeconds: seconds)]
        case .race(let track):
            return [PlannedStep(step: PlanStep(purpose: .race, goal: .distance(meters: track.totalDistance)),
                                block: nil, iteration: 1, iterations: 1, race: track)]
        case .swimBikeRun(let legs):
            return legs.enumerated().map { index, leg in
                PlannedStep(step: leg, block: nil, iteration: index + 1, iterations: legs.count)
            }
        case .custom(let custom):
            var steps: [PlannedStep] = []
            if let warmup = custom.warmup { steps.append(PlannedStep(step: warmup, block: nil, iteration: 1, iterations: 1)) }
            for (blockIndex, block) in custom.blocks.enumerated() {
                for iteration in 1...max(block.iterations, 1) {
                    for step in block.steps {
                        steps.append(PlannedStep(step: step, block: blockIndex, iteration: iteration, iterations: block.iterations))
                    }
                }
            }
            if let cooldown = custom.cooldown { steps.append(PlannedStep(step: cooldown, block: nil, iteration: 1, iterations: 1)) }
            return steps
        }
    }
}

/// A step in its place: which block and which repeat of it, for "Interval 3/5".
public struct PlannedStep: Sendable, Hashable, Codable {
    public var step: PlanStep
    /// The block's index in the plan; nil for a warm-up, cool-down, single goal, pacer or leg.
    public var block: Int?
    /// 1-based repeat of the block (for a leg, its number among the legs).
    public var iteration: Int
    public var iterations: Int
    /// A pacer's time for its distance (the feed shows how far ahead or behind the pace it is).
    public var pacerSeconds: Double?
    /// A race's past self (the feed shows how far ahead or behind it you are).
    public var race: RaceTrack?

    public init(step: PlanStep, block: Int?, iteration: Int, iterations: Int, pacerSeconds: Double? = nil,
                race: RaceTrack? = nil) {
        self.race = race
        self.step = step
        self.block = block
        self.iteration = iteration
        self.iterations = iterations
        self.pacerSeconds = pacerSeconds
    }
}
