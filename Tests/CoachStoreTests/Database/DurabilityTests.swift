// Durability settings on a real file: WAL, and synchronous=FULL on the writer connection — the
// one DatabasePool resets to NORMAL behind our back.

import CoachCore
@testable import CoachStore
import Foundation
import GRDB
import Testing

@Suite struct DurabilityTests {
    @Test func writerRunsWithSynchronousFull() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let database = try AppDatabase.open(path: directory + "/coach.sqlite")
        #expect(try database.writerSynchronousMode() == 2)
        let journalMode = try database.writer.writeWithoutTransaction { db in
            try String.fetchOne(db, sql: "PRAGMA journal_mode")
        }
        #expect(journalMode == "wal")
    }

    @Test func theWALIsBoundedToOneMiB() throws {
        // Folded back at 1 MiB of pages (SQLite's default is 4 MiB) and truncated to 1 MiB after:
        // a WAL that fills a nearly full disk by itself cannot be checkpointed again.
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let database = try AppDatabase.open(path: directory + "/coach.sqlite")
        let (pages, pageSize, limit) = try database.writer.writeWithoutTransaction { db in
            (try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") ?? 0,
             try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0,
             try Int.fetchOne(db, sql: "PRAGMA journal_size_limit") ?? 0)
        }
        #expect(pages * pageSize == 1 << 20)
        #expect(limit == 1 << 20)
    }

    @Test func aPlainPoolWouldHaveBeenNormal() throws {
        // Guards the reason for the explicit PRAGMA: if GRDB stops resetting the writer, this
        // fails and the workaround can go.
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let pool = try DatabasePool(path: directory + "/plain.sqlite")
        let mode = try pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(mode == 1)
    }

    @Test func defaultPathFollowsXDG() {
        #expect(StorePaths.databasePath(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/u"])
                == "/x/data/coach/coach.sqlite")
        #expect(StorePaths.databasePath(environment: ["HOME": "/home/u"]) == "/home/u/.local/share/coach/coach.sqlite")
        // A relative XDG_DATA_HOME is invalid per the spec and ignored.
        #expect(StorePaths.databasePath(environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/u"])
                == "/home/u/.local/share/coach/coach.sqlite")
    }

    @Test func openingCreatesTheDirectoryFromTheEnvironment() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let store = try WorkoutStore.open(environment: ["XDG_DATA_HOME": directory + "/data"])
        #expect(store.database.path == directory + "/data/coach/coach.sqlite")
        #expect(FileManager.default.fileExists(atPath: directory + "/data/coach/coach.sqlite"))
    }
}
