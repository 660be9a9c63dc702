// Route distance and sensor distance never both count (issue 33, item 1): a sensor's distance
// wins over a client's plain distance, which wins over the route; `distanceSource` says which.

import CoachCore
import Testing

@Suite("Distance precedence")
struct DistancePrecedenceTests {
    func builderWithRoute() -> WorkoutBuilder {
        var builder = WorkoutBuilder(goal: .distance(meters: 1000))
        builder.beginCollection(at: at(0))
        // Three fixes 0.001° of latitude apart: about 111 m each.
        for (index, latitude) in [51.0, 51.001, 51.002].enumerated() {
            _ = builder.add(LocationSample(latitude: latitude, longitude: 0, at: at(Double(index))))
        }
        return builder
    }

    @Test func theRouteCountsWhenNothingMeasuredDistance() {
        let builder = builderWithRoute()
        #expect(builder.distanceSource == .route)
        #expect(abs(builder.total(.distance) - 222.4) < 0.5)
        #expect(builder.statisticsIncludingRoute[.distance]?.count == 3)
    }

    @Test func aSensorsDistanceWinsOverTheRouteAndPlainDistance() {
        var builder = builderWithRoute()
        _ = builder.add(QuantitySample(type: .distance, value: 50, at: at(2)))
        #expect(builder.distanceSource == .samples)
        #expect(builder.total(.distance) == 50)
        _ = builder.add(QuantitySample(type: .distanceCycling, value: 300, at: at(2)))
        _ = builder.add(QuantitySample(type: .distanceWalkingRunning, value: 20, at: at(3)))
        #expect(builder.distanceSource == .sensor)
        #expect(builder.total(.distance) == 320)
        let reported = builder.statisticsIncludingRoute
        #expect(reported[.distance]?.sum == 320)
        #expect(reported[.distance]?.count == 2)
        #expect(reported[.distanceCycling]?.sum == 300, "each kind keeps its own statistics too")
        // Goal progress follows the distance that counts: 320 of 1000 m.
        #expect(builder.goalProgress(at: at(3).monotonic) == 0.32)
    }

    @Test func anIndoorRideHasSensorDistanceWithoutARoute() {
        var builder = WorkoutBuilder()
        builder.beginCollection(at: at(0))
        for second in 1...10 { _ = builder.add(QuantitySample(type: .distanceCycling, value: 8.42, at: at(Double(second)))) }
        #expect(builder.route.isEmpty)
        #expect(builder.distanceSource == .sensor)
        #expect(abs(builder.total(.distance) - 84.2) < 1e-9)
    }

    @Test func speedAndSensorDistanceTypesHaveUnitsAndNames() throws {
        #expect(QuantityType(name: "cyclingSpeed") == .cyclingSpeed)
        #expect(QuantityType(name: "distance_walking_running") == .distanceWalkingRunning)
        #expect(try QuantityType.cyclingSpeed.canonicalValue(36, unit: "km/h") == 10)
        #expect(try QuantityType.distanceCycling.canonicalValue(2, unit: "km") == 2000)
        #expect(QuantityType.distanceCycling.isCumulative && !QuantityType.runningSpeed.isCumulative)
        #expect(throws: UnitError.self) { try QuantityType.runningSpeed.canonicalValue(1, unit: "kcal") }
    }
}
