// JournalEntry: the durable record of what happened to a workout. Replaying a workout's entries
// through a fresh engine rebuilds it exactly — that is how crash recovery works.

/// One input that changed a workout, with the moment it took effect.
public struct JournalEntry: Sendable, Hashable, Codable {
    public var workoutID: String
    public var kind: Kind
    public var at: Timestamp
    /// The boot this entry was written in (Linux's boot_id; WorkoutClock.bootID), so recovery can
    /// tell a reboot from a wall-clock step (JournalRebase). Set by the manager on the entries the
    /// store keeps as JSON; samples and route points (kept in columns) carry none. Nil in journals
    /// written before it existed.
    public var boot: String?

    public init(workoutID: String, kind: Kind, at: Timestamp, boot: String? = nil) {
        self.workoutID = workoutID
        self.kind = kind
        self.at = at
        self.boot = boot
    }

    public enum Kind: Sendable, Hashable, Codable {
        /// The workout was configured and its countdown began.
        case prepared(StartWorkoutIntent, countdownSeconds: Double)
        case started
        case paused
        case resumed
        /// Auto-pause paused or resumed the workout (HealthKit's motionPaused / motionResumed).
        case motionPaused
        case motionResumed
        case lap
        case marker(name: String?)
        case sample(QuantitySample)
        /// A point of the route.
        case location(LocationSample)
        /// The activity stopped; the session waits to be ended (HealthKit's `stopActivity`).
        case stopped
        case ended
        /// Cancelled, or too short to keep: nothing is saved.
        case discarded(reason: DiscardReason)
        /// A plan's step began (its goal was reached, or it was skipped): where replay puts the
        /// plan runner, so a restart resumes the same step at the same point.
        case planStep(PlanProgress)
    }
}

public enum DiscardReason: String, Sendable, Hashable, Codable {
    /// The user cancelled the workout.
    case cancelled
    /// Ended after less than the minimum duration ("discard extremely brief workout sessions").
    case tooShort
}
