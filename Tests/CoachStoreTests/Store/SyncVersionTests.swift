// HealthKit's sync rules in the sample table: a higher version replaces, an equal or lower one is
// ignored, and there is never a duplicate — whether samples arrive live or with the saved workout.

import CoachCore
@testable import CoachStore
import Foundation
import Testing

@Suite struct SyncVersionTests {
    private let workoutID = "sync-workout"

    private func sample(_ value: Double, version: Int?, id: String? = "hr-1", second: Int64 = 0) -> QuantitySample {
        let at = Fixtures.start + .seconds(second)
        return QuantitySample(type: .heartRate, value: value, at: at, syncIdentifier: id, syncVersion: version)
    }

    private func entry(_ kind: JournalEntry.Kind) -> JournalWrite {
        .entry(JournalEntry(workoutID: workoutID, kind: kind, at: Fixtures.start))
    }

    private func prepared() -> JournalWrite { entry(.prepared(Fixtures.run, countdownSeconds: 0)) }

    @Test func higherVersionReplacesEqualOrLowerIsIgnored() async throws {
        let store = try WorkoutStore.inMemory()
        try await store.write([prepared(), entry(.sample(sample(100, version: 1)))])
        try await store.write([entry(.sample(sample(110, version: 2)))])
        try await store.write([entry(.sample(sample(999, version: 2)))])  // equal: ignored
        try await store.write([entry(.sample(sample(555, version: 1)))])  // lower: ignored

        let samples = try store.samples(ofWorkout: workoutID)
        #expect(samples.count == 1)
        #expect(samples.first?.value == 110)
        #expect(samples.first?.syncVersion == 2)
    }

    @Test func replacementIsADeleteAndAnAddInTheFeed() async throws {
        let store = try WorkoutStore.inMemory()
        try await store.write([prepared(), entry(.sample(sample(100, version: 1)))])
        let before = try store.changes(since: nil)
        let oldID = try #require(try store.samples(ofWorkout: workoutID).first?.id)
        try await store.write([entry(.sample(sample(110, version: 2)))])
        let after = try store.changes(since: before.anchor)
        #expect(after.deleted == [DeletedObject(kind: .sample, id: String(oldID), workoutID: workoutID)])
        #expect(after.added.count == 1)
        guard case .sample(let added) = after.added.first else { Issue.record("expected a sample"); return }
        #expect(added.value == 110)
        #expect(added.id != oldID)
    }

    @Test func samplesWithoutIdentifierAreNeverMerged() async throws {
        let store = try WorkoutStore.inMemory()
        try await store.write([prepared(), entry(.sample(sample(100, version: nil, id: nil))),
                               entry(.sample(sample(100, version: nil, id: nil)))])
        #expect(try store.samples(ofWorkout: workoutID).count == 2)
    }

    @Test func savingReconcilesWithoutDuplicatingLiveSamples() async throws {
        let store = try WorkoutStore.inMemory()
        let live = [sample(100, version: 1), sample(120, version: nil, id: nil, second: 1),
                    sample(120, version: nil, id: nil, second: 1)]
        try await store.write([prepared()] + live.map { entry(.sample($0)) })
        let anchor = try store.changes(since: nil).anchor
        // The finished workout carries a newer version of hr-1 and the same two plain samples.
        let finished = FinishedWorkout(
            workoutID: workoutID, configuration: Fixtures.run, start: Fixtures.start, end: Fixtures.start + .seconds(60),
            elapsed: 60, events: [], samples: [sample(105, version: 3), live[1], live[2]],
            statistics: [:], goalReached: false)
        try await store.write([.save(finished)])

        let stored = try store.samples(ofWorkout: workoutID)
        #expect(stored.count == 3)
        #expect(stored.filter { $0.syncIdentifier == "hr-1" }.map(\.value) == [105])
        let changes = try store.changes(since: anchor)
        // Only hr-1 was replaced; the workout itself is added.
        #expect(changes.deleted.count == 1)
        #expect(changes.added.count == 2)
    }

    @Test func managerAndStoreAgreeOnReplacement() async throws {
        let store = try WorkoutStore.inMemory()
        let manager = Fixtures.manager(journal: store, clock: ManualWorkoutClock(start: Fixtures.start))
        let id = await Fixtures.startRunning(manager)
        #expect(try await manager.addSample(.heartRate, value: 90, syncIdentifier: "s", syncVersion: 1) == .added)
        #expect(try await manager.addSample(.heartRate, value: 95, syncIdentifier: "s", syncVersion: 2) == .replaced)
        #expect(try await manager.addSample(.heartRate, value: 80, syncIdentifier: "s", syncVersion: 2) == .ignoredOlderVersion)
        #expect(try store.samples(ofWorkout: id).map(\.value) == [95])
    }
}
