// Sources and permissions in the store: a sample's source survives the journal (recovery), the
// save (reconcile) and a reopen; a workout keeps who started it; decisions and the policy are
// stored and read back; per-source tallies; read scopes narrow history, show and changes.

import CoachCore
@testable import CoachStore
import Foundation
import Testing

@Suite struct SourcesAndPermissionsStoreTests {
    let bridge = SampleSource(name: "hr-bridge", version: "1.2", device: SampleDevice(name: "Polar H10 A1B2", model: "H10"))

    @Test func sourcesSurviveTheJournalTheSaveAndAReopen() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let path = directory + "/coach.sqlite"
        let clock = ManualWorkoutClock(start: Fixtures.start)
        let store = try WorkoutStore.open(path: path)
        let manager = Fixtures.manager(journal: store, clock: clock)
        var intent = Fixtures.run
        intent.source = SampleSource(name: "coach", version: "0.1.0")
        let id = await Fixtures.startRunning(manager, intent)
        _ = try await manager.addSample(.heartRate, value: 130, source: bridge)
        _ = try await manager.addSample(.heartRate, value: 131)
        // Recovery reads the journal's sample columns: the source is there.
        let journal = try store.activeWorkoutJournal() ?? []
        let journaled = journal.compactMap { entry -> QuantitySample? in
            if case .sample(let sample) = entry.kind { return sample }
            return nil
        }
        #expect(journaled.map(\.source) == [bridge, nil])
        await manager.advance(by: .seconds(10))
        _ = await manager.perform(.end(activity: nil, saveShort: true))
        await manager.shutdown()

        let reopened = try WorkoutStore.open(path: path, readOnly: true)
        let samples = try reopened.samples(ofWorkout: id)
        #expect(samples.map(\.source) == [bridge, nil])
        let detail = try reopened.workout(matching: id)
        #expect(detail.summary.source?.name == "coach")
        #expect(Set(detail.sources.map(\.source)) == [bridge, nil])
        #expect(try reopened.history(source: "coach").map(\.id) == [id])
        #expect(try reopened.history(source: "hr-bridge").isEmpty)
        let tallies = try reopened.permissions.sourceTallies()
        #expect(tallies.first { $0.name == "hr-bridge" }?.samples == 1)
        #expect(tallies.first { $0.name == "coach" }?.workouts == 1)
        #expect(WorkoutFormatter.showText(detail, wording: .history).contains("hr-bridge 1.2 (Polar H10 A1B2, model H10): 1 heartRate"))
    }

    @Test func decisionsAndThePolicyAreStoredAndReadBack() throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let path = directory + "/coach.sqlite"
        let store = try WorkoutStore.open(path: path)
        #expect(try store.permissions.unnamedClientPolicy() == .trusted)
        var book = PermissionBook()
        try store.permissions.save(book.set("hr-bridge", .share, [.quantity(.heartRate)], to: .allowed)
                                  + book.set("hr-bridge", .read, [.workouts], to: .denied))
        try store.permissions.setUnnamedClientPolicy(.ask)
        try store.permissions.save(book.set("hr-bridge", .share, [.quantity(.heartRate)], to: .denied))
        let reopened = try WorkoutStore.open(path: path)
        #expect(PermissionBook(try reopened.permissions.entries()) == book)
        #expect(try reopened.permissions.unnamedClientPolicy() == .ask)
        try reopened.permissions.save(book.reset("hr-bridge"))
        #expect(try reopened.permissions.entries().isEmpty)
    }

    @Test func aNarrowScopeHidesOtherSourcesSamplesAndTheirTotals() async throws {
        let store = try WorkoutStore.inMemory()
        let clock = ManualWorkoutClock(start: Fixtures.start)
        let manager = Fixtures.manager(journal: store, clock: clock)
        let id = await Fixtures.startRunning(manager)
        _ = try await manager.addSample(.heartRate, value: 120, source: bridge)
        _ = try await manager.addSample(.heartRate, value: 180, source: SampleSource(name: "coach"))
        _ = try await manager.addSample(.distance, value: 500, source: SampleSource(name: "coach"))
        await manager.advance(by: .seconds(10))
        _ = await manager.perform(.end(activity: nil, saveShort: true))
        await manager.shutdown()

        let narrow = ReadScope(readableTypes: [.workouts], ownSource: "hr-bridge")
        let detail = try store.workout(matching: id, scope: narrow)
        #expect(detail.sampleCount == 1)
        #expect(detail.statistics.map(\.type) == [.heartRate])
        #expect(detail.statistics.first?.maximum == 120)
        #expect(detail.summary.totalDistance == nil)
        let changes = try store.changes(since: nil, scope: narrow)
        let values = changes.added.compactMap { object -> Double? in
            if case .sample(let sample) = object { return sample.value }
            return nil
        }
        #expect(values == [120])
        // Without workouts readable, the workout is as absent as one that never was.
        let blind = ReadScope(readableTypes: [], ownSource: "hr-bridge")
        #expect(try store.history(scope: blind).isEmpty)
        #expect(throws: WorkoutLookupError.self) { _ = try store.workout(matching: id, scope: blind) }
        #expect(try store.workout(matching: id).sampleCount == 3)
    }
}
