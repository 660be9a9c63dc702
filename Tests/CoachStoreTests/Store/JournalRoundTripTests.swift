// The journal reads back exactly what was written — every kind, dates with sub-millisecond parts,
// sync metadata — samples from their columns, every other kind from its JSON payload.

import CoachCore
@testable import CoachStore
import Foundation
import Testing

@Suite struct JournalRoundTripTests {
    private func at(_ seconds: Double) -> Timestamp {
        Timestamp(monotonic: MonotonicInstant(nanoseconds: 5_000_000_123 + Int64(seconds * 1e9)),
                  date: Date(timeIntervalSinceReferenceDate: 789_000_000.123456789 + seconds))
    }

    private var entries: [JournalEntry] {
        let id = "round-trip"
        return [
            JournalEntry(workoutID: id, kind: .prepared(Fixtures.run, countdownSeconds: 3), at: at(0)),
            JournalEntry(workoutID: id, kind: .started, at: at(3.000_000_7)),
            JournalEntry(workoutID: id, kind: .sample(QuantitySample(type: .heartRate, value: 121.5, at: at(4.1))), at: at(4.1)),
            JournalEntry(workoutID: id, kind: .sample(QuantitySample(type: .distance, value: 0.1 + 0.2, at: at(4.2),
                                                                     syncIdentifier: "d", syncVersion: 7)), at: at(4.3)),
            JournalEntry(workoutID: id, kind: .paused, at: at(5)),
            JournalEntry(workoutID: id, kind: .resumed, at: at(6)),
            JournalEntry(workoutID: id, kind: .lap, at: at(7)),
            JournalEntry(workoutID: id, kind: .marker(name: "hill"), at: at(8)),
        ]
    }

    @Test func activeJournalReadsBackExactly() async throws {
        let store = try WorkoutStore.inMemory()
        try await store.write(entries.map { .entry($0) })
        #expect(try store.activeWorkoutJournal() == entries)
    }

    @Test func samplesAreReadFromTheirColumnsAndEverythingElseFromThePayload() async throws {
        let store = try WorkoutStore.inMemory()
        try await store.write(entries.map { .entry($0) })
        let records = try await store.database.writer.read { db in
            try JournalEntryRecord.order(JournalEntryRecord.Columns.sequence).fetchAll(db)
        }
        #expect(records.count == entries.count)
        #expect(records.filter { $0.sampleType != nil }.count == 2)
        for (record, entry) in zip(records, entries) {
            #expect(try record.entry() == entry)
            if record.kind == "sample" {
                // Only the columns: no second copy as JSON to encode on every sample's commit.
                #expect(record.payload == JournalEntryRecord.columnsOnlyPayload)
            } else {
                #expect(try record.decodedPayload() == entry)
            }
        }
    }
}
