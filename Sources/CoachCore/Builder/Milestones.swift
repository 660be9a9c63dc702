// Milestones: what a runner hears between the start and the end — each whole kilometre or mile
// (in the user's units) and the halfway point of the goal. Pure: the engine hands it the distance
// and the goal's progress after each change and announces what it returns. Each milestone is
// announced once, in order; a jump over several kilometres at once (a late sensor catching up)
// announces only the latest, and a goal reached in one step gets no "halfway" (goalReached says it).

import CoachWire

/// The user's distance unit for milestones (settings: `units: km|mi`).
public enum DistanceUnit: String, Sendable, Hashable, CaseIterable, Codable {
    case kilometers = "km"
    case miles = "mi"

    public var meters: Double {
        switch self {
        case .kilometers: return 1000
        case .miles: return 1609.344
        }
    }
}

public enum Milestone: Sendable, Hashable {
    /// `count` whole units covered (1 km, 2 km, …).
    case distance(count: Int, unit: DistanceUnit)
    /// Half of the goal done.
    case halfway(WorkoutGoal)
    /// `minutes` of active time (every N minutes, ReportSettings.everyMinutes).
    case time(minutes: Int)
}

public struct MilestoneTracker: Sendable, Hashable {
    public let unit: DistanceUnit
    /// The highest whole unit announced.
    public private(set) var distanceAnnounced = 0
    public private(set) var halfwayAnnounced = false
    /// Whole distance units are announced (ReportSettings.distance).
    public let announcesDistance: Bool
    /// Every this many active minutes, and the highest such minute announced.
    public let everyMinutes: Int?
    public private(set) var minutesAnnounced = 0

    public init(unit: DistanceUnit = .kilometers, reports: ReportSettings = ReportSettings()) {
        self.unit = unit
        self.announcesDistance = reports.distance
        self.everyMinutes = reports.everyMinutes
    }

    /// The active seconds at which the next timed announcement is due (nil: none asked for).
    public var nextTimeDue: Double? {
        everyMinutes.map { Double(minutesAnnounced + $0) * 60 }
    }

    /// The milestones passed since the last call, given the workout's total distance (metres)
    /// and its goal's progress (0…1, nil for an open goal).
    public mutating func passed(distance meters: Double, goal: WorkoutGoal, progress: Double?,
                                elapsed: Double = 0) -> [Milestone] {
        var milestones: [Milestone] = []
        // Like distance, a jump over several marks (a restart catching up) says only the latest.
        if let every = everyMinutes, elapsed.isFinite, elapsed >= 0 {
            let minutes = Int(exactly: (min(elapsed, 1e9) / 60 / Double(every) + 1e-9).rounded(.down)).map { $0 * every } ?? 0
            if minutes > minutesAnnounced {
                minutesAnnounced = minutes
                // A time goal's own end is the goal's announcement.
                if case .time(let target) = goal, Double(minutes) * 60 >= target - 0.001 {} else {
                    milestones.append(.time(minutes: minutes))
                }
            }
        }
        // The millimetre absorbs rounding in summed samples: 0.1 + 0.2 + … + 0.4 km is 1 km.
        // Int(exactly:) rather than Int(_:): a summed distance beyond Int's range must not trap.
        let units = ((meters + 0.001) / unit.meters).rounded(.down)
        let whole = meters.isFinite && meters > 0 ? Int(exactly: min(units, 1e12)) ?? 0 : 0
        if whole > distanceAnnounced {
            distanceAnnounced = whole
            // A distance goal's own end is the goal's announcement, not a milestone's.
            if case .distance(let target) = goal, Double(whole) * unit.meters >= target - 0.001 {} else if announcesDistance {
                milestones.append(.distance(count: whole, unit: unit))
            }
        }
        if !halfwayAnnounced, goal != .open, let progress, progress >= 0.5 {
            halfwayAnnounced = true
            if progress < 1 { milestones.append(.halfway(goal)) }
        }
        return milestones
    }
}
