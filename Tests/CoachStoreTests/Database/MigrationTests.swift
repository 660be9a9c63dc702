// The schema: named migrations applied once, the tables and constraints the store relies on.

import CoachCore
@testable import CoachStore
import GRDB
import Testing

@Suite struct MigrationTests {
    @Test func migrationsAreAppliedByName() throws {
        let database = try AppDatabase.inMemory()
        let applied = try database.appliedMigrations()
        #expect(applied.first == "v1 create workout, journalEntry, event, sample, change")
        #expect(applied.contains("v2 create routePoint (location samples, HKWorkoutRoute)"))
        #expect(applied.count == Set(applied).count)
    }

    @Test func everyTableExistsWithItsKeyColumns() throws {
        let database = try AppDatabase.inMemory()
        try database.writer.read { db in
            for table in ["workout", "journalEntry", "event", "sample", "change"] {
                #expect(try db.tableExists(table), "missing table \(table)")
            }
            let sampleColumns = Set(try db.columns(in: "sample").map(\.name))
            #expect(sampleColumns.isSuperset(of: ["workoutId", "type", "value", "date", "syncIdentifier", "syncVersion"]))
            let journalColumns = Set(try db.columns(in: "journalEntry").map(\.name))
            #expect(journalColumns.isSuperset(of: ["workoutId", "sequence", "kind", "payload", "monotonicNs", "date"]))
        }
    }

    @Test func reopeningAMigratedFileMigratesNothingAgain() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let path = directory + "/coach.sqlite"
        let first = try AppDatabase.open(path: path).appliedMigrations()
        let reopened = try AppDatabase.open(path: path)
        #expect(try reopened.appliedMigrations() == first)
    }

    @Test func sampleSyncIdentifierIsUniquePerWorkout() throws {
        let database = try AppDatabase.inMemory()
        try database.writer.write { db in
            try WorkoutRecord(activeID: "w", configuration: StartWorkoutIntent(), at: Fixtures.start.date).insert(db)
            var first = SampleRecord(id: nil, workoutId: "w", type: "heartRate", value: 1, date: Fixtures.start.date,
                                     monotonicNs: 0, syncIdentifier: "x", syncVersion: 1)
            try first.insert(db)
            var second = first
            second.id = nil
            #expect(throws: DatabaseError.self) { try second.insert(db) }
            // Samples without an identifier are not constrained (NULLs are distinct).
            var plain = first
            plain.id = nil
            plain.syncIdentifier = nil
            try plain.insert(db)
            plain.id = nil
            try plain.insert(db)
        }
    }

    @Test func workoutStateIsChecked() throws {
        let database = try AppDatabase.inMemory()
        #expect(throws: DatabaseError.self) {
            try database.writer.write { db in
                try db.execute(sql: """
                    INSERT INTO workout (id, state, elapsed, goalReached, createdAt, updatedAt)
                    VALUES ('w', 'bogus', 0, 0, '2026-01-01', '2026-01-01')
                    """)
            }
        }
    }
}
