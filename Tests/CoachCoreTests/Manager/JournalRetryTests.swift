// The store's word (issue 18, item 9): a failed write is retried on a timer and at shutdown, and
// a sample resent while its first copy is still waiting for the store is never acknowledged on
// the strength of the copy in memory.

import CoachCore
import Synchronization
import Testing

@Suite("Journal retry")
struct JournalRetryTests {
    private static let noTimer = JournalRetryPolicy(initial: .seconds(3600), maximum: .seconds(3600))

    private func runningManager(_ journal: MemoryJournal, retry: JournalRetryPolicy = noTimer) async -> WorkoutManager {
        let manager = WorkoutManager(clock: ManualWorkoutClock(), configuration: EngineConfiguration(countdown: .zero),
                                     journal: journal, journalRetry: retry, timerMode: .manual)
        _ = await manager.perform(.start(StartWorkoutIntent(activity: .running)))
        return manager
    }

    private func samples(in journal: MemoryJournal) -> [String] {
        journal.entries.compactMap { entry in
            if case .sample(let sample) = entry.kind { return sample.syncIdentifier }
            return nil
        }
    }

    @Test func aResentPendingSampleIsNotAcknowledgedUntilItIsDurable() async throws {
        let journal = MemoryJournal()
        let manager = await runningManager(journal)
        journal.failing.withLock { $0 = true }
        await #expect(throws: JournalProblem.self) {
            try await manager.addSample(.heartRate, value: 120, syncIdentifier: "r-11", syncVersion: 1)
        }
        // The same sample again, the disk still full: it fails as the first did, not "accepted".
        await #expect(throws: JournalProblem.self) {
            try await manager.addSample(.heartRate, value: 120, syncIdentifier: "r-11", syncVersion: 1)
        }
        #expect(manager.pendingWrites == 1)
        #expect(samples(in: journal).isEmpty)

        journal.failing.withLock { $0 = false }
        let outcome = try await manager.addSample(.heartRate, value: 120, syncIdentifier: "r-11", syncVersion: 1)
        #expect(outcome == .ignoredOlderVersion)
        #expect(samples(in: journal) == ["r-11"], "acknowledged only once the first copy is durable")
        #expect(manager.pendingWrites == 0)
    }

    @Test func anOlderVersionIsAcknowledgedOnlyOnceTheNewerIsDurable() async throws {
        let journal = MemoryJournal()
        let manager = await runningManager(journal)
        journal.failing.withLock { $0 = true }
        await #expect(throws: JournalProblem.self) {
            try await manager.addSample(.power, value: 200, syncIdentifier: "p-1", syncVersion: 2)
        }
        await #expect(throws: JournalProblem.self) {
            try await manager.addSample(.power, value: 190, syncIdentifier: "p-1", syncVersion: 1)
        }
        journal.failing.withLock { $0 = false }
        #expect(try await manager.addSample(.power, value: 190, syncIdentifier: "p-1", syncVersion: 1) == .ignoredOlderVersion)
        #expect(samples(in: journal) == ["p-1"])
    }

    @Test func failedWritesAreRetriedOnATimerWithoutAnotherChange() async throws {
        let journal = MemoryJournal()
        let retry = JournalRetryPolicy(initial: .milliseconds(5), maximum: .milliseconds(40))
        let manager = await runningManager(journal, retry: retry)
        journal.failing.withLock { $0 = true }
        let end = await manager.perform(.end(saveShort: true))
        #expect(end.journalProblem != nil)
        #expect(manager.pendingWrites > 0)
        // Still failing: the timer keeps trying (backoff), nothing is lost.
        try await Task.sleep(for: .milliseconds(100))
        #expect(manager.pendingWrites > 0)
        journal.failing.withLock { $0 = false }
        let deadline = ContinuousClock.now + .seconds(20)
        while manager.pendingWrites > 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(manager.pendingWrites == 0, "the timer wrote the pending end")
        let saved = journal.writes.withLock { $0.flatMap { $0 } }.contains { if case .save = $0 { return true } else { return false } }
        #expect(saved)
    }

    @Test func shutdownWritesWhatIsStillPending() async throws {
        let journal = MemoryJournal()
        let manager = await runningManager(journal)
        journal.failing.withLock { $0 = true }
        #expect(await manager.perform(.end(saveShort: true)).journalProblem != nil)
        journal.failing.withLock { $0 = false }
        #expect(await manager.shutdown() == nil)
        #expect(manager.pendingWrites == 0)
        let kinds = journal.entries.map { "\($0.kind)" }
        #expect(kinds.last == "ended")
    }

    @Test func shutdownReportsWhatCouldNotBeWritten() async throws {
        let journal = MemoryJournal()
        let manager = await runningManager(journal)
        journal.failing.withLock { $0 = true }
        _ = await manager.perform(.pause())
        #expect(await manager.shutdown()?.code == "errorDatabaseInaccessible")
        #expect(manager.pendingWrites > 0)
    }

    @Test func retryDelaysDoubleUpToTheMaximum() {
        let policy = JournalRetryPolicy(initial: .milliseconds(250), maximum: .seconds(2))
        #expect((1...6).map { policy.delay(afterFailures: $0) }
            == [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2), .seconds(2), .seconds(2)])
    }
}
