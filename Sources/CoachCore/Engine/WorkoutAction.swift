// What the engine asks the manager to do after an input: timers, journal writes, notifications,
// feed updates, saving or discarding the finished workout.

import CoachWire

/// A notification for subscribers: a change worth announcing to every channel.
public enum WorkoutNotification: Sendable, Hashable {
    case stateChanged(from: SessionState, to: SessionState, at: Timestamp)
    case event(WorkoutEvent)
    case countdown(secondsLeft: Int)
    case goalReached(WorkoutGoal, at: Timestamp)
    /// A whole kilometre or mile, or half the goal (Milestones.swift).
    case milestone(Milestone, at: Timestamp)
    case saved(FinishedWorkout)
    case discarded(workoutID: String, reason: DiscardReason)
    case recovered(WorkoutSnapshot)
    /// A plan's step began or ended, a multisport transition, an alert (PlanNotice.swift).
    case plan(PlanNotice)
}

/// A notification together with the workout as it stood when it happened: subscribers word and
/// show it from this snapshot, and never ask the manager again (the feed flows one way).
public struct WorkoutChange: Sendable, Hashable {
    public var notification: WorkoutNotification
    public var snapshot: WorkoutSnapshot
    /// Who asked for the change (the id of the conversation whose command caused it); nil when
    /// nobody did (the clock, a sample, a recovery). A channel that already showed its own reply
    /// leaves the change out instead of saying it twice.
    public var origin: Int?

    public init(_ notification: WorkoutNotification, snapshot: WorkoutSnapshot, origin: Int? = nil) {
        self.notification = notification
        self.snapshot = snapshot
        self.origin = origin
    }
}

/// An effect the manager performs, in order.
public enum WorkoutAction: Sendable, Hashable {
    /// Call `tick(at:)` at this instant (countdown seconds, the end of the countdown, a time goal).
    case scheduleTick(at: MonotonicInstant)
    case cancelTick
    /// Make this entry durable before acknowledging the input.
    case journal(JournalEntry)
    case notify(WorkoutNotification)
    /// The status changed: render and push the feed.
    case publish
    /// The workout ended and is to be saved with its statistics, events and samples.
    case save(FinishedWorkout)
}

/// A completed workout, ready to save.
public struct FinishedWorkout: Sendable, Hashable, Codable {
    public var workoutID: String
    public var configuration: StartWorkoutIntent
    public var start: Timestamp
    public var end: Timestamp
    public var elapsed: Double
    public var events: [WorkoutEvent]
    public var samples: [QuantitySample]
    public var statistics: [QuantityType: QuantityStatistics]
    public var goalReached: Bool
    /// The route's points (empty for indoor workouts and workouts without location samples).
    public var route: [LocationSample]

    public init(workoutID: String, configuration: StartWorkoutIntent, start: Timestamp, end: Timestamp,
                elapsed: Double, events: [WorkoutEvent], samples: [QuantitySample],
                statistics: [QuantityType: QuantityStatistics], goalReached: Bool, route: [LocationSample] = []) {
        self.route = route
        self.workoutID = workoutID
        self.configuration = configuration
        self.start = start
        self.end = end
        self.elapsed = elapsed
        self.events = events
        self.samples = samples
        self.statistics = statistics
        self.goalReached = goalReached
    }
}
