// Crash recovery: the active workout's journal, in order, for `WorkoutManager.recover(from:)`.

import CoachCore
import GRDB

extension WorkoutStore {
    /// The entries of the workout that was active when the gateway stopped, oldest first; nil
    /// when no workout was active. Replaying them through `WorkoutEngine.recovering(from:at:)`
    /// rebuilds the workout exactly, with the downtime counted as running if it was running.
    public func activeWorkoutJournal() throws -> [JournalEntry]? {
        try database.writer.read { db in
            guard let workout = try WorkoutRecord
                .filter(WorkoutRecord.Columns.state == StoredWorkoutState.active)
                .order(WorkoutRecord.Columns.createdAt.desc)
                .fetchOne(db) else { return nil }
            let entries = try JournalEntryRecord.entries(ofWorkout: workout.id, in: db)
            return entries.isEmpty ? nil : entries
        }
    }
}
