// WorkoutStore: the durable `WorkoutJournal`. A batch is one SQLite transaction, committed with
// synchronous=FULL before `write` returns, so whatever the manager acknowledges is on disk; after a
// crash the active workout's journal is read back here for recovery.

import CoachCore
import Foundation
import GRDB

/// Coach's workout store: the active workout's journal, finished workouts, their samples and
/// events, and the change feed. Thread-safe; writes are serialised by SQLite's single writer.
public final class WorkoutStore: WorkoutJournal, Sendable {
    public let database: AppDatabase
    /// Signalled after every commit this process makes (the pushed change feed waits on it).
    public let commits = CommitSignal()

    public init(database: AppDatabase) {
        self.database = database
    }

    /// The permission decisions and the unnamed-client policy, tables of their own (StoredPermissions.swift).
    public var permissions: StoredPermissions { StoredPermissions(database: database) }

    /// Opens the store at `path` (default `$XDG_DATA_HOME/coach/coach.sqlite`). Throws a
    /// `JournalProblem` (`errorDatabaseInaccessible`) that says what to do if it cannot.
    public static func open(path: String? = nil, readOnly: Bool = false,
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws -> WorkoutStore {
        let path = path ?? StorePaths.databasePath(environment: environment)
        return WorkoutStore(database: try AppDatabase.open(path: path, readOnly: readOnly))
    }

    /// A store in memory, for tests: same schema and behaviour, no durability.
    public static func inMemory() throws -> WorkoutStore {
        WorkoutStore(database: try AppDatabase.inMemory())
    }

    /// Writes the batch in one transaction and returns once it is committed (and, on a file,
    /// fsynced). A failure rolls the whole batch back, so the manager's retry starts clean.
    public func write(_ batch: [JournalWrite]) async throws {
        guard !batch.isEmpty else { return }
        let now = Date()
        do {
            try await database.writer.write { db in
                try JournalApplier.apply(batch, in: db, now: now)
            }
        } catch {
            // A failed write (a full disk, most often) leaves the WAL as long as it grew: fold it
            // into the database and truncate it, so the space it holds is free for the retry.
            try? await database.writer.writeWithoutTransaction { db in
                _ = try db.checkpoint(.truncate)
            }
            throw StoreFailure.problem(for: error, path: database.path)
        }
        commits.signal()
    }

    /// The entries of the workout that was active when the gateway stopped, oldest first; nil
    /// when no workout was active. Replaying them through `WorkoutEngine.recovering(from:at:)`
    /// rebuilds the workout exactly, with the downtime counted as running if it was running.
    public func activeWorkoutJournal() throws -> [JournalEntry]? {
        try database.writer.read { db in
            guard let workout = try WorkoutRecord
                .filter(WorkoutRecord.Columns.state == StoredWorkoutState.active)
                .order(WorkoutRecord.Columns.createdAt.desc)
                .fetchOne(db) else { return nil }
            let entries = try JournalEntryRecord.entries(ofWorkout: workout.id, in: db)
            return entries.isEmpty ? nil : entries
        }
    }
}
