// Finishing and cancelling through the manager, then `history` and `show` over what was stored.

import CoachCore
@testable import CoachStore
import Foundation
import Testing

@Suite struct SaveHistoryShowTests {
    /// A 10-minute run with a 1-minute pause, heart rate and distance samples, and a lap.
    private func runAndSave(_ store: WorkoutStore, clock: ManualWorkoutClock,
                            manager: WorkoutManager? = nil) async throws -> String {
        let manager = manager ?? Fixtures.manager(journal: store, clock: clock)
        let id = await Fixtures.startRunning(manager)
        for (index, bpm) in [120.0, 140, 160].enumerated() {
            await manager.advance(by: .seconds(60))
            _ = try await manager.addSample(.heartRate, value: bpm)
            _ = try await manager.addSample(.distance, value: 200 + Double(index) * 100)
        }
        _ = await manager.perform(.pause())
        await manager.advance(by: .seconds(60))
        _ = await manager.perform(.resume())
        _ = await manager.perform(.lap)
        await manager.advance(by: .seconds(420))
        let end = await manager.perform(.end())
        #expect(end.journalProblem == nil)
        return id
    }

    @Test func savedWorkoutHasSummaryStatisticsEventsAndSamples() async throws {
        let store = try WorkoutStore.inMemory()
        let id = try await runAndSave(store, clock: ManualWorkoutClock(start: Fixtures.start))

        let detail = try store.workout(matching: id)
        #expect(detail.summary.state == .saved)
        #expect(detail.summary.activity == .running)
        #expect(detail.summary.location == .outdoor)
        #expect(detail.summary.name == "Sunday long run")
        #expect(detail.summary.goal == .time(seconds: 1800))
        #expect(detail.summary.elapsed == 600)  // 11 minutes less the 1-minute pause
        #expect(detail.summary.totalDistance == 900)
        #expect(detail.sampleCount == 6)
        #expect(detail.events.map(\.type) == [.pause, .resume, .lap])

        let heart = try #require(detail.statistics.first { $0.type == .heartRate })
        #expect(heart.average == 140)
        #expect(heart.minimum == 120)
        #expect(heart.maximum == 160)
        #expect(heart.mostRecent == 160)
        #expect(heart.sum == nil)
        let distance = try #require(detail.statistics.first { $0.type == .distance })
        #expect(distance.sum == 900)
        #expect(distance.average == nil)
        #expect(distance.mostRecent == 400)

        // The journal of a saved workout is no longer needed for recovery.
        #expect(try store.count("journalEntry") == 0)
        #expect(try store.activeWorkoutJournal() == nil)
    }

    @Test func storedStatisticsMatchOnesComputedFromSamples() async throws {
        let store = try WorkoutStore.inMemory()
        let id = try await runAndSave(store, clock: ManualWorkoutClock(start: Fixtures.start))
        let saved = try store.workout(matching: id).statistics
        let computed = try await store.database.writer.read { db in try WorkoutStore.statistics(ofWorkout: id, in: db) }
        #expect(saved.map(\.type) == computed.map(\.type))
        for (a, b) in zip(saved, computed) {
            #expect(a.count == b.count)
            #expect(a.sum == b.sum)
            #expect(a.average == b.average)
            #expect(a.minimum == b.minimum && a.maximum == b.maximum && a.mostRecent == b.mostRecent)
        }
    }

    @Test func historyListsSavedWorkoutsNewestFirst() async throws {
        let store = try WorkoutStore.inMemory()
        let clock = ManualWorkoutClock(start: Fixtures.start)
        let manager = Fixtures.manager(journal: store, clock: clock)
        let first = try await runAndSave(store, clock: clock, manager: manager)
        clock.advance(by: .seconds(3600))
        let second = try await runAndSave(store, clock: clock, manager: manager)
        // A third, cancelled: not in the default history.
        let third = await Fixtures.startRunning(manager)
        _ = await manager.perform(.cancel(confirmed: true))

        #expect(try store.history().map(\.id) == [second, first])
        #expect(try store.history(limit: 1).map(\.id) == [second])
        let all = try store.history(includeAll: true)
        #expect(all.map(\.id) == [third, second, first])
        #expect(all.first?.state == .discarded)
        #expect(all.first?.discardReason == "cancelled")
    }

    @Test func cancellingDiscardsTheWorkoutAndItsData() async throws {
        let store = try WorkoutStore.inMemory()
        let clock = ManualWorkoutClock(start: Fixtures.start)
        let manager = Fixtures.manager(journal: store, clock: clock)
        let id = await Fixtures.startRunning(manager)
        await manager.advance(by: .seconds(10))
        _ = try await manager.addSample(.heartRate, value: 130)
        #expect(try store.count("sample") == 1)
        let outcome = await manager.perform(.cancel(confirmed: true))
        #expect(outcome.journalProblem == nil)

        #expect(try store.workout(matching: id).summary.state == .discarded)
        #expect(try store.count("sample") == 0)
        #expect(try store.count("journalEntry") == 0)
        #expect(try store.activeWorkoutJournal() == nil)
    }

    @Test func tooShortWorkoutIsDiscardedWithItsReason() async throws {
        let store = try WorkoutStore.inMemory()
        let manager = Fixtures.manager(journal: store, clock: ManualWorkoutClock(start: Fixtures.start))
        let id = await Fixtures.startRunning(manager)
        _ = await manager.perform(.end())
        let summary = try store.workout(matching: id).summary
        #expect(summary.state == .discarded)
        #expect(summary.discardReason == "tooShort")
    }

    @Test func showFindsAWorkoutByUniquePrefix() async throws {
        let store = try WorkoutStore.inMemory()
        let clock = ManualWorkoutClock(start: Fixtures.start)
        // Two ids share a long prefix; the third does not.
        var ids: [String] = []
        for id in ["a1b2c3d4-0000-4000-8000-000000000001", "a1b2c3d4-0000-4000-8000-000000000002",
                   "f9e8d7c6-0000-4000-8000-000000000003"] {
            let manager = Fixtures.manager(journal: store, clock: clock, id: id)
            ids.append(try await runAndSave(store, clock: clock, manager: manager))
        }
        let (first, second, third) = (ids[0], ids[1], ids[2])
        #expect(third == "f9e8d7c6-0000-4000-8000-000000000003")

        #expect(try store.workout(matching: "f9e").summary.id == third)
        #expect(try store.workout(matching: "F9E8").summary.id == third)
        #expect(try store.workout(matching: first).summary.id == first)
        #expect(try store.workout(matching: String(third.dropLast(4))).summary.id == third)
        #expect(try store.workout(matching: second).summary.id == second)
        #expect(throws: WorkoutLookupError.ambiguous("a1b2", candidates: [first, second])) {
            try store.workout(matching: "a1b2")
        }
        #expect(throws: WorkoutLookupError.notFound("zz")) { try store.workout(matching: "zz") }
        #expect(throws: WorkoutLookupError.notFound("*")) { try store.workout(matching: "*") }
    }
}
