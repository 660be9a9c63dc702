// Routes in the store: location samples written live with the journal, replayed after a crash,
// kept with the saved workout, deleted with a discarded one; the route's distance in history.

import CoachCore
@testable import CoachStore
import Foundation
import Testing

@Suite struct RouteStoreTests {
    @Test func routeSurvivesACrashAndIsSavedWithTheWorkout() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let path = directory + "/coach.sqlite"
        let clock = ManualWorkoutClock(start: Fixtures.start)
        do {
            let store = try WorkoutStore.open(path: path)
            let manager = Fixtures.manager(journal: store, clock: clock, id: "route-1")
            await Fixtures.startRunning(manager)
            for index in 0..<5 {
                await manager.advance(by: .seconds(1))
                #expect(try await manager.addLocation(latitude: 51.5 + Double(index) * 0.001, longitude: -0.12,
                                                      altitude: 10, horizontalAccuracy: 4) == .added)
            }
            await expectThrows { _ = try await manager.addLocation(latitude: 0, longitude: 200) }
            #expect(try store.count("routePoint") == 5)
            // The store is dropped without closing: the process "crashed".
        }
        let reopened = try WorkoutStore.open(path: path)
        let entries = try #require(try reopened.activeWorkoutJournal())
        #expect(entries.count { if case .location = $0.kind { true } else { false } } == 5)
        let manager = Fixtures.manager(journal: reopened, clock: clock, id: "route-1")
        let recovered = await manager.recover(from: entries)
        let leg = Geodesy.distance(latitude1: 51.5, longitude1: -0.12, latitude2: 51.501, longitude2: -0.12)
        #expect(abs((recovered.statistics[.distance]?.sum ?? 0) - 4 * leg) < 1e-3)
        _ = await manager.perform(.end())
        let route = try reopened.route(ofWorkout: "route-1")
        #expect(route.count == 5)
        #expect(route.first?.horizontalAccuracy == 4)
        #expect(route.last?.latitude == 51.504)
        let summary = try #require(try reopened.history().first)
        #expect(abs((summary.totalDistance ?? 0) - 4 * leg) < 1e-3)
        #expect(try reopened.database.appliedMigrations().contains("v2 create routePoint (location samples, HKWorkoutRoute)"))
    }

    @Test func aCancelledWorkoutLeavesNoRoute() async throws {
        let store = try WorkoutStore.inMemory()
        let manager = Fixtures.manager(journal: store, clock: ManualWorkoutClock(start: Fixtures.start))
        await Fixtures.startRunning(manager)
        _ = try await manager.addLocation(latitude: 1, longitude: 1)
        #expect(try store.count("routePoint") == 1)
        _ = await manager.perform(.cancel(confirmed: true))
        #expect(try store.count("routePoint") == 0)
    }

    private func expectThrows(_ body: () async throws -> Void) async {
        do { try await body(); Issue.record("expected an error") } catch {}
    }
}
