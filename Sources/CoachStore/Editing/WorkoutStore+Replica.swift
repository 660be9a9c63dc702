// Replication to mirrors (issue 33, item 5): a saved workout as its rows — the workout, its
// samples (with sources and sync identifiers), events and route — so a mirror keeps the same
// workout under the same id, and `history`, `show`, `stats` and `export` work there. The primary
// hands one out (`workouts.replica`); the mirror applies it, or removes it on a tombstone. Both
// leave the mirror's own change log right (added, or deleted with tombstones).

import CoachCore
import CoachWire
import Foundation
import GRDB

/// A saved workout, whole or a page of it, as it travels from a primary to its mirror (JSON).
public struct ReplicatedWorkout: Codable, Sendable, Hashable {
    var workout: WorkoutRecord
    var samples: [SampleRecord]
    var events: [EventRecord]
    var route: [RoutePointRecord]
    /// Set on a page that is not the last: where the next page starts.
    public var next: ReplicaCursor? = nil

    public var id: String { workout.id }
    public var sampleCount: Int { samples.count }

    /// The JSON the `workouts.replica` method answers with, as text (ReplicatedWorkout+Wire.swift).
    public func jsonText() throws -> String { String(decoding: try Self.wireEncoder.encode(self), as: UTF8.self) }
}

extension ReplicatedWorkout {
    /// Reads what `jsonText()` wrote (in an extension, so the memberwise initialiser stays).
    public init(json: String) throws {
        self = try JSONDecoder().decode(Self.self, from: Data(json.utf8))
    }
}

extension WorkoutStore {
    /// The saved workout `id` with all its rows, or nil when there is no saved workout of that id.
    /// With a `limit`, one page of it (ReplicaPaging.swift): at most `limit` samples and `limit`
    /// route points after `cursor`, the events on the first page, `next` set while rows remain.
    public func replica(ofWorkout id: String, after cursor: ReplicaCursor? = nil, limit: Int? = nil) throws -> ReplicatedWorkout? {
        try database.writer.read { db -> ReplicatedWorkout? in
            guard let workout = try WorkoutRecord.fetchOne(db, key: id), workout.state == .saved else { return nil }
            guard let limit else {
                let order = SQL("monotonicNs, id").sqlExpression
                let samples: [SampleRecord] = try SampleRecord.filter(SampleRecord.Columns.workoutId == id).order(order).fetchAll(db)
                let events: [EventRecord] = try EventRecord.filter(EventRecord.Columns.workoutId == id).order(order).fetchAll(db)
                let route: [RoutePointRecord] = try RoutePointRecord.filter(RoutePointRecord.Columns.workoutId == id).order(order).fetchAll(db)
                return ReplicatedWorkout(workout: workout, samples: samples, events: events, route: route)
            }
            return try Self.replicaPage(of: workout, after: cursor ?? ReplicaCursor(), limit: limit, in: db)
        }
    }

    /// Stores a primary's workout under its id, replacing an earlier copy (an amended workout is
    /// announced again), in one transaction. A sample whose sync identifier this store holds
    /// elsewhere makes way for the primary's copy: the primary decides.
    public func applyReplica(_ replica: ReplicatedWorkout, now: Date = Date()) async throws {
        guard replica.next == nil else { throw ReplicaPageMismatch() }  // a page, not the whole workout
        try await edit { db in
            let id = replica.workout.id
            if try WorkoutRecord.exists(db, key: id) { try Self.removeWorkout(id, in: db, now: now) }
            try replica.workout.insert(db)
            for sample in replica.samples {
                var row = sample
                row.id = nil
                if let identifier = row.syncIdentifier,
                   let clash = try SampleRecord.filter(SampleRecord.Columns.syncIdentifier == identifier).fetchOne(db) {
                    try SampleWriter.delete(clash, in: db, now: now)
                }
                try row.insertByColumns(db)
                try ChangeLog.record(.sample, objectID: String(row.id!), workoutID: id, .added, in: db, now: now)
            }
            for event in replica.events {
                var row = event
                row.id = nil
                try row.insert(db)
            }
            for point in replica.route {
                var row = point
                row.id = nil
                try row.insert(db)
            }
            try ChangeLog.record(.workout, objectID: id, workoutID: id, .added, in: db, now: now)
        }
    }

    /// A primary's tombstone: the copy goes, with tombstones of its own. Returns whether there was one.
    @discardableResult
    public func removeReplica(_ id: String, now: Date = Date()) async throws -> Bool {
        try await edit { db in
            guard try WorkoutRecord.exists(db, key: id) else { return false }
            try Self.removeWorkout(id, in: db, now: now)
            return true
        }
    }
}
