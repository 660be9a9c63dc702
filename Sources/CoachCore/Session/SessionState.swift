// The states of a workout session, with HealthKit's names and raw values (HKWorkoutSessionState).

/// notStarted → prepared → running ⇄ paused → stopped → ended.
public enum SessionState: String, Sendable, Hashable, Codable, CaseIterable {
    case notStarted, running, ended, paused, prepared, stopped

    /// HealthKit's raw values are not in declaration order (notStarted 1 … stopped 6).
    public var healthKitValue: Int {
        switch self {
        case .notStarted: return 1
        case .running: return 2
        case .ended: return 3
        case .paused: return 4
        case .prepared: return 5
        case .stopped: return 6
        }
    }

    /// A workout is ongoing from prepare until it ends: a second start is refused in these states.
    public var isOngoing: Bool {
        switch self {
        case .prepared, .running, .paused, .stopped: return true
        case .notStarted, .ended: return false
        }
    }
}
