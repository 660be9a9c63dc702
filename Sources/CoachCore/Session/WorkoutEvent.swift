// Workout events as HealthKit records them (HKWorkoutEvent): pause, resume, lap, marker, segment.

/// HealthKit's `HKWorkoutEventType`, with its raw values.
public enum WorkoutEventType: String, Sendable, Hashable, Codable, CaseIterable {
    case pause, resume, lap, marker, motionPaused, motionResumed, segment, pauseOrResumeRequest

    public var healthKitValue: Int {
        switch self {
        case .pause: return 1
        case .resume: return 2
        case .lap: return 3
        case .marker: return 4
        case .motionPaused: return 5
        case .motionResumed: return 6
        case .segment: return 7
        case .pauseOrResumeRequest: return 8
        }
    }
}

/// One event inside a workout. Only laps and segments may span time (`duration`).
public struct WorkoutEvent: Sendable, Hashable, Codable {
    public var type: WorkoutEventType
    public var at: Timestamp
    public var duration: Duration?
    public var metadata: [String: String]

    public init(type: WorkoutEventType, at: Timestamp, duration: Duration? = nil, metadata: [String: String] = [:]) {
        self.type = type
        self.at = at
        self.duration = duration
        self.metadata = metadata
    }
}
