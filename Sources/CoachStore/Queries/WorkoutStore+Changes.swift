// The anchored change query (HKAnchoredObjectQuery): what was added and deleted since an anchor.
// Anchors are ids in the append-only change log, so they only grow and can be persisted as Ints.

import CoachCore
import Foundation
import GRDB

/// An object the feed reports as added. On the wire: the object's own fields plus `"kind":"workout"`
/// or `"kind":"sample"` (not Swift's synthesized `{"sample":{"_0":…}}`).
public enum StoredObject: Sendable, Hashable, Codable {
    case workout(WorkoutSummary)
    case sample(StoredSample)

    private enum Key: String, CodingKey { case kind }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .workout(let workout):
            try container.encode(StoredObjectKind.workout, forKey: .kind)
            try workout.encode(to: encoder)
        case .sample(let sample):
            try container.encode(StoredObjectKind.sample, forKey: .kind)
            try sample.encode(to: encoder)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        switch try container.decode(StoredObjectKind.self, forKey: .kind) {
        case .workout: self = .workout(try WorkoutSummary(from: decoder))
        case .sample: self = .sample(try StoredSample(from: decoder))
        }
    }
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
    /// True when the page was cut at its limit: ask again from `anchor` for the rest.
    public var more: Bool = false
}

extension WorkoutStore {
    /// Saved workouts and samples added, and tombstones of those deleted, after `anchor`. With a
    /// nil anchor: everything currently stored plus every tombstone. An object added and then
    /// deleted after the anchor is reported only as deleted; each object appears at most once.
    /// A narrowed `scope` leaves out what the reader may not see (tombstones too: a deletion of
    /// another source's sample would tell that it existed).
    ///
    /// `limit` pages the answer: at most that many changes (objects) are looked at, `more` says
    /// whether others follow, and `anchor` is then the last change looked at. Walking anchors until
    /// `more` is false reports each object once, also while changes are written between pages (an
    /// object changed again later is reported again, as its new change).
    public func changes(since anchor: Int?, scope: ReadScope = .everything, limit: Int? = nil) throws -> StoreChanges {
        try database.writer.read { db in
            let since = Int64(anchor ?? 0)
            let newest = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM change") ?? since
            // The latest change per object after the anchor decides how it is reported.
            var latest = try ChangeRecord.fetchAll(db, sql: """
                SELECT * FROM change WHERE id IN (
                    SELECT MAX(id) FROM change WHERE id > ? GROUP BY objectKind, objectId)
                ORDER BY id LIMIT ?
                """, arguments: [since, limit.map { Int64($0) + 1 } ?? -1])
            var more = false
            if let limit, latest.count > limit {
                latest.removeLast(latest.count - limit)
                more = true
            }
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
            let pageEnd = more ? (latest.last?.id ?? since) : max(newest, since)
            return StoreChanges(added: added, deleted: deleted, anchor: Int(pageEnd), more: more)
        }
    }
}
