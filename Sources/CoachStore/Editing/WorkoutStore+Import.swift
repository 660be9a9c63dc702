// The store's side of `coach import` recognising a workout it already has (issue 33, item 4): an
// imported workout keeps its identity (device and start) and its file's version as the workout's
// sync identifier and version, as HealthKit keeps HKMetadataKeySyncIdentifier/Version on objects.

import CoachCore
import Foundation
import GRDB

/// A stored workout an import may be: by identity (with the stored version), or by its start.
public enum ImportMatch: Sendable, Hashable {
    case identity(id: String, version: Int)
    case start(id: String)
}

extension WorkoutStore {
    /// The saved workout with this import identity, else one that starts within a second of
    /// `start` (one person does not start two workouts in the same second), else nil.
    public func importMatch(identity: String?, start: Date) throws -> ImportMatch? {
        try database.writer.read { db in
            if let identity, let row = try Row.fetchOne(db, sql: """
                SELECT id, syncVersion FROM workout WHERE syncIdentifier = ? AND state = 'saved' LIMIT 1
                """, arguments: [identity]) {
                return .identity(id: row["id"], version: row["syncVersion"] ?? 0)
            }
            let near = try WorkoutRecord.filter(WorkoutRecord.Columns.state == StoredWorkoutState.saved)
                .filter(WorkoutRecord.Columns.startDate >= start.addingTimeInterval(-1) && WorkoutRecord.Columns.startDate <= start.addingTimeInterval(1))
                .fetchOne(db)
            return near.map { .start(id: $0.id) }
        }
    }

    /// Saves an imported workout with its identity and version; `replacing` (an older version of
    /// it) is deleted in the same transaction, with tombstones, so a reader never sees both or none.
    public func saveImported(_ workout: FinishedWorkout, identity: String?, version: Int?, replacing previous: String?,
                             now: Date = Date()) async throws {
        try await edit { db in
            if let previous { try Self.removeWorkout(previous, in: db, now: now) }
            try JournalApplier.apply([.save(workout)], in: db, now: now)
            try db.execute(sql: "UPDATE workout SET syncIdentifier = ?, syncVersion = ? WHERE id = ?",
                           arguments: [identity, version, workout.workoutID])
        }
    }
}
