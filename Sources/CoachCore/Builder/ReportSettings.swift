// ReportSettings: what a workout announces on its own and what each announcement says (issue 30:
// "announcements configurable per statistic and trigger"). Triggers: each whole kilometre or mile
// (on by default), every N minutes of active time (off by default), each lap and each plan step
// (always); statistics: the figures added to a distance or time announcement ("pace 5:12 per
// kilometre, heart rate 151"). Settings: `announce:` (docs/settings.md).

/// A figure an announcement can say.
public enum ReportStatistic: String, Sendable, Hashable, Codable, CaseIterable {
    case elapsed, distance, pace, speed, heartRate, power, cadence, energy
}

public struct ReportSettings: Sendable, Hashable {
    /// Announce each whole kilometre or mile (EngineConfiguration.milestoneUnit).
    public var distance: Bool
    /// Announce every this many minutes of active time; nil: never.
    public var everyMinutes: Int?
    /// What each distance or time announcement adds, in this order.
    public var statistics: [ReportStatistic]

    public init(distance: Bool = true, everyMinutes: Int? = nil, statistics: [ReportStatistic] = []) {
        self.distance = distance
        self.everyMinutes = everyMinutes.flatMap { $0 > 0 ? $0 : nil }
        self.statistics = statistics
    }
}
