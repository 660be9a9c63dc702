// The gateway's journal: the SQLite store, opened lazily so that a store that cannot be opened at
// start (unwritable directory, full disk) does not stop the workout — every write reports the
// problem, stays queued in the manager, and goes through once the store can be opened.

import CoachCore
import CoachStore
import Synchronization

final class StoreJournal: WorkoutJournal {
    private let path: String
    private let store: Mutex<WorkoutStore?>

    init(path: String, opened: WorkoutStore?) {
        self.path = path
        self.store = Mutex(opened)
    }

    var current: WorkoutStore? { store.withLock { $0 } }

    func write(_ batch: [JournalWrite]) async throws {
        try await openStore().write(batch)
    }

    func openStore() throws -> WorkoutStore {
        if let store = current { return store }
        do {
            let opened = try WorkoutStore.open(path: path)
            store.withLock { $0 = opened }
            return opened
        } catch let problem as JournalProblem {
            throw problem
        } catch {
            throw JournalProblem(code: "errorDatabaseInaccessible",
                                 message: "cannot open the store at \(path): \(error); the workout continues in memory")
        }
    }
}
