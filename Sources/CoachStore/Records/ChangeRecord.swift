// ChangeRecord: one row of `change` — the log the anchored query reads. Every insert and delete
// of a workout or sample appends a row; its autoincremented id is the anchor, so anchors only grow.

import Foundation
import GRDB

/// What kind of object a change or tombstone is about.
public enum StoredObjectKind: String, Sendable, Hashable, Codable, DatabaseValueConvertible {
    case workout, sample
}

enum ChangeOperation: String, Codable, DatabaseValueConvertible {
    case added, deleted
}

struct ChangeRecord: Codable, Hashable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "change"

    /// The anchor.
    var id: Int64?
    var objectKind: StoredObjectKind
    /// The workout id, or the sample row id as text.
    var objectId: String
    /// The workout an object belongs to (itself for a workout), so tombstones say whose they were.
    var workoutId: String
    var operation: ChangeOperation
    var date: Date

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let objectKind = Column(CodingKeys.objectKind)
        static let objectId = Column(CodingKeys.objectId)
        static let operation = Column(CodingKeys.operation)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension ChangeRecord {
    /// Inserts the row through one cached statement (see `SampleRecord.insertByColumns`).
    mutating func insertByColumns(_ db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO "change" (objectKind, objectId, workoutId, operation, date) VALUES (?, ?, ?, ?, ?)
            """)
        try statement.execute(arguments: [objectKind, objectId, workoutId, operation, StorageDate.databaseValue(date)])
        id = db.lastInsertedRowID
    }
}
