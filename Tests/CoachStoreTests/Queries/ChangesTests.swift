// The anchored change query across inserts and deletes: nil anchor gives everything, an anchor
// gives only what is newer, tombstones report deletions, and anchors only grow.

import CoachCore
@testable import CoachStore
import Foundation
import Testing

@Suite struct ChangesTests {
    private func addedSampleValues(_ changes: StoreChanges) -> [Double] {
        changes.added.compactMap { if case .sample(let sample) = $0 { return sample.value } else { return nil } }
    }

    private func addedWorkoutIDs(_ changes: StoreChanges) -> [String] {
        changes.added.compactMap { if case .workout(let workout) = $0 { return workout.id } else { return nil } }
    }

    @Test func emptyStoreHasNoChangesAndAnchorZero() throws {
        let store = try WorkoutStore.inMemory()
        let changes = try store.changes(since: nil)
        #expect(changes.added.isEmpty && changes.deleted.isEmpty)
        #expect(changes.anchor == 0)
    }

    @Test func anchorsReturnOnlyWhatIsNewer() async throws {
        let store = try WorkoutStore.inMemory()
        let clock = ManualWorkoutClock(start: Fixtures.start)
        let manager = Fixtures.manager(journal: store, clock: clock)
        let first = await Fixtures.startRunning(manager)
        _ = try await manager.addSample(.heartRate, value: 100)
        let initial = try store.changes(since: nil)
        #expect(addedSampleValues(initial) == [100])
        #expect(addedWorkoutIDs(initial).isEmpty)  // an active workout is not in the feed yet

        _ = try await manager.addSample(.heartRate, value: 110)
        await manager.advance(by: .seconds(30))
        _ = await manager.perform(.end())
        let next = try store.changes(since: initial.anchor)
        #expect(addedSampleValues(next) == [110])
        #expect(addedWorkoutIDs(next) == [first])
        #expect(next.deleted.isEmpty)
        #expect(next.anchor > initial.anchor)

        // Nothing new: same anchor back, nothing reported.
        let idle = try store.changes(since: next.anchor)
        #expect(idle.added.isEmpty && idle.deleted.isEmpty)
        #expect(idle.anchor == next.anchor)
    }

    @Test func discardedWorkoutLeavesTombstonesForItsSamples() async throws {
        let store = try WorkoutStore.inMemory()
        let manager = Fixtures.manager(journal: store, clock: ManualWorkoutClock(start: Fixtures.start))
        let id = await Fixtures.startRunning(manager)
        _ = try await manager.addSample(.heartRate, value: 100)
        _ = try await manager.addSample(.distance, value: 10)
        let before = try store.changes(since: nil)
        let sampleIDs = before.added.compactMap { if case .sample(let s) = $0 { return String(s.id) } else { return nil } }
        _ = await manager.perform(.cancel(confirmed: true))

        let after = try store.changes(since: before.anchor)
        #expect(after.added.isEmpty)
        #expect(Set(after.deleted.map(\.id)) == Set(sampleIDs))
        #expect(after.deleted.allSatisfy { $0.kind == .sample && $0.workoutID == id })

        // From scratch: no samples exist, the tombstones are still reported.
        let all = try store.changes(since: nil)
        #expect(all.added.isEmpty)
        #expect(all.deleted.count == 2)
    }

    @Test func addedThenDeletedAfterTheAnchorIsReportedOnlyAsDeleted() async throws {
        let store = try WorkoutStore.inMemory()
        let manager = Fixtures.manager(journal: store, clock: ManualWorkoutClock(start: Fixtures.start))
        await Fixtures.startRunning(manager)
        let anchor = try store.changes(since: nil).anchor
        _ = try await manager.addSample(.heartRate, value: 100)
        _ = await manager.perform(.cancel(confirmed: true))
        let changes = try store.changes(since: anchor)
        #expect(changes.added.isEmpty)
        #expect(changes.deleted.count == 1)
    }

    @Test func anchorsSurviveReopening() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let path = directory + "/coach.sqlite"
        var anchor = 0
        do {
            let store = try WorkoutStore.open(path: path)
            let manager = Fixtures.manager(journal: store, clock: ManualWorkoutClock(start: Fixtures.start))
            await Fixtures.startRunning(manager)
            _ = try await manager.addSample(.heartRate, value: 100)
            anchor = try store.changes(since: nil).anchor
        }
        let reopened = try WorkoutStore.open(path: path)
        #expect(try reopened.changes(since: anchor).added.isEmpty)
        #expect(try reopened.changes(since: anchor - 1).added.count == 1)
    }
}
