// JournalEntryRecord: one row of `journalEntry` — an input to the active workout, in order.
// The payload is the whole JournalEntry as JSON, so replay is exact. Samples — nearly every row of
// a long workout — are also kept in plain columns and read back from them: decoding 10 000 JSON
// payloads would take most of the 100 ms recovery budget on its own.

import CoachCore
import Foundation
import GRDB

struct JournalEntryRecord: Codable, Hashable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "journalEntry"

    var id: Int64?
    var workoutId: String
    /// Position in the workout's journal, from 1; unique per workout.
    var sequence: Int
    var kind: String
    var payload: String
    var monotonicNs: Int64
    /// Seconds since Foundation's reference date (2001): a REAL round-trips a `Date` exactly.
    var date: Double
    var sampleType: String?
    var sampleValue: Double?
    var sampleMonotonicNs: Int64?
    var sampleDate: Double?
    var sampleSyncIdentifier: String?
    var sampleSyncVersion: Int?
    /// The sample's source as JSON (few distinct values: decoded once each on recovery).
    var sampleSource: String?

    enum Columns {
        static let workoutId = Column(CodingKeys.workoutId)
        static let sequence = Column(CodingKeys.sequence)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension JournalEntryRecord {
    init(_ entry: JournalEntry, sequence: Int) throws {
        // A sample lives in its columns alone (payload `null`): encoding the whole entry as JSON
        // as well was the largest single cost of a durable sample (perf under Benchmarks/socket's
        // pipelined samples: ~15 % of the gateway's CPU), and recovery never read it.
        let payload = if case .sample = entry.kind { Self.columnsOnlyPayload } else {
            String(decoding: try StoreCoding.encoder.encode(entry), as: UTF8.self)
        }
        self.init(id: nil, workoutId: entry.workoutID, sequence: sequence, kind: entry.kind.name,
                  payload: payload, monotonicNs: entry.at.monotonic.nanoseconds,
                  date: entry.at.date.timeIntervalSinceReferenceDate)
        if case .sample(let sample) = entry.kind {
            sampleType = sample.type.rawValue
            sampleValue = sample.value
            sampleMonotonicNs = sample.at.monotonic.nanoseconds
            sampleDate = sample.at.date.timeIntervalSinceReferenceDate
            sampleSyncIdentifier = sample.syncIdentifier
            sampleSyncVersion = sample.syncVersion
            sampleSource = try sample.source.map { String(decoding: try StoreCoding.encoder.encode($0), as: UTF8.self) }
        }
    }

    /// The payload of a row whose entry is in its sample columns.
    static let columnsOnlyPayload = "null"

    /// Inserts the row through one cached statement (see `SampleRecord.insertByColumns`): one row
    /// per journaled input, so this is on every sample's path to its commit.
    mutating func insertByColumns(_ db: Database) throws {
        let statement = try db.cachedStatement(sql: """
            INSERT INTO journalEntry (workoutId, sequence, kind, payload, monotonicNs, date, sampleType, sampleValue,
                                      sampleMonotonicNs, sampleDate, sampleSyncIdentifier, sampleSyncVersion, sampleSource)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try statement.execute(arguments: [workoutId, sequence, kind, payload, monotonicNs, date, sampleType, sampleValue,
                                          sampleMonotonicNs, sampleDate, sampleSyncIdentifier, sampleSyncVersion, sampleSource])
        id = db.lastInsertedRowID
    }

    /// The journaled entry: samples from their columns, everything else from the JSON payload.
    func entry() throws -> JournalEntry {
        if kind == "sample", let type = sampleType.flatMap(QuantityType.init(rawValue:)), let value = sampleValue,
           let sampleNs = sampleMonotonicNs, let sampleDate {
            let sample = QuantitySample(
                type: type, value: value,
                at: Timestamp(monotonic: MonotonicInstant(nanoseconds: sampleNs),
                              date: Date(timeIntervalSinceReferenceDate: sampleDate)),
                syncIdentifier: sampleSyncIdentifier, syncVersion: sampleSyncVersion,
                source: sampleSource.flatMap { try? StoreCoding.decoder.decode(SampleSource.self, from: Data($0.utf8)) })
            return JournalEntry(workoutID: workoutId, kind: .sample(sample),
                                at: Timestamp(monotonic: MonotonicInstant(nanoseconds: monotonicNs),
                                              date: Date(timeIntervalSinceReferenceDate: date)))
        }
        return try decodedPayload()
    }

    func decodedPayload() throws -> JournalEntry {
        try StoreCoding.decoder.decode(JournalEntry.self, from: Data(payload.utf8))
    }
}

extension JournalEntry.Kind {
    /// The case name, for the `kind` column.
    var name: String {
        switch self {
        case .prepared: return "prepared"
        case .started: return "started"
        case .paused: return "paused"
        case .resumed: return "resumed"
        case .motionPaused: return "motionPaused"
        case .motionResumed: return "motionResumed"
        case .lap: return "lap"
        case .marker: return "marker"
        case .sample: return "sample"
        case .location: return "location"
        case .stopped: return "stopped"
        case .ended: return "ended"
        case .discarded: return "discarded"
        case .planStep: return "planStep"
        }
    }
}

/// One encoder/decoder pair for payloads, so what is written is what is read.
enum StoreCoding {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }

    static var decoder: JSONDecoder { JSONDecoder() }
}

extension JournalEntryRecord {
    /// A workout's entries in order, read column by column: Codable row decoding costs several
    /// microseconds a row, too much for an hour's journal inside the recovery budget.
    static func entries(ofWorkout workoutID: String, in db: Database) throws -> [JournalEntry] {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT kind, payload, monotonicNs, date, sampleType, sampleValue, sampleMonotonicNs, sampleDate,
                   sampleSyncIdentifier, sampleSyncVersion, sampleSource
            FROM journalEntry WHERE workoutId = ? ORDER BY sequence
            """, arguments: [workoutID])
        var entries: [JournalEntry] = []
        var sources: [String: SampleSource] = [:]
        while let row = try rows.next() {
            let kind: String = row[0]
            if kind == "sample", let typeName: String = row[4], let type = QuantityType(rawValue: typeName),
               let value: Double = row[5], let sampleNs: Int64 = row[6], let sampleDate: Double = row[7] {
                let sample = QuantitySample(
                    type: type, value: value,
                    at: Timestamp(monotonic: MonotonicInstant(nanoseconds: sampleNs),
                                  date: Date(timeIntervalSinceReferenceDate: sampleDate)),
                    syncIdentifier: row[8], syncVersion: row[9], source: Self.source(row[10], cache: &sources))
                let at = Timestamp(monotonic: MonotonicInstant(nanoseconds: row[2]),
                                   date: Date(timeIntervalSinceReferenceDate: row[3]))
                entries.append(JournalEntry(workoutID: workoutID, kind: .sample(sample), at: at))
            } else {
                let payload: String = row[1]
                entries.append(try StoreCoding.decoder.decode(JournalEntry.self, from: Data(payload.utf8)))
            }
        }
        return entries
    }

    /// A journaled source, decoded once per distinct JSON text.
    private static func source(_ json: String?, cache: inout [String: SampleSource]) -> SampleSource? {
        guard let json else { return nil }
        if let known = cache[json] { return known }
        let decoded = try? StoreCoding.decoder.decode(SampleSource.self, from: Data(json.utf8))
        if let decoded { cache[json] = decoded }
        return decoded
    }
}
