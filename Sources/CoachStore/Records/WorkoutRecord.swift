// WorkoutRecord: one row of `workout` — an active, saved or discarded workout with its summary.

import CoachWire
import CoachCore
import Foundation
import GRDB

/// Where a stored workout is in its life: journaled while it runs, then saved or discarded.
public enum StoredWorkoutState: String, Sendable, Hashable, Codable, CaseIterable, DatabaseValueConvertible {
    case active, saved, discarded
}

struct WorkoutRecord: Codable, Hashable, FetchableRecord, PersistableRecord, SourcedRecord {
    static let databaseTableName = "workout"

    var id: String
    var activity: String?
    var location: String?
    var goalType: String?
    var goalValue: Double?
    var name: String?
    var startDate: Date?
    var endDate: Date?
    /// Running seconds, pauses excluded (final once saved).
    var elapsed: Double
    var state: StoredWorkoutState
    var discardReason: String?
    var goalReached: Bool
    /// Per-type statistics as the builder computed them at the end (JSON); nil until saved.
    var statistics: [QuantityStatistics]?
    var createdAt: Date
    var updatedAt: Date
    /// Who started (or imported) it; nil for workouts from before sources were recorded.
    var sourceName: String?
    var sourceVersion: String?
    var deviceName: String?
    var deviceModel: String?
    var deviceManufacturer: String?

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let state = Column(CodingKeys.state)
        static let startDate = Column(CodingKeys.startDate)
        static let createdAt = Column(CodingKeys.createdAt)
        static let sourceName = Column(CodingKeys.sourceName)
    }

    static let journalEntries = hasMany(JournalEntryRecord.self)
    static let samples = hasMany(SampleRecord.self)
    static let events = hasMany(EventRecord.self)
}

extension WorkoutRecord {
    /// A new active workout, from the configuration its `prepared` entry carries.
    init(activeID id: String, configuration: StartWorkoutIntent, at date: Date) {
        self.init(id: id, activity: configuration.activity?.rawValue, location: configuration.location?.rawValue,
                  goalType: configuration.goal?.type, goalValue: configuration.goal?.value,
                  name: configuration.workoutName, startDate: nil, endDate: nil, elapsed: 0, state: .active,
                  discardReason: nil, goalReached: false, statistics: nil, createdAt: date, updatedAt: date)
        setSource(configuration.source)
    }

    /// Copies everything a finished workout knows onto the row and marks it saved.
    mutating func finish(with workout: FinishedWorkout, now: Date) {
        let configuration = workout.configuration
        activity = configuration.activity?.rawValue
        location = configuration.location?.rawValue
        goalType = configuration.goal?.type
        goalValue = configuration.goal?.value
        name = configuration.workoutName
        startDate = workout.start.date
        endDate = workout.end.date
        elapsed = workout.elapsed
        state = .saved
        discardReason = nil
        goalReached = workout.goalReached
        statistics = workout.statistics.values.sorted { $0.type.rawValue < $1.type.rawValue }
        if sourceName == nil { setSource(configuration.source) }
        updatedAt = now
    }
}
