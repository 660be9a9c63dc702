// The schema, as string-named migrations. Never edit a shipped migration: add a new one.

import GRDB

extension AppDatabase {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()

        migrator.registerMigration("v1 create workout, journalEntry, event, sample, change") { db in
            try db.create(table: "workout") { t in
                t.primaryKey("id", .text)
                t.column("activity", .text)
                t.column("location", .text)
                t.column("goalType", .text)
                t.column("goalValue", .double)
                t.column("name", .text)
                t.column("startDate", .datetime)
                t.column("endDate", .datetime)
                t.column("elapsed", .double).notNull().defaults(to: 0)
                t.column("state", .text).notNull().indexed()
                    .check { ["active", "saved", "discarded"].contains($0) }
                t.column("discardReason", .text)
                t.column("goalReached", .boolean).notNull().defaults(to: false)
                t.column("statistics", .jsonText)
                t.column("createdAt", .datetime).notNull()
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "journalEntry") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("workout", onDelete: .cascade).notNull()
                t.column("sequence", .integer).notNull()
                t.column("kind", .text).notNull()
                t.column("payload", .jsonText).notNull()
                t.column("monotonicNs", .integer).notNull()
                // Seconds since 2001-01-01 (Foundation's reference date): REAL keeps a Date exact.
                t.column("date", .double).notNull()
                // A sample entry's sample, in columns: recovery reads these instead of the JSON.
                t.column("sampleType", .text)
                t.column("sampleValue", .double)
                t.column("sampleMonotonicNs", .integer)
                t.column("sampleDate", .double)
                t.column("sampleSyncIdentifier", .text)
                t.column("sampleSyncVersion", .integer)
                t.uniqueKey(["workoutId", "sequence"])
            }
            try db.create(table: "event") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("workout", onDelete: .cascade).notNull()
                t.column("type", .text).notNull()
                t.column("healthKitType", .integer).notNull()
                t.column("date", .datetime).notNull()
                t.column("monotonicNs", .integer).notNull()
                t.column("duration", .double)
                t.column("metadata", .jsonText).notNull()
            }
            try db.create(table: "sample") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("workout", onDelete: .cascade).notNull()
                t.column("type", .text).notNull()
                t.column("value", .double).notNull()
                t.column("date", .datetime).notNull()
                t.column("monotonicNs", .integer).notNull()
                t.column("syncIdentifier", .text)
                t.column("syncVersion", .integer)
                // NULLs are distinct in SQLite: only samples with an identifier are constrained.
                t.uniqueKey(["workoutId", "syncIdentifier"])
            }
            try db.create(table: "change") { t in
                // AUTOINCREMENT: an anchor is never reused, even after the newest row is deleted.
                t.autoIncrementedPrimaryKey("id")
                t.column("objectKind", .text).notNull()
                t.column("objectId", .text).notNull()
                t.column("workoutId", .text).notNull()
                t.column("operation", .text).notNull()
                t.column("date", .datetime).notNull()
            }
            try db.create(index: "change_on_object", on: "change", columns: ["objectKind", "objectId"])
        }

        migrator.registerMigration("v2 create routePoint (location samples, HKWorkoutRoute)") { db in
            try db.create(table: "routePoint") { t in
                t.autoIncrementedPrimaryKey("id")
                t.belongsTo("workout", onDelete: .cascade).notNull()
                t.column("latitude", .double).notNull()
                t.column("longitude", .double).notNull()
                t.column("altitude", .double)
                t.column("horizontalAccuracy", .double)
                t.column("date", .datetime).notNull()
                t.column("monotonicNs", .integer).notNull()
            }
        }

        migrator.registerMigration("v3 sources on samples and workouts; permission, setting (issue 19)") { db in
            // Denormalised (a few short strings a row) so a sample is written with one INSERT and
            // `coach permissions` counts a source's samples with one GROUP BY.
            for table in ["sample", "workout"] {
                try db.alter(table: table) { t in
                    t.add(column: "sourceName", .text)
                    t.add(column: "sourceVersion", .text)
                    t.add(column: "deviceName", .text)
                    t.add(column: "deviceModel", .text)
                    t.add(column: "deviceManufacturer", .text)
                }
            }
            try db.create(index: "sample_on_sourceName", on: "sample", columns: ["sourceName"])
            // The journal keeps a sample's source as JSON: recovery rebuilds the sample exactly.
            try db.alter(table: "journalEntry") { t in t.add(column: "sampleSource", .text) }
            try db.create(table: "permission") { t in
                t.column("client", .text).notNull()
                t.column("type", .text).notNull()
                t.column("access", .text).notNull().check { ["share", "read"].contains($0) }
                t.column("decision", .text).notNull().check { ["allowed", "denied"].contains($0) }
                t.column("updatedAt", .datetime).notNull()
                t.primaryKey(["client", "type", "access"])
            }
            try db.create(table: "setting") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
        }

        migrator.registerMigration("v4 sync identifiers unique store-wide; workout sync identity (issue 33)") { db in
            // A store from before may hold one identifier in several workouts (it was unique per
            // workout). Nothing is deleted: the highest version keeps the identifier and the others
            // are renamed ID@WORKOUT, so every sample stays and the new index can be made.
            try db.execute(sql: """
                UPDATE sample SET syncIdentifier = syncIdentifier || '@' || workoutId
                WHERE id IN (
                    SELECT id FROM (
                        SELECT id, ROW_NUMBER() OVER (PARTITION BY syncIdentifier
                                                      ORDER BY COALESCE(syncVersion, 0) DESC, id DESC) AS rank
                        FROM sample WHERE syncIdentifier IS NOT NULL)
                    WHERE rank > 1)
                """)
            try db.create(index: "sample_on_syncIdentifier", on: "sample", columns: ["syncIdentifier"], options: .unique)
            // An imported workout's identity (device and start) and its file's version: an edited
            // file replaces the workout only with a higher version.
            try db.alter(table: "workout") { t in
                t.add(column: "syncIdentifier", .text)
                t.add(column: "syncVersion", .integer)
            }
            try db.create(index: "workout_on_syncIdentifier", on: "workout", columns: ["syncIdentifier"])
            try db.create(index: "workout_on_startDate", on: "workout", columns: ["startDate"])
        }

        migrator.registerMigration("v5 generated samples, FTP estimates (issue 33: active energy, power zones)") { db in
            // What a generated sample (active energy from power or heart rate) was generated from:
            // a client's own energy wins over these when statistics and exports are made.
            try db.alter(table: "sample") { t in t.add(column: "sourceGeneratedFrom", .text) }
            // 95 % of a saved workout's best 20 minutes of power, with its date (docs/sensors.md).
            try db.create(table: "ftpEstimate") { t in
                t.primaryKey("workoutId", .text).references("workout", onDelete: .cascade)
                t.column("date", .datetime).notNull().indexed()
                t.column("watts", .double).notNull()
                t.column("bestTwentyMinutes", .double).notNull()
            }
        }

        return migrator
    }

    /// Names of the migrations applied to this database, in order.
    public func appliedMigrations() throws -> [String] {
        try writer.read { db in try Self.migrator.appliedMigrations(db) }
    }
}
