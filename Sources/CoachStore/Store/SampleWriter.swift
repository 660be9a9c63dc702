// SampleWriter: samples in the `sample` table with HealthKit's sync rules — a sample whose sync
// identifier is already stored (in any workout) replaces it only with a higher version; never a duplicate.
// A replacement is a delete plus an insert, as in HealthKit, and the change log records both.

import CoachCore
import Foundation
import GRDB

enum SampleWriter {
    enum Result: Equatable { case added, replaced, ignored }

    /// Stores one live sample (from a journal entry).
    @discardableResult
    static func store(_ sample: QuantitySample, workoutID: String, in db: Database, now: Date) throws -> Result {
        var record = SampleRecord(sample, workoutID: workoutID)
        var result = Result.added
        if let identifier = sample.syncIdentifier {
            // Store-wide, as HealthKit's: the same identifier in another workout is the same object.
            let existing = try SampleRecord.filter(SampleRecord.Columns.syncIdentifier == identifier).fetchOne(db)
            if let existing {
                guard (sample.syncVersion ?? 0) > (existing.syncVersion ?? 0) else { return .ignored }
                try delete(existing, in: db, now: now)
                result = .replaced
                if existing.workoutId != workoutID, let type = QuantityType(rawValue: existing.type) {
                    // The other workout lost a sample: its saved totals follow.
                    try SavedStatistics.refresh(existing.workoutId, types: [type], in: db, now: now)
                }
            }
        }
        try record.insertByColumns(db)
        try ChangeLog.record(.sample, objectID: String(record.id!), workoutID: workoutID, .added, in: db, now: now)
        return result
    }

    /// Makes the workout's stored samples exactly the finished workout's, touching only what
    /// differs: the samples written live already match, so a save usually changes none.
    static func reconcile(_ samples: [QuantitySample], workoutID: String, in db: Database, now: Date) throws {
        let existing = try SampleRecord.filter(SampleRecord.Columns.workoutId == workoutID).fetchAll(db)
        var bySync: [String: SampleRecord] = [:]
        var byKey: [String: [SampleRecord]] = [:]
        for record in existing {
            if let identifier = record.syncIdentifier {
                bySync[identifier] = record
            } else {
                byKey[record.naturalKey, default: []].append(record)
            }
        }
        for sample in samples {
            let candidate = SampleRecord(sample, workoutID: workoutID)
            if let identifier = sample.syncIdentifier {
                if let stored = bySync.removeValue(forKey: identifier), stored.syncVersion == sample.syncVersion,
                   stored.value == sample.value {
                    continue
                } else if let stored = try SampleRecord.filter(SampleRecord.Columns.syncIdentifier == identifier).fetchOne(db) {
                    // Kept elsewhere with the same or a higher version: that copy is the object
                    // (identifiers are unique store-wide), so this one is not stored twice.
                    if stored.workoutId != workoutID, (stored.syncVersion ?? 0) >= (sample.syncVersion ?? 0) { continue }
                    try delete(stored, in: db, now: now)
                }
                try insert(candidate, in: db, now: now)
            } else if var matches = byKey[candidate.naturalKey], !matches.isEmpty {
                matches.removeLast()
                byKey[candidate.naturalKey] = matches
            } else {
                try insert(candidate, in: db, now: now)
            }
        }
        // Stored but not in the finished workout: the finished workout is the truth.
        for record in bySync.values { try delete(record, in: db, now: now) }
        for record in byKey.values.joined() { try delete(record, in: db, now: now) }
    }

    static func deleteAll(of workoutID: String, in db: Database, now: Date) throws {
        let records = try SampleRecord.filter(SampleRecord.Columns.workoutId == workoutID).fetchAll(db)
        for record in records { try delete(record, in: db, now: now) }
    }

    private static func insert(_ record: SampleRecord, in db: Database, now: Date) throws {
        var record = record
        try record.insert(db)
        try ChangeLog.record(.sample, objectID: String(record.id!), workoutID: record.workoutId, .added, in: db, now: now)
    }

    static func delete(_ record: SampleRecord, in db: Database, now: Date) throws {
        try record.delete(db)
        try ChangeLog.record(.sample, objectID: String(record.id!), workoutID: record.workoutId, .deleted, in: db, now: now)
    }
}

/// Appends to the change log, the source of anchors.
enum ChangeLog {
    static func record(_ kind: StoredObjectKind, objectID: String, workoutID: String, _ operation: ChangeOperation,
                       in db: Database, now: Date) throws {
        var change = ChangeRecord(id: nil, objectKind: kind, objectId: objectID, workoutId: workoutID,
                                  operation: operation, date: now)
        try change.insertByColumns(db)
    }
}
