// Migration v4 on an existing file (issue 33): a store made when sync identifiers were unique per
// workout may hold one identifier in two workouts. Every sample survives the migration; the
// highest version keeps the identifier, the other is renamed ID@WORKOUT; then the index holds.

import CoachCore
@testable import CoachStore
import Foundation
import GRDB
import Testing

@Suite struct StoreWideSyncMigrationTests {
    @Test func duplicatesAcrossWorkoutsAreKeptAndRenamed() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let path = directory + "/coach.sqlite"
        // The file as the previous version left it: migrated up to v3 only.
        do {
            let queue = try DatabaseQueue(path: path)
            try AppDatabase.migrator.migrate(queue, upTo: "v3 sources on samples and workouts; permission, setting (issue 19)")
            try queue.write { db in
                for workout in ["a", "b"] {
                    try WorkoutRecord(activeID: workout, configuration: StartWorkoutIntent(), at: Fixtures.start.date).insert(db)
                }
                // Raw SQL: SampleRecord today has columns a v3 file does not (v5's sourceGeneratedFrom).
                for (workout, version) in [("a", 2), ("b", 1)] {
                    try db.execute(sql: """
                        INSERT INTO sample (workoutId, type, value, date, monotonicNs, syncIdentifier, syncVersion)
                        VALUES (?, 'heartRate', ?, ?, 0, 'x', ?)
                        """, arguments: [workout, Double(version), Fixtures.start.date, version])
                }
            }
        }
        let database = try AppDatabase.open(path: path)
        #expect(try database.appliedMigrations().contains { $0.hasPrefix("v4 sync identifiers") })
        let rows = try database.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT workoutId, syncIdentifier FROM sample ORDER BY workoutId")
                .map { "\($0[0] as String):\($0[1] as String)" }
        }
        #expect(rows == ["a:x", "b:x@b"])
        // From now on, one identifier is one sample in the whole store.
        #expect(throws: DatabaseError.self) {
            try database.writer.write { db in
                var again = SampleRecord(id: nil, workoutId: "b", type: "heartRate", value: 3, date: Fixtures.start.date,
                                         monotonicNs: 0, syncIdentifier: "x", syncVersion: 3)
                try again.insert(db)
            }
        }
    }
}
