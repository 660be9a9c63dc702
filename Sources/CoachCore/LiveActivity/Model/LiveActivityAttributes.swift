// The static half of a Live Activity (ActivityKit's `ActivityAttributes`): what is fixed when the
// activity is requested and never changes while it lives.

import CoachWire

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// Fixed for the life of one workout's activity. A new workout is a new activity.
public struct LiveActivityAttributes: Sendable, Hashable, Codable {
    public var workoutID: String
    public var activity: ActivityType
    public var location: LocationType
    public var goal: WorkoutGoal?
    /// The user's own name for the workout; cut to keep the encoded activity under 4 KB.
    public var workoutName: String?
    public var startDate: Date?

    public init(workoutID: String, activity: ActivityType, location: LocationType = .unknown,
                goal: WorkoutGoal? = nil, workoutName: String? = nil, startDate: Date? = nil) {
        self.workoutID = workoutID
        self.activity = activity
        self.location = location
        self.goal = goal
        self.workoutName = workoutName
        self.startDate = startDate
    }

    /// "outdoor run", "屋外ランニング": the location adjective only where it changes the measuring.
    public func title(_ wording: Wording) -> String {
        wording.title(activity, location)
    }
}
