// JournalApplier: what each journal write does to the tables, inside the batch's transaction.
// Kept apart from WorkoutStore so the rules read in one place and run on any `Database`.

import CoachCore
import Foundation
import GRDB

enum JournalApplier {
    static func apply(_ batch: [JournalWrite], in db: Database, now: Date) throws {
        var sequences = SequenceCache()
        for write in batch {
            switch write {
            case .entry(let entry): try append(entry, in: db, now: now, sequences: &sequences)
            case .save(let workout): try save(workout, in: db, now: now)
            }
        }
    }

    // MARK: - Journal entries

    private static func append(_ entry: JournalEntry, in db: Database, now: Date,
                               sequences: inout SequenceCache) throws {
        let id = entry.workoutID
        if case .prepared(let configuration, _) = entry.kind {
            try supersedeActiveWorkouts(except: id, in: db, now: now)
            if try !WorkoutRecord.exists(db, key: id) {
                try WorkoutRecord(activeID: id, configuration: configuration, at: now).insert(db)
            }
        } else if !sequences.knows(id), try !WorkoutRecord.exists(db, key: id) {
            // An entry for a workout whose `prepared` never reached us (a store swapped mid-
            // workout): keep the entry rather than refuse it, under an unconfigured workout.
            try WorkoutRecord(activeID: id, configuration: StartWorkoutIntent(), at: now).insert(db)
        }
        var record = try JournalEntryRecord(entry, sequence: sequences.next(for: id, in: db))
        try record.insertByColumns(db)

        switch entry.kind {
        case .started:
            try db.execute(sql: "UPDATE workout SET startDate = COALESCE(startDate, ?), updatedAt = ? WHERE id = ?",
                           arguments: [entry.at.date, now, id])
        case .sample(let sample):
            _ = try SampleWriter.store(sample, workoutID: id, in: db, now: now)
        case .location(let location):
            var point = RoutePointRecord(location, workoutID: id)
            try point.insert(db)
        case .ended:
            try db.execute(sql: "UPDATE workout SET endDate = ?, updatedAt = ? WHERE id = ?",
                           arguments: [entry.at.date, now, id])
        case .discarded(let reason):
            try discard(id, reason: reason.rawValue, at: entry.at.date, in: db, now: now)
        case .prepared, .paused, .resumed, .motionPaused, .motionResumed, .lap, .marker, .stopped, .planStep:
            break
        }
    }

    /// Cancelled or too short: the workout is marked discarded and its samples and journal go
    /// (with tombstones for the samples the change feed already announced).
    private static func discard(_ id: String, reason: String, at date: Date, in db: Database, now: Date) throws {
        try db.execute(sql: """
            UPDATE workout SET state = 'discarded', discardReason = ?, endDate = COALESCE(endDate, ?), updatedAt = ?
            WHERE id = ?
            """, arguments: [reason, date, now, id])
        try SampleWriter.deleteAll(of: id, in: db, now: now)
        try JournalEntryRecord.filter(JournalEntryRecord.Columns.workoutId == id).deleteAll(db)
        try EventRecord.filter(EventRecord.Columns.workoutId == id).deleteAll(db)
        try RoutePointRecord.filter(RoutePointRecord.Columns.workoutId == id).deleteAll(db)
    }

    /// A new workout while another is still active means the old one was never recovered (the
    /// gateway restarted without `recover`). It is marked discarded ("superseded") but its journal
    /// is kept, so nothing is destroyed silently; HealthKit likewise ends the older session.
    private static func supersedeActiveWorkouts(except id: String, in db: Database, now: Date) throws {
        try db.execute(sql: """
            UPDATE workout SET state = 'discarded', discardReason = 'superseded', updatedAt = ?
            WHERE state = 'active' AND id != ?
            """, arguments: [now, id])
    }

    // MARK: - Saving

    /// Stores the finished workout with its statistics, events and samples, marks it saved,
    /// announces it in the change feed, and drops its journal (no longer needed for recovery).
    private static func save(_ workout: FinishedWorkout, in db: Database, now: Date) throws {
        let id = workout.workoutID
        var record = try WorkoutRecord.fetchOne(db, key: id)
            ?? WorkoutRecord(activeID: id, configuration: workout.configuration, at: now)
        let wasSaved = record.state == .saved
        record.finish(with: workout, now: now)
        try record.save(db)

        try EventRecord.filter(EventRecord.Columns.workoutId == id).deleteAll(db)
        for event in workout.events {
            var row = EventRecord(event, workoutID: id)
            try row.insert(db)
        }
        try SampleWriter.reconcile(workout.samples, workoutID: id, in: db, now: now)
        try RoutePointRecord.reconcile(workout.route, workoutID: id, in: db)
        try FTPEstimateRecord.record(for: workout, in: db)
        try JournalEntryRecord.filter(JournalEntryRecord.Columns.workoutId == id).deleteAll(db)
        if !wasSaved {
            try ChangeLog.record(.workout, objectID: id, workoutID: id, .added, in: db, now: now)
        }
    }
}

/// The next journal sequence per workout within one batch: one MAX() query per workout per batch.
struct SequenceCache {
    private var next: [String: Int] = [:]

    /// Whether this batch already wrote an entry of the workout (so its row exists): saves a
    /// query per entry in a group-committed batch of samples.
    func knows(_ workoutID: String) -> Bool { next[workoutID] != nil }

    mutating func next(for workoutID: String, in db: Database) throws -> Int {
        let value: Int
        if let cached = next[workoutID] {
            value = cached
        } else {
            value = (try Int.fetchOne(db, sql: "SELECT MAX(sequence) FROM journalEntry WHERE workoutId = ?",
                                      arguments: [workoutID]) ?? 0) + 1
        }
        next[workoutID] = value + 1
        return value
    }
}
