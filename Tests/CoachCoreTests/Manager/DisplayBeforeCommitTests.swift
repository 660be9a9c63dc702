// Displays first, announcements after the commit: a status bar shows a pause as soon as the engine
// has it (the journal's fsync takes milliseconds, and 1 000 subscribers should not wait for it),
// while the announcement "Your run is paused." — like the reply — waits until the pause is durable.

import CoachCore
import Synchronization
import Testing

/// A journal whose writes wait until the test opens the gate.
private final class GatedJournal: WorkoutJournal {
    let open = Atomic(false)
    let written = Atomic(0)

    func write(_ batch: [JournalWrite]) async throws {
        while !open.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(1)) }
        written.add(batch.count, ordering: .releasing)
    }
}

@Suite struct DisplayBeforeCommitTests {
    @Test(.timeLimit(.minutes(1))) func snapshotsShowAChangeBeforeItsCommitAndAnnouncementsAfter() async throws {
        let journal = GatedJournal()
        journal.open.store(true, ordering: .releasing)
        let manager = WorkoutManager(clock: ManualWorkoutClock(), configuration: EngineConfiguration(countdown: .zero),
                                     journal: journal, timerMode: .manual)
        _ = await manager.perform(.start(StartWorkoutIntent(activity: .running)))
        journal.open.store(false, ordering: .releasing)
        let written = journal.written.load(ordering: .acquiring)

        let snapshots = await manager.snapshots()
        let changes = manager.changes()
        let pausing = Task { await manager.perform(.pause()) }

        // The display sees "paused" while the pause is not yet written.
        var displays = snapshots.makeAsyncIterator()
        var shown = await displays.next()
        while shown?.state != .paused { shown = await displays.next() }
        #expect(journal.written.load(ordering: .acquiring) == written, "shown before the commit")

        // The announcement comes only once the write is durable.
        journal.open.store(true, ordering: .releasing)
        var announcements = changes.makeAsyncIterator()
        var change = await announcements.next()
        while change.map({ if case .stateChanged(_, .paused, _) = $0.notification { return false } else { return true } }) ?? false {
            change = await announcements.next()
        }
        #expect(change != nil)
        #expect(journal.written.load(ordering: .acquiring) > written, "announced after the commit")
        let outcome = await pausing.value
        #expect(outcome.code == .success)
    }
}
