// SampleRecord: one row of `sample` — a quantity sample of a workout, written as it is journaled
// so the change feed sees samples live, as HealthKit's does.

import CoachCore
import Foundation
import GRDB

struct SampleRecord: Codable, Hashable, FetchableRecord, MutablePersistableRecord, SourcedRecord {
    static let databaseTableName = "sample"

    var id: Int64?
    var workoutId: String
    var type: String
    /// In the type's canonical unit.
    var value: Double
    var date: Date
    var monotonicNs: Int64
    /// Unique per workout; with `syncVersion`, a higher version replaces the row.
    var syncIdentifier: String?
    var syncVersion: Int?
    var sourceName: String?
    var sourceVersion: String?
    var deviceName: String?
    var deviceModel: String?
    var deviceManufacturer: String?
    /// Set on generated samples: what they were generated from (SampleSource.generatedFrom).
    var sourceGeneratedFrom: String?

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let workoutId = Column(CodingKeys.workoutId)
        static let type = Column(CodingKeys.type)
        static let syncIdentifier = Column(CodingKeys.syncIdentifier)
        static let date = Column(CodingKeys.date)
        static let sourceName = Column(CodingKeys.sourceName)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension SampleRecord {
    init(_ sample: QuantitySample, workoutID: String) {
        self.init(id: nil, workoutId: workoutID, type: sample.type.rawValue, value: sample.value,
                  date: sample.at.date, monotonicNs: sample.at.monotonic.nanoseconds,
                  syncIdentifier: sample.syncIdentifier, syncVersion: sample.syncVersion)
        setSource(sample.source)
        sourceGeneratedFrom = sample.source?.generatedFrom
    }

    /// The stored source, with what a generated sample was generated from.
    var sampleSource: SampleSource? {
        var stored = source
        stored?.generatedFrom = sourceGeneratedFrom
        return stored
    }

    /// Identity of a sample without a sync identifier, to reconcile the saved workout's samples
    /// with the ones already written live: same type, same instant, same value.
    var naturalKey: String { "\(type)|\(monotonicNs)|\(value.bitPattern)" }
}

extension SampleRecord {
    /// Inserts the row through one cached statement, column by column. GRDB's Codable `insert`
    /// encodes the record into a dictionary first; with the journal row and the change row that
    /// was most of a sample's commit work (perf, Benchmarks/socket: pipelined durable samples).
    mutating func insertByColumns(_ db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO sample (workoutId, type, value, date, monotonicNs, syncIdentifier, syncVersion,
                                sourceName, sourceVersion, deviceName, deviceModel, deviceManufacturer, sourceGeneratedFrom)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try statement.execute(arguments: [workoutId, type, value, StorageDate.databaseValue(date), monotonicNs, syncIdentifier, syncVersion,
                                          sourceName, sourceVersion, deviceName, deviceModel, deviceManufacturer, sourceGeneratedFrom])
        id = db.lastInsertedRowID
    }
}
