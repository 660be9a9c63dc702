// Deleting and amending saved workouts on a real SQLite file (issue 33, items 3 and 4): who may,
// tombstones in the change feed, statistics that follow, all-or-nothing refusals, sync
// identifiers unique store-wide.

import CoachCore
@testable import CoachStore
import Foundation
import Testing

@Suite struct DeleteAndAmendTests {
    static let bridge = SampleSource(name: "hr-bridge", version: "1.0")

    /// A store in a fresh file, and a saved 10-minute run: heart rate from the user and from
    /// hr-bridge, distance 900 m. Returns the store, the directory (to remove) and the workout id.
    static func savedRun(syncPrefix: String = "hr") async throws -> (WorkoutStore, String, String) {
        let directory = try Fixtures.temporaryDirectory()
        let store = try WorkoutStore.open(path: directory + "/coach.sqlite")
        let clock = ManualWorkoutClock(start: Fixtures.start)
        let manager = Fixtures.manager(journal: store, clock: clock)
        let id = await Fixtures.startRunning(manager)
        for (index, bpm) in [120.0, 140, 160].enumerated() {
            await manager.advance(by: .seconds(60))
            _ = try await manager.addSample(.heartRate, value: bpm, syncIdentifier: "\(syncPrefix)-\(index)", syncVersion: 1)
            _ = try await manager.addSample(.heartRate, value: bpm + 1, source: bridge)
            _ = try await manager.addSample(.distance, value: 300)
        }
        await manager.advance(by: .seconds(420))
        _ = await manager.perform(.end())
        return (store, directory, id)
    }

    static func heartRate(_ store: WorkoutStore, _ id: String) throws -> MetricStatistics? {
        try store.workout(matching: id).statistics.first { $0.type == .heartRate }
    }

    @Test func theUserDeletesAWorkoutAndTheFeedHasTombstones() async throws {
        let (store, directory, id) = try await Self.savedRun()
        defer { Fixtures.remove(directory) }
        let before = try store.changes(since: nil)
        let result = try await store.deleteWorkout(matching: String(id.prefix(6)), by: .user)
        #expect(result.workouts == [id])
        #expect(result.samples == 9)
        #expect(throws: WorkoutLookupError.notFound(id)) { try store.workout(matching: id) }
        #expect(try store.history().isEmpty)
        #expect(try store.samples(ofWorkout: id).isEmpty)
        #expect(try store.count("routePoint") == 0 && store.count("event") == 0)
        let after = try store.changes(since: before.anchor)
        #expect(after.added.isEmpty)
        #expect(after.deleted.filter { $0.kind == .sample }.count == 9)
        #expect(after.deleted.contains(DeletedObject(kind: .workout, id: id, workoutID: id)))
        // A reader from the start sees no trace of it but the tombstones.
        #expect(try store.changes(since: nil).added.isEmpty)
    }

    @Test func aClientDeletesOnlyWhatItWrote() async throws {
        let (store, directory, id) = try await Self.savedRun()
        defer { Fixtures.remove(directory) }
        // The workout was started by the user (no client source): hr-bridge may not delete it.
        await #expect(throws: StoreRefusal.self) { try await store.deleteWorkout(matching: id, by: .client("hr-bridge")) }
        #expect(try store.history().count == 1)

        let samples = try store.samples(ofWorkout: id)
        let own = samples.filter { $0.source?.name == "hr-bridge" }
        let users = try #require(samples.first { $0.source?.name != "hr-bridge" && $0.type == .heartRate })
        // One foreign sample in the request refuses all of it.
        do {
            _ = try await store.deleteSamples(ids: [own[0].id, users.id], by: .client("hr-bridge"))
            Issue.record("deleting another source's sample was allowed")
        } catch let refusal as StoreRefusal {
            #expect(refusal.reason == .notYours)
        }
        #expect(try store.samples(ofWorkout: id).count == samples.count)

        let result = try await store.deleteSamples(ids: own.map(\.id), by: .client("hr-bridge"))
        #expect(result.samples == 3)
        #expect(result.updatedWorkouts == [id])
        // Statistics are the user's three readings now: 120, 140, 160.
        let statistics = try #require(try Self.heartRate(store, id))
        #expect(statistics.count == 3)
        #expect(statistics.average == 140)
        #expect(statistics.maximum == 160)
    }

    @Test func deletingBySyncIdentifierAndUnknownIDsChangeNothing() async throws {
        let (store, directory, id) = try await Self.savedRun()
        defer { Fixtures.remove(directory) }
        do {
            _ = try await store.deleteSamples(ids: [999_999], syncIdentifiers: ["hr-0"], by: .user)
            Issue.record("an unknown id was accepted")
        } catch let refusal as StoreRefusal {
            #expect(refusal.reason == .notFound)
            #expect(refusal.message.contains("999999"))
        }
        #expect(try store.samples(ofWorkout: id).count == 9)
        let anchor = try store.changes(since: nil).anchor
        _ = try await store.deleteSamples(ids: [], syncIdentifiers: ["hr-0"], by: .user)
        let changes = try store.changes(since: anchor)
        #expect(changes.deleted.count == 1)
        // The workout is announced again with its new statistics.
        guard case .workout(let workout)? = changes.added.first else { Issue.record("workout not re-announced"); return }
        #expect(workout.id == id)
        #expect(try Self.heartRate(store, id)?.count == 5)
    }

