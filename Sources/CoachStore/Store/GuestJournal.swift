// GuestJournal: the journal for guest mode (visionOS Guest User). The workout runs as usual but
// nothing is written; saving answers errorNotPermissibleForGuestUserMode.

import CoachCore
import Synchronization

/// A journal that keeps nothing. Entries are accepted (there is nothing to make durable); a save
/// is refused once with `errorNotPermissibleForGuestUserMode`.
///
/// Why "once": the manager keeps a failed batch queued and retries it with the next write. A guest
/// refusal is final, so when the same save comes back it is dropped quietly — otherwise every
/// later write of the session would repeat the refusal.
public final class GuestJournal: WorkoutJournal, Sendable {
    public static let problem = JournalProblem(code: "errorNotPermissibleForGuestUserMode",
                                               message: "Guest mode: this workout was not kept.")

    private let refused = Mutex<Set<String>>([])

    public init() {}

    public func write(_ batch: [JournalWrite]) async throws {
        let saves = batch.compactMap { write -> String? in
            if case .save(let workout) = write { return workout.workoutID }
            return nil
        }
        let firstRefusal = refused.withLock { refused -> Bool in
            let fresh = saves.filter { !refused.contains($0) }
            refused.formUnion(fresh)
            return !fresh.isEmpty
        }
        if firstRefusal { throw Self.problem }
    }
}
