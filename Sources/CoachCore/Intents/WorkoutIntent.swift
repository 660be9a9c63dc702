// The intents Coach understands: SiriKit's five workout intents plus two of our own
// (WorkoutStatus, MarkLap), with their parameters.

import CoachWire

/// The name of an intent as it appears in the vocabulary, the protocol and `coach parse --json`.
public enum IntentKind: String, Sendable, Hashable, Codable, CaseIterable {
    case startWorkout = "StartWorkout"
    case pauseWorkout = "PauseWorkout"
    case resumeWorkout = "ResumeWorkout"
    case endWorkout = "EndWorkout"
    case cancelWorkout = "CancelWorkout"
    case workoutStatus = "WorkoutStatus"
    case markLap = "MarkLap"
    /// A structured workout (docs/plans.md): started, its step skipped, its step asked for.
    case startPlannedWorkout = "StartPlannedWorkout"
    case skipStep = "SkipStep"
    case stepStatus = "StepStatus"
}

/// `INStartWorkoutIntent`: every parameter optional, as in SiriKit.
public struct StartWorkoutIntent: Sendable, Hashable, Codable {
    public var activity: ActivityType?
    public var location: LocationType?
    public var goal: WorkoutGoal?
    public var isOpenEnded: Bool?
    /// A name of the user's own ("Sunday long run"); shown instead of the activity's name.
    public var workoutName: String?
    /// Who started it (the workout's source); set by the gateway from the requesting client.
    public var source: SampleSource?
    /// A structured workout to run step by step (docs/plans.md); nil for one open block.
    public var plan: WorkoutPlan?
    /// The only types this workout collects (`start --collect heartRate,power`); nil: every type
    /// (HealthKit's live data source collects them all until told otherwise).
    public var collectedTypes: [QuantityType]?
    /// Types this workout refuses (`start --no-collect cadence`, HealthKit's disableCollection).
    public var excludedTypes: [QuantityType]?

    public init(activity: ActivityType? = nil, location: LocationType? = nil, goal: WorkoutGoal? = nil,
                isOpenEnded: Bool? = nil, workoutName: String? = nil, source: SampleSource? = nil,
                plan: WorkoutPlan? = nil, collectedTypes: [QuantityType]? = nil, excludedTypes: [QuantityType]? = nil) {
        self.plan = plan
        self.activity = activity
        self.location = location
        self.goal = goal
        self.isOpenEnded = isOpenEnded
        self.workoutName = workoutName
        self.source = source
        self.collectedTypes = collectedTypes
        self.excludedTypes = excludedTypes
    }

    /// Whether samples of `type` are kept. Distance's kinds go together: `--collect distance`
    /// takes a wheel sensor's distanceCycling too, as it is the same quantity.
    public func collects(_ type: QuantityType) -> Bool {
        func names(_ list: [QuantityType]) -> Bool { list.contains(type) || (type.isDistance && list.contains(.distance)) }
        if let excludedTypes, names(excludedTypes) { return false }
        if let collectedTypes { return names(collectedTypes) }
        return true
    }

    /// The types this workout refuses, in the order QuantityType lists them (status shows them).
    public var refusedTypes: [QuantityType] { QuantityType.allCases.filter { !collects($0) } }
}

/// One intent with its parameters.
public enum WorkoutIntent: Sendable, Hashable {
    case start(StartWorkoutIntent)
    /// Pause, resume, end and cancel may name the workout (`INPauseWorkoutIntent.workoutName`);
    /// a name that does not match the ongoing workout is `failureNoMatchingWorkout`.
    case pause(activity: ActivityType? = nil)
    case resume(activity: ActivityType? = nil)
    /// `saveShort` keeps a workout shorter than the engine's minimum, which is otherwise discarded.
    case end(activity: ActivityType? = nil, saveShort: Bool = false)
    /// Cancel discards data, so it is performed only once `confirmed` (the channel asks first).
    case cancel(activity: ActivityType? = nil, confirmed: Bool = false)
    case status
    case lap
    /// "skip step", "next interval": the plan's current step ends now.
    case skipStep
    /// "what step am I on": the status, with the plan's step.
    case stepStatus

    public var kind: IntentKind {
        switch self {
        case .start(let start): return start.plan == nil ? .startWorkout : .startPlannedWorkout
        case .pause: return .pauseWorkout
        case .resume: return .resumeWorkout
        case .end: return .endWorkout
        case .cancel: return .cancelWorkout
        case .status: return .workoutStatus
        case .lap: return .markLap
        case .skipStep: return .skipStep
        case .stepStatus: return .stepStatus
        }
    }
}
