// The values the store's queries return: what `coach history`, `coach show` and the change feed
// print. Plain Codable structs, so the gateway can send them as JSON as they are.

import CoachWire
import CoachCore
import Foundation

/// One workout as `coach history` lists it.
public struct WorkoutSummary: Sendable, Hashable, Codable {
    public var id: String
    public var activity: ActivityType?
    public var location: LocationType?
    public var goal: WorkoutGoal?
    public var name: String?
    public var startDate: Date?
    public var endDate: Date?
    /// Running seconds, pauses excluded.
    public var elapsed: Double
    public var state: StoredWorkoutState
    public var discardReason: String?
    public var goalReached: Bool
    /// Totals from the saved statistics (metres, kilocalories); nil when not measured or not saved.
    public var totalDistance: Double?
    public var totalEnergy: Double?
    /// Who started or imported it (nil: before sources were recorded).
    public var source: SampleSource?

    /// Every key is written, `null` when unknown, as the status and feed objects do: a script reads
    /// the same shape from `coach show --json` as from `coach status --format json`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(activity, forKey: .activity)
        try container.encode(location, forKey: .location)
        try container.encode(goal, forKey: .goal)
        try container.encode(name, forKey: .name)
        try container.encode(startDate, forKey: .startDate)
        try container.encode(endDate, forKey: .endDate)
        try container.encode(elapsed, forKey: .elapsed)
        try container.encode(state, forKey: .state)
        try container.encode(discardReason, forKey: .discardReason)
        try container.encode(goalReached, forKey: .goalReached)
        try container.encode(totalDistance, forKey: .totalDistance)
        try container.encode(totalEnergy, forKey: .totalEnergy)
        try container.encode(source, forKey: .source)
    }
}

/// A workout event (pause, resume, lap, marker) as stored.
public struct StoredEvent: Sendable, Hashable, Codable {
    public var type: WorkoutEventType
    public var date: Date
    public var duration: Double?
    public var metadata: [String: String]
}

/// A sample as stored; `id` is stable until the sample is replaced or deleted.
public struct StoredSample: Sendable, Hashable, Codable {
    public var id: Int64
    public var workoutID: String
    public var type: QuantityType
    public var value: Double
    public var date: Date
    public var syncIdentifier: String?
    public var syncVersion: Int?
    public var source: SampleSource?
}

/// The samples of one workout from one source (`coach show` groups by source, as the Health
/// app's "Sources" list): how many of each type.
public struct SourceSamples: Sendable, Hashable, Codable {
    /// nil: samples written before sources were recorded.
    public var source: SampleSource?
    public var count: Int
    /// Samples per type name ("heartRate": 120): keyed by name, as JSON objects are.
    public var types: [String: Int]
}

/// Everything `coach show ID` prints.
public struct WorkoutDetail: Sendable, Hashable, Codable {
    public var summary: WorkoutSummary
    public var statistics: [MetricStatistics]
    public var events: [StoredEvent]
    public var sampleCount: Int
    /// The samples grouped by source and device, largest group first.
    public var sources: [SourceSamples] = []
    /// Where the distance came from: a sensor, distance samples or the route (nil: none measured).
    public var distanceSource: DistanceSource?
    /// Points of the route (a sensor's distance wins over it: `coach show` says so).
    public var routePoints: Int?
}

/// Why `workout(matching:)` found no single workout.
public enum WorkoutLookupError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(String)
    case ambiguous(String, candidates: [String])

    public var description: String {
        switch self {
        case .notFound(let prefix):
            return "No workout matches '\(prefix)'. 'coach history' lists them."
        case .ambiguous(let prefix, let candidates):
            return "'\(prefix)' matches \(candidates.count) workouts (\(candidates.prefix(5).joined(separator: ", "))): type more of the id."
        }
    }
}

extension WorkoutSummary {
    init(_ record: WorkoutRecord) {
        self.init(id: record.id, activity: record.activity.flatMap(ActivityType.init(rawValue:)),
                  // "unknown" is how the journal spells "not said"; JSON says null, as `status` does.
                  location: record.location.flatMap(LocationType.init(rawValue:)).flatMap { $0 == .unknown ? nil : $0 },
                  goal: record.goalType.flatMap { WorkoutGoal(type: $0, value: record.goalValue) },
                  name: record.name, startDate: record.startDate, endDate: record.endDate, elapsed: record.elapsed,
                  state: record.state, discardReason: record.discardReason, goalReached: record.goalReached,
                  totalDistance: record.statistics?.first { $0.type == .distance }?.sum,
                  totalEnergy: record.statistics?.first { $0.type == .activeEnergy }?.sum, source: record.source)
    }
}

extension StoredSample {
    init?(_ record: SampleRecord) {
        guard let id = record.id, let type = QuantityType(rawValue: record.type) else { return nil }
        self.init(id: id, workoutID: record.workoutId, type: type, value: record.value, date: record.date,
                  syncIdentifier: record.syncIdentifier, syncVersion: record.syncVersion, source: record.sampleSource)
    }
}

/// A point of a workout's route as stored.
public struct StoredLocation: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double
    public var altitude: Double?
    public var horizontalAccuracy: Double?
    public var date: Date

    public init(latitude: Double, longitude: Double, altitude: Double? = nil, horizontalAccuracy: Double? = nil,
                date: Date) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
        self.horizontalAccuracy = horizontalAccuracy
        self.date = date
    }
}
