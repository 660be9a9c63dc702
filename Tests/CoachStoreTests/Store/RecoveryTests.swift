// Crash recovery: write a journal to a real file, "crash" (the store is never closed), reopen,
// and rebuild the workout through WorkoutEngine.recovering — state, elapsed and samples intact.

import CoachCore
@testable import CoachStore
import Foundation
import Testing

@Suite struct RecoveryTests {
    /// Runs a workout to 120 s of running time with a 30 s pause, a lap and three samples, then
    /// leaks the store so its connections are never closed, as in a crash. Returns the file,
    /// the workout id and the status just before the "crash".
    private func journalThenCrash(directory: String, clock: ManualWorkoutClock,
                                  pauseAtTheEnd: Bool) async throws -> (String, WorkoutSnapshot) {
        let path = directory + "/coach.sqlite"
        let store = try WorkoutStore.open(path: path)
        let manager = Fixtures.manager(journal: store, clock: clock)
        await Fixtures.startRunning(manager)
        await manager.advance(by: .seconds(60))
        _ = try await manager.addSample(.heartRate, value: 120)
        _ = try await manager.addSample(.distance, value: 150, syncIdentifier: "d-1", syncVersion: 1)
        _ = await manager.perform(.pause())
        await manager.advance(by: .seconds(30))
        _ = await manager.perform(.resume())
        await manager.advance(by: .seconds(60))
        _ = try await manager.addSample(.heartRate, value: 130)
        _ = try await manager.addSample(.distance, value: 175, syncIdentifier: "d-1", syncVersion: 2)
        _ = await manager.perform(.lap)
        if pauseAtTheEnd { _ = await manager.perform(.pause()) }
        let before = await manager.status()
        // No close, no checkpoint: the connections stay open forever, like a killed process's.
        _ = Unmanaged.passRetained(store)
        _ = Unmanaged.passRetained(manager)
        return (path, before)
    }

    @Test func runningWorkoutRecoversWithDowntimeCountedAsRunning() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let clock = ManualWorkoutClock(start: Fixtures.start)
        let (path, before) = try await journalThenCrash(directory: directory, clock: clock, pauseAtTheEnd: false)
        #expect(before.elapsed == 120)

        clock.advance(by: .seconds(45))  // the gateway is down for 45 s
        let reopened = try WorkoutStore.open(path: path)
        #expect(try reopened.database.integrityCheck() == ["ok"])
        let entries = try #require(try reopened.activeWorkoutJournal())
        #expect(entries.first.map { if case .prepared = $0.kind { true } else { false } } == true)

        let (engine, _) = WorkoutEngine.recovering(from: entries, at: clock.now())
        let after = engine.snapshot(at: clock.now())
        #expect(after.workoutID == before.workoutID)
        #expect(after.state == .running)
        #expect(after.elapsed == 165)
        #expect(after.laps == 1)
        #expect(after.statistics == before.statistics)
        #expect(after.statistics[.heartRate]?.count == 2)
        #expect(after.statistics[.distance]?.sum == 175)  // v2 replaced v1
        #expect(engine.workout?.builder.samples.count == 3)
    }

    @Test func pausedWorkoutRecoversWithoutCountingDowntime() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let clock = ManualWorkoutClock(start: Fixtures.start)
        let (path, before) = try await journalThenCrash(directory: directory, clock: clock, pauseAtTheEnd: true)
        clock.advance(by: .seconds(600))
        let reopened = try WorkoutStore.open(path: path)
        let entries = try #require(try reopened.activeWorkoutJournal())
        let (engine, _) = WorkoutEngine.recovering(from: entries, at: clock.now())
        let after = engine.snapshot(at: clock.now())
        #expect(after.state == .paused)
        #expect(after.elapsed == before.elapsed)
        #expect(after.elapsed == 120)
    }

    @Test func recoveredWorkoutCarriesOnAndSavesEverything() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let clock = ManualWorkoutClock(start: Fixtures.start)
        let (path, before) = try await journalThenCrash(directory: directory, clock: clock, pauseAtTheEnd: false)
        clock.advance(by: .seconds(10))

        let store = try WorkoutStore.open(path: path)
        let manager = Fixtures.manager(journal: store, clock: clock)
        let recovered = await manager.recover(from: try #require(try store.activeWorkoutJournal()))
        #expect(recovered.elapsed == 130)
        _ = try await manager.addSample(.heartRate, value: 140)
        await manager.advance(by: .seconds(20))
        let end = await manager.perform(.end())
        #expect(end.journalProblem == nil)

        let detail = try store.workout(matching: try #require(before.workoutID))
        #expect(detail.summary.state == .saved)
        #expect(detail.summary.elapsed == 150)
        #expect(detail.sampleCount == 4)
        #expect(detail.statistics.first { $0.type == .heartRate }?.average == 130)
        #expect(detail.events.map(\.type) == [.pause, .resume, .lap])
        #expect(try store.activeWorkoutJournal() == nil)
    }

    @Test func journalKeepsTheOrderItWasWrittenIn() async throws {
        let store = try WorkoutStore.inMemory()
        let manager = Fixtures.manager(journal: store, clock: ManualWorkoutClock(start: Fixtures.start))
        await Fixtures.startRunning(manager)
        // Concurrent writers: group commit batches them, the journal keeps the manager's order.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<50 {
                group.addTask { _ = try await manager.addSample(.heartRate, value: 60 + Double(index)) }
            }
            try await group.waitForAll()
        }
        let entries = try #require(try store.activeWorkoutJournal())
        let kinds = entries.map { entry -> String in
            switch entry.kind {
            case .prepared: "prepared"
            case .started: "started"
            case .sample: "sample"
            default: "other"
            }
        }
        #expect(kinds == ["prepared", "started"] + Array(repeating: "sample", count: 50))
        let sequences = try await store.database.writer.read { db in
            try Int.fetchAll(db, sql: "SELECT sequence FROM journalEntry ORDER BY id")
        }
        #expect(sequences == Array(1...52))
    }

    @Test func newWorkoutSupersedesAnUnrecoveredOneWithoutDeletingItsJournal() async throws {
        let store = try WorkoutStore.inMemory()
        let clock = ManualWorkoutClock(start: Fixtures.start)
        let old = await Fixtures.startRunning(Fixtures.manager(journal: store, clock: clock, id: "old"))
        // A new gateway that never called recover starts another workout.
        let new = await Fixtures.startRunning(Fixtures.manager(journal: store, clock: clock, id: "new"))
        #expect(try store.workout(matching: old).summary.state == .discarded)
        #expect(try store.workout(matching: old).summary.discardReason == "superseded")
        #expect(try store.count("journalEntry", where: "workoutId = 'old'") == 2)
        #expect(try store.activeWorkoutJournal()?.first?.workoutID == new)
    }
}
