// Opening the database file: WAL through a DatabasePool with `synchronous=FULL` on the writer —
// every commit fsyncs the WAL, so a committed batch survives power loss, not just a crash.

import CoachWire
import Foundation
import GRDB

extension AppDatabase {
    /// Opens (creating if needed) the database at `path`. Read-write opens force and verify
    /// `synchronous=FULL` on the writer; read-only opens (the CLI's `history`/`show` while the
    /// gateway writes) never write. Failures are `JournalProblem`s with `errorDatabaseInaccessible`.
    public static func open(path: String, readOnly: Bool = false) throws -> AppDatabase {
        do {
            if !readOnly {
                // Made durable (its parent synced): SQLite syncs the store's own directory, not the one above.
                try DurableFile.createDirectory((path as NSString).deletingLastPathComponent, permissions: 0o700)
            }
            let pool = try DatabasePool(path: path, configuration: makeConfiguration(readOnly: readOnly))
            if readOnly {
                // Migrating needs writes; a read-only open trusts the schema the writer made.
                let database = AppDatabase(unmigrated: pool, path: path)
                return database
            }
            // DatabasePool sets synchronous=NORMAL on its writer after `prepareDatabase`, so FULL
            // must be set afterwards, on the writer, and checked there (not on a reader).
            // journal_size_limit: after a checkpoint the WAL is truncated back to 1 MiB, so a long
            // workout's WAL cannot keep growing into the last free space of a nearly full disk.
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = FULL")
                try db.execute(sql: "PRAGMA journal_size_limit = \(Self.walSizeLimit)")
                // And the WAL is folded into the database once it holds 1 MiB of pages, not SQLite's
                // default 1 000 (4 MiB): a WAL that fills the disk itself cannot be checkpointed (the
                // database file has no room to grow), so freeing other files would not bring the
                // store back (Benchmarks/store/disk-full.sh on a 4 MiB disk: writes never resumed).
                let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 4096
                try db.execute(sql: "PRAGMA wal_autocheckpoint = \(max(Self.walSizeLimit / pageSize, 1))")
            }
            let database = try AppDatabase(pool, path: path)
            let mode = try database.writerSynchronousMode()
            guard mode == 2 else {
                throw StoreFailure.message("SQLite kept synchronous=\(mode) instead of FULL (2) on the writer")
            }
            return database
        } catch {
            throw StoreFailure.problem(for: error, path: path, opening: true)
        }
    }

    /// Bytes the WAL is truncated to after a checkpoint (`PRAGMA journal_size_limit`).
    static let walSizeLimit = 1 << 20

    private init(unmigrated writer: any DatabaseWriter, path: String?) {
        self.writer = writer
        self.path = path
    }
}