    @Test func anActiveWorkoutIsNotDeletedHere() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let store = try WorkoutStore.open(path: directory + "/coach.sqlite")
        let manager = Fixtures.manager(journal: store, clock: ManualWorkoutClock(start: Fixtures.start))
        let id = await Fixtures.startRunning(manager)
        _ = try await manager.addSample(.heartRate, value: 100)
        do {
            _ = try await store.deleteWorkout(matching: id, by: .user)
            Issue.record("an active workout was deleted")
        } catch let refusal as StoreRefusal {
            #expect(refusal.reason == .active)
            #expect(refusal.message.contains("coach cancel"))
        }
        #expect(try store.activeWorkoutJournal() != nil)
    }

    @Test func amendingAddsReplacesAndRecomputes() async throws {
        let (store, directory, id) = try await Self.savedRun()
        defer { Fixtures.remove(directory) }
        let detail = try store.workout(matching: id)
        let start = try #require(detail.summary.startDate)
        let anchor = try store.changes(since: nil).anchor
        let water = try await store.amendWorkout(matching: id, with: [Amendment(type: .dietaryWater, value: 500)], by: .user)
        #expect(water.outcomes == ["added"])
        // A higher version of a recorded sample replaces it; a lower one is ignored.
        let replaced = try await store.amendWorkout(matching: id, with: [
            Amendment(type: .heartRate, value: 180, date: start.addingTimeInterval(60), syncIdentifier: "hr-0", syncVersion: 2),
            Amendment(type: .heartRate, value: 10, date: start.addingTimeInterval(60), syncIdentifier: "hr-1", syncVersion: 0),
        ], by: .user)
        #expect(replaced.outcomes == ["replaced", "ignoredOlderVersion"])
        let statistics = try store.workout(matching: id).statistics
        #expect(statistics.first { $0.type == .dietaryWater }?.sum == 500)
        #expect(statistics.first { $0.type == .heartRate }?.maximum == 180)
        #expect(statistics.first { $0.type == .heartRate }?.count == 6)
        #expect(statistics.first { $0.type == .distance }?.sum == 900)  // untouched
        let changes = try store.changes(since: anchor)
        #expect(changes.deleted.count == 1)
        #expect(changes.added.contains { if case .workout(let w) = $0 { w.id == id } else { false } })
        // Outside the workout: refused, nothing added.
        await #expect(throws: StoreRefusal.self) {
            try await store.amendWorkout(matching: id, with: [Amendment(type: .dietaryWater, value: 1, date: start.addingTimeInterval(-3600))],
                                         by: .user)
        }
        await #expect(throws: StoreRefusal.self) {
            try await store.amendWorkout(matching: id, with: [Amendment(type: .dietaryWater, value: 1)], by: .client("hr-bridge"))
        }
        #expect(try store.samples(ofWorkout: id).filter { $0.type == .dietaryWater }.count == 1)
    }

    @Test func syncIdentifiersAreUniqueStoreWide() async throws {
        let (store, directory, first) = try await Self.savedRun(syncPrefix: "hr")
        defer { Fixtures.remove(directory) }
        // A second workout on the same file sends "hr-0" again at version 1: the same object,
        // not replaced (equal version), never stored twice.
        let clock = ManualWorkoutClock(start: Fixtures.start + .seconds(7200))
        let manager = Fixtures.manager(journal: store, clock: clock)
        let second = await Fixtures.startRunning(manager)
        await manager.advance(by: .seconds(10))
        _ = try await manager.addSample(.heartRate, value: 99, syncIdentifier: "hr-0", syncVersion: 1)
        _ = try await manager.addSample(.heartRate, value: 101, syncIdentifier: "hr-1", syncVersion: 5)
        await manager.advance(by: .seconds(10))
        _ = await manager.perform(.end())
        let count = try store.count("sample", where: "syncIdentifier = 'hr-0'")
        #expect(count == 1)
        #expect(try store.samples(ofWorkout: first).first { $0.syncIdentifier == "hr-0" }?.value == 120)
        // "hr-1" at version 5 replaced the first workout's copy: it now lives in the second.
        #expect(try store.samples(ofWorkout: first).contains { $0.syncIdentifier == "hr-1" } == false)
        #expect(try store.samples(ofWorkout: second).first { $0.syncIdentifier == "hr-1" }?.value == 101)
        #expect(try Self.heartRate(store, first)?.count == 5)
        #expect(try store.database.integrityCheck() == ["ok"])
    }
}
