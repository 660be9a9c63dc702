// EventRecord: one row of `event` — a pause, resume, lap or marker of a saved workout.

import CoachCore
import Foundation
import GRDB

struct EventRecord: Codable, Hashable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "event"

    var id: Int64?
    var workoutId: String
    var type: String
    /// HealthKit's HKWorkoutEventType raw value, for exports and peers.
    var healthKitType: Int
    var date: Date
    var monotonicNs: Int64
    var duration: Double?
    var metadata: [String: String]

    enum Columns {
        static let workoutId = Column(CodingKeys.workoutId)
        static let monotonicNs = Column(CodingKeys.monotonicNs)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension EventRecord {
    init(_ event: WorkoutEvent, workoutID: String) {
        self.init(id: nil, workoutId: workoutID, type: event.type.rawValue, healthKitType: event.type.healthKitValue,
                  date: event.at.date, monotonicNs: event.at.monotonic.nanoseconds,
                  duration: event.duration?.seconds, metadata: event.metadata)
    }
}
