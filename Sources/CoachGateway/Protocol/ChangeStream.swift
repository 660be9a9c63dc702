// ChangeStream: the pushed change feed behind `subscribe {"changes":true,"anchor":N}` — HealthKit's
// long-running HKAnchoredObjectQuery. It sends what is already newer than the anchor, page by page,
// then each new page as it commits (woken by the store's CommitSignal; every second otherwise, for
// writers in other processes such as `coach import`).
//
// Each page says `since` (the anchor it continues from) and `anchor` (where the next starts), so a
// subscriber that missed one (a slow reader's notifications may be skipped) sees the gap and asks
// `workouts.changes` from its own anchor: nothing is missed, nothing repeated.

import CoachCore
import CoachStore
import CoachWire
import Foundation

enum ChangeStream {
    /// Objects per page, as `workouts.changes`' default.
    static let pageSize = 500
    /// How long to wait for a commit of this process before looking anyway.
    static let pollInterval: Duration = .seconds(1)

    /// Runs until cancelled or until `send` returns false.
    static func run(store: WorkoutStore, from anchor: Int?, scope: ReadScope, isLocked: @escaping @Sendable () -> Bool,
                    send: @escaping @Sendable (JSONValue) -> Bool) async {
        var sent = anchor ?? 0
        var position = anchor
        while !Task.isCancelled {
            let generation = store.commits.generation
            // Locked means protected: nothing is sent until unlocked; the anchor waits.
            if !isLocked(), let page = try? store.changes(since: position, scope: scope, limit: pageSize) {
                position = page.anchor
                if !page.added.isEmpty || !page.deleted.isEmpty {
                    guard send(page.wire(since: sent).json) else { return }
                    sent = page.anchor
                }
                if page.more { continue }
            }
            await store.commits.wait(after: generation, timeout: pollInterval)
        }
    }
}
