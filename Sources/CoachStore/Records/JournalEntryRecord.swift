// JournalEntryRecord: one row of `journalEntry` — an input to the active workout, in order.
// The payload is the whole JournalEntry as JSON, so replay is exact; the other columns are
// there to query and to read the table by eye.

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
    var date: Date

    enum Columns {
        static let workoutId = Column(CodingKeys.workoutId)
        static let sequence = Column(CodingKeys.sequence)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension JournalEntryRecord {
    init(_ entry: JournalEntry, sequence: Int) throws {
        let payload = String(decoding: try StoreCoding.encoder.encode(entry), as: UTF8.self)
        self.init(id: nil, workoutId: entry.workoutID, sequence: sequence, kind: entry.kind.name,
                  payload: payload, monotonicNs: entry.at.monotonic.nanoseconds, date: entry.at.date)
    }

    func entry() throws -> JournalEntry {
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
        case .lap: return "lap"
        case .marker: return "marker"
        case .sample: return "sample"
        case .stopped: return "stopped"
        case .ended: return "ended"
        case .discarded: return "discarded"
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
