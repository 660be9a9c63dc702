// WorkoutSnapshot: everything a channel or the status feed shows about the workout at one moment.

import CoachWire

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// The workout as of one moment: state, elapsed time, metrics and goal progress.
public struct WorkoutSnapshot: Sendable, Hashable, Codable {
    public var workoutID: String?
    public var state: SessionState
    public var activity: ActivityType?
    public var location: LocationType?
    public var goal: WorkoutGoal?
    public var workoutName: String?
    public var startDate: Date?
    public var endDate: Date?
    /// Running time in seconds, pauses excluded.
    public var elapsed: Double
    /// Seconds left on the countdown (3, 2, 1) while prepared.
    public var countdown: Int?
    /// Progress toward the goal, 0…1; nil when open-ended.
    public var goalProgress: Double?
    public var goalReached: Bool
    public var laps: Int
    /// Paused by auto-pause (motionPaused), not by the user.
    public var autoPaused: Bool
    /// How long the most recent lap took, in seconds.
    public var lastLap: Double?
    public var statistics: [QuantityType: QuantityStatistics]
    /// The plan's current step, when a structured workout runs (nil otherwise).
    public var step: PlanStepStatus?
    /// Types this workout does not collect (`start --collect` / `--no-collect`); empty: all.
    public var refusedTypes: [QuantityType]
    /// Where the distance in `statistics` comes from: a sensor, distance samples or the route.
    public var distanceSource: DistanceSource?
    /// The monotonic moment of this snapshot, for staleness checks by the live activity.
    public var at: Timestamp

    public init(workoutID: String? = nil, state: SessionState = .notStarted, activity: ActivityType? = nil,
                location: LocationType? = nil, goal: WorkoutGoal? = nil, workoutName: String? = nil,
                startDate: Date? = nil, endDate: Date? = nil, elapsed: Double = 0, countdown: Int? = nil,
                goalProgress: Double? = nil, goalReached: Bool = false, laps: Int = 0, autoPaused: Bool = false, lastLap: Double? = nil,
                statistics: [QuantityType: QuantityStatistics] = [:], step: PlanStepStatus? = nil,
                refusedTypes: [QuantityType] = [], distanceSource: DistanceSource? = nil, at: Timestamp) {
        self.step = step
        self.workoutID = workoutID
        self.state = state
        self.activity = activity
        self.location = location
        self.goal = goal
        self.workoutName = workoutName
        self.startDate = startDate
        self.endDate = endDate
        self.elapsed = elapsed
        self.countdown = countdown
        self.goalProgress = goalProgress
        self.goalReached = goalReached
        self.laps = laps
        self.autoPaused = autoPaused
        self.lastLap = lastLap
        self.statistics = statistics
        self.refusedTypes = refusedTypes
        self.distanceSource = distanceSource
        self.at = at
    }

    /// The latest value of a metric (heart rate now) or its total (distance so far).
    public func current(_ type: QuantityType) -> Double? {
        guard let statistics = statistics[type] else { return nil }
        return type.isCumulative ? statistics.sum : statistics.mostRecent
    }
}
