// Location samples in the builder: validation, distance from the route (haversine), legs broken by
// pauses, and a sensor's distance winning over the route's.

import CoachCore
import Foundation
import Testing

@Suite struct RouteTests {
    private func point(_ latitude: Double, _ longitude: Double, _ second: Double) -> LocationSample {
        LocationSample(latitude: latitude, longitude: longitude, at: at(second))
    }

    @Test func haversineMatchesKnownDistances() {
        // One degree of latitude on the mean sphere: 2πR/360.
        let degree = Geodesy.distance(latitude1: 0, longitude1: 0, latitude2: 1, longitude2: 0)
        #expect(abs(degree - 2 * Double.pi * Geodesy.earthRadius / 360) < 1e-6)
        // London → Paris (Big Ben → Eiffel Tower) is about 340.5 km on the sphere.
        let london = Geodesy.distance(latitude1: 51.5007, longitude1: -0.1246, latitude2: 48.8584, longitude2: 2.2945)
        #expect(abs(london - 340_500) < 1_500)
        #expect(Geodesy.distance(latitude1: 10, longitude1: 20, latitude2: 10, longitude2: 20) == 0)
    }

    @Test func impossibleCoordinatesAreRefusedWithTheirReason() {
        #expect(LocationSample.problem(latitude: 90.0001, longitude: 0, altitude: nil, horizontalAccuracy: nil)?.field == "latitude")
        #expect(LocationSample.problem(latitude: 0, longitude: -180.5, altitude: nil, horizontalAccuracy: nil)?.field == "longitude")
        #expect(LocationSample.problem(latitude: .nan, longitude: 0, altitude: nil, horizontalAccuracy: nil)?.field == "latitude")
        #expect(LocationSample.problem(latitude: 0, longitude: .infinity, altitude: nil, horizontalAccuracy: nil) != nil)
        #expect(LocationSample.problem(latitude: 0, longitude: 0, altitude: 20_000, horizontalAccuracy: nil)?.field == "altitude")
        #expect(LocationSample.problem(latitude: 0, longitude: 0, altitude: nil, horizontalAccuracy: -1)?.field == "horizontalAccuracy")
        #expect(LocationSample.problem(latitude: -90, longitude: 180, altitude: -400, horizontalAccuracy: 0) == nil)
        var builder = WorkoutBuilder()
        builder.beginCollection(at: at(0))
        #expect(builder.add(point(95, 0, 1)) == .rejected(.implausibleValue))
        #expect(builder.route.isEmpty)
    }

    @Test func distanceComesFromTheRouteAndPausesBreakIt() {
        var builder = WorkoutBuilder(goal: .distance(meters: 250))
        #expect(builder.add(point(0, 0, 0)) == .rejected(.notCollecting))
        builder.beginCollection(at: at(0))
        #expect(builder.add(point(0, 0, 1)) == .added)
        #expect(builder.add(point(0.001, 0, 2)) == .added)
        let leg = Geodesy.distance(latitude1: 0, longitude1: 0, latitude2: 0.001, longitude2: 0)
        #expect(abs(builder.total(.distance) - leg) < 1e-9)
        builder.pause(at: at(3))
        #expect(builder.add(point(0.5, 0, 4)) == .rejected(.notCollecting))
        builder.resume(at: at(5))
        // The jump across the pause (from 0.001 to 0.01) does not count; the leg after it does.
        #expect(builder.add(point(0.01, 0, 6)) == .added)
        #expect(builder.add(point(0.011, 0, 7)) == .added)
        #expect(abs(builder.total(.distance) - 2 * leg) < 1e-6)
        #expect(builder.route.count == 4)
        let derived = builder.statisticsIncludingRoute[.distance]
        #expect(derived?.count == 4)
        #expect(abs((derived?.sum ?? 0) - 2 * leg) < 1e-6)
        #expect(builder.goalProgress(at: at(8).monotonic).map { abs($0 - 2 * leg / 250) < 1e-9 } == true)
    }

    @Test func aDistanceSensorWinsOverTheRoute() {
        var builder = WorkoutBuilder()
        builder.beginCollection(at: at(0))
        _ = builder.add(point(0, 0, 1))
        _ = builder.add(point(0.01, 0, 2))
        _ = builder.add(QuantitySample(type: .distance, value: 42, at: at(2)))
        #expect(builder.total(.distance) == 42)
        #expect(builder.statisticsIncludingRoute[.distance]?.sum == 42)
    }

    @Test func theRouteIsJournaledAndReplayed() {
        var driver = EngineDriver(countdown: .zero)
        driver.perform(.start(run))
        var engine = driver.engine
        let (outcome, actions) = engine.add(point(51.5, -0.12, 1), at: at(1))
        #expect(outcome == .added)
        let entries = actions.compactMap { action -> JournalEntry? in
            if case .journal(let entry) = action { return entry } else { return nil }
        }
        #expect(entries.count == 1)
        guard case .location(let location)? = entries.first?.kind else { Issue.record("no location entry"); return }
        #expect(location.latitude == 51.5)
    }
}
