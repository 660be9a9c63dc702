// CommitSignal, which wakes the pushed change feed: a waiter returns at a commit, at its timeout
// or when cancelled — never misses a commit signalled between reading the generation and waiting.

import CoachCore
@testable import CoachStore
import Foundation
import Testing

@Suite struct CommitSignalTests {
    @Test func aCommitAfterTheGenerationWakesAtOnce() async throws {
        let signal = CommitSignal()
        let generation = signal.generation
        signal.signal()  // before the wait: must not be missed
        let start = ContinuousClock.now
        await signal.wait(after: generation, timeout: .seconds(30))
        #expect(ContinuousClock.now - start < .seconds(5))
        #expect(signal.generation == generation + 1)
    }

    @Test func aWaiterIsWokenByACommitAndOtherwiseByItsTimeout() async throws {
        let signal = CommitSignal()
        let waiter = try await Self.waiterStarted(on: signal)
        signal.signal()
        #expect(await waiter.value < .seconds(5))

        let start = ContinuousClock.now
        await signal.wait(after: signal.generation, timeout: .milliseconds(200))
        let waited = ContinuousClock.now - start
        #expect(waited >= .milliseconds(150) && waited < .seconds(5))
    }

    @Test func cancellingAWaiterEndsItsWait() async throws {
        let signal = CommitSignal()
        let waiter = try await Self.waiterStarted(on: signal)
        waiter.cancel()
        #expect(await waiter.value < .seconds(5))
    }

    /// A task waiting (up to 30 s) for the next commit, given 100 ms to begin its wait; its value
    /// is how long it waited.
    static func waiterStarted(on signal: CommitSignal) async throws -> Task<Duration, Never> {
        let waiter = Task {
            let start = ContinuousClock.now
            await signal.wait(after: signal.generation, timeout: .seconds(30))
            return ContinuousClock.now - start
        }
        try await Task.sleep(for: .milliseconds(100))
        return waiter
    }

    @Test func everyStoreWriteSignals() async throws {
        let store = try WorkoutStore.inMemory()
        let before = store.commits.generation
        try await store.write([.entry(JournalEntryFixture.prepared)])
        #expect(store.commits.generation == before + 1)
    }
}

enum JournalEntryFixture {
    static let prepared = JournalEntry(workoutID: "signal", kind: .prepared(Fixtures.run, countdownSeconds: 0), at: Fixtures.start)
}
