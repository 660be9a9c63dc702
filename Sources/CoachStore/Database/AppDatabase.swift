// AppDatabase: the GRDB house-style wrapper around `any DatabaseWriter` — a WAL `DatabasePool` on
// a file for the gateway, an in-memory `DatabaseQueue` in unit tests — that owns the schema.

import Foundation
import GRDB

/// Access to Coach's SQLite database, with the schema migrated on creation.
public struct AppDatabase: Sendable {
    let writer: any DatabaseWriter
    /// Where the file is, for messages; nil in memory.
    public let path: String?

    /// Wraps a writer and migrates it. Prefer `open(path:readOnly:)` or `inMemory()`.
    public init(_ writer: any DatabaseWriter, path: String? = nil) throws {
        self.writer = writer
        self.path = path
        try Self.migrator.migrate(writer)
    }

    /// An empty database in memory (unit tests): same schema, no durability.
    public static func inMemory() throws -> AppDatabase {
        try AppDatabase(DatabaseQueue(configuration: makeConfiguration()))
    }

    static func makeConfiguration(readOnly: Bool = false) -> Configuration {
        var config = Configuration()
        // A reader (`coach history`) may open the file while the gateway commits.
        config.busyMode = .timeout(5)
        config.readonly = readOnly
        config.foreignKeysEnabled = true
        return config
    }

    /// The value of `PRAGMA synchronous` on the writer connection (2 = FULL). Readers of a
    /// `DatabasePool` keep their own setting, so only the writer's tells what commits do.
    public func writerSynchronousMode() throws -> Int {
        try writer.writeWithoutTransaction { db in
            try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1
        }
    }

    /// `PRAGMA integrity_check`: ["ok"] for a sound file.
    public func integrityCheck() throws -> [String] {
        try writer.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
    }
}
