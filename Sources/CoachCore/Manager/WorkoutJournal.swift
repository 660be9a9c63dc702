// The seam between the manager and durable storage. CoachStore implements it with SQLite; tests
// use an in-memory one. Writes arrive in order, batched; a batch is one transaction.

/// One durable write: a journal entry of the active workout, or the finished workout to save.
public enum JournalWrite: Sendable, Hashable {
    case entry(JournalEntry)
    case save(FinishedWorkout)
}

/// Durable storage for the active workout's journal and for finished workouts.
public protocol WorkoutJournal: Sendable {
    /// Makes the batch durable, atomically, before returning. Batches arrive in the order the
    /// manager produced them.
    func write(_ batch: [JournalWrite]) async throws
}

/// Why an acknowledged change may not be durable; carried in the outcome so channels can say so.
public struct JournalProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// HealthKit-style code, e.g. `errorNotPermissibleForGuestUserMode`, `errorDatabaseInaccessible`.
    public var code: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}
