// The dynamic half of a Live Activity (ActivityKit's `ContentState`): what each update carries.

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What the workout is doing, as the feed shows it. `idle` means there is no activity at all;
/// `autoPaused` is a pause auto-pause made (HealthKit's motionPaused), shown apart from the user's own.
public enum FeedPhase: String, Sendable, Hashable, Codable, CaseIterable {
    case idle, countdown, running, paused, autoPaused, stopping, ended
}

/// A metric the feed can show. `pace` and `speed` are derived from distance and elapsed time.
public enum FeedMetricKind: String, Sendable, Hashable, Codable, CaseIterable {
    case heartRate, distance, activeEnergy, pace, speed, cadence, power, stepCount
}

/// One metric's value in its display unit base (bpm, metres, kcal, seconds per km, km/h, spm, W,
/// steps). `nil` means unavailable: no reading yet, or the last one is too old to show ("--").
public struct FeedMetric: Sendable, Hashable, Codable {
    public var kind: FeedMetricKind
    public var value: Double?

    public init(kind: FeedMetricKind, value: Double?) {
        self.kind = kind
        self.value = value
    }
}

/// Everything that changes while the activity lives.
public struct LiveActivityContentState: Sendable, Hashable, Codable {
    public var phase: FeedPhase
    /// Seconds left on the 3-2-1 countdown while `phase == .countdown`.
    public var countdown: Int?
    /// Running time in seconds, pauses excluded, as of the moment the content was made.
    public var elapsed: Double
    /// In display order. Empty while locked: redaction happens here, not in each renderer.
    public var metrics: [FeedMetric]
    /// 0…1; nil for open goals and while locked.
    public var goalProgress: Double?
    public var goalReached: Bool
    /// nil while locked.
    public var laps: Int?
    /// Metrics stopped arriving while running: every metric is shown as unavailable.
    public var isStale: Bool
    /// Privacy: only the activity and elapsed time are in this content.
    public var isLocked: Bool
    public var endDate: Date?
    /// The zone (1…5) of the current heart rate, when a maximum heart rate is configured.
    public var heartRateZone: Int?
    /// The zone (1…7, Coggan) of the current power, when an FTP is set or estimated.
    public var powerZone: Int?
    /// Said instead of a workout when there is none to show truthfully: a mirror whose primary is
    /// unreachable ("primary pi.local unreachable") rather than a frozen workout.
    public var notice: String?
    /// A plan's current step (docs/plans.md). Locked, it keeps which step it is, not its values.
    public var step: PlanStepStatus?

    public init(phase: FeedPhase, countdown: Int? = nil, elapsed: Double = 0, metrics: [FeedMetric] = [],
                goalProgress: Double? = nil, goalReached: Bool = false, laps: Int? = 0,
                isStale: Bool = false, isLocked: Bool = false, endDate: Date? = nil, notice: String? = nil) {
        self.phase = phase
        self.countdown = countdown
        self.elapsed = elapsed
        self.metrics = metrics
        self.goalProgress = goalProgress
        self.goalReached = goalReached
        self.laps = laps
        self.isStale = isStale
        self.isLocked = isLocked
        self.endDate = endDate
        self.notice = notice
    }

    public func metric(_ kind: FeedMetricKind) -> FeedMetric? { metrics.first { $0.kind == kind } }
}
