// The anchored change query (HKAnchoredObjectQuery): what was added and deleted since an anchor.
// Anchors are ids in the append-only change log, so they only grow and can be persisted as Ints.

import CoachCore
import Foundation
import GRDB

/// An object the feed reports as added.
public enum StoredObject: Sendable, Hashable, Codable {
    case workout(WorkoutSummary)
    case sample(StoredSample)
}

/// A tombstone: an object that was deleted (a discarded workout's samples, a replaced sample).
public struct DeletedObject: Sendable, Hashable, Codable {
    public var kind: StoredObjectKind
    /// The workout id, or the sample id as text.
    public var id: String
    public var workoutID: String
}

/// The answer to `changes(since:)`: pass `anchor` to the next call to get only what is newer.
public struct StoreChanges: Sendable, Hashable, Codable {
    public var added: [StoredObject]
    public var deleted: [DeletedObject]
    public var anchor: Int
}

extension WorkoutStore {
    /// Saved workouts and samples added, and tombstones of those deleted, after `anchor`. With a
    /// nil anchor: everything currently stored plus every tombstone. An object added and then
    /// deleted after the anchor is reported only as deleted; each object appears at most once.
    /// A narrowed `scope` leaves out what the reader may not see (tombstones too: a deletion of
    /// another source's sample would tell that it existed).
    public func changes(since anchor: Int?, scope: ReadScope = .everything) throws -> StoreChanges {
        try database.writer.read { db in
            let since = Int64(anchor ?? 0)
            let newest = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM change") ?? since
            // The latest change per object after the anchor decides how it is reported.
            let latest = try ChangeRecord.fetchAll(db, sql: """
                SELECT * FROM change WHERE id IN (
                    SELECT MAX(id) FROM change WHERE id > ? GROUP BY objectKind, objectId)
                ORDER BY id
                """, arguments: [since])
            var added: [StoredObject] = []
            var deleted: [DeletedObject] = []
            for change in latest {
                switch (change.operation, change.objectKind) {
                case (.deleted, _):
                    guard scope.isEverything else { continue }
                    deleted.append(DeletedObject(kind: change.objectKind, id: change.objectId, workoutID: change.workoutId))
                case (.added, .workout):
                    if let record = try WorkoutRecord.fetchOne(db, key: change.objectId), record.state == .saved,
                       scope.allows(.workouts, sourceName: record.sourceName) {
                        added.append(.workout(WorkoutSummary(record)))
                    }
                case (.added, .sample):
                    if let id = Int64(change.objectId), let record = try SampleRecord.fetchOne(db, key: id),
                       let sample = StoredSample(record), scope.allows(.quantity(sample.type), sourceName: record.sourceName) {
                        added.append(.sample(sample))
                    }
                }
            }
            return StoreChanges(added: added, deleted: deleted, anchor: Int(max(newest, since)))
        }
    }
}
