// WorkoutBuilder: elapsed time without pauses, statistics and goals against hand-computed values.

import CoachCore
import Testing

@Suite("WorkoutBuilder")
struct WorkoutBuilderTests {
    @Test func elapsedExcludesPausedIntervals() {
        var builder = WorkoutBuilder()
        builder.beginCollection(at: at(10))
        builder.pause(at: at(70))        // 60 s running
        builder.resume(at: at(100))      // 30 s paused
        #expect(builder.elapsed(at: at(130).monotonic) == .seconds(90))
        builder.endCollection(at: at(160))
        #expect(builder.elapsed(at: at(999).monotonic) == .seconds(120))
    }

    @Test func statisticsWithAPauseInTheMiddle() {
        var builder = WorkoutBuilder()
        builder.beginCollection(at: at(0))
        for (t, hr) in [(1.0, 100.0), (2, 120), (3, 140)] {
            _ = builder.add(QuantitySample(type: .heartRate, value: hr, at: at(t)))
        }
        _ = builder.add(QuantitySample(type: .distance, value: 400, at: at(3)))
        builder.pause(at: at(4))
        let step1 = builder.add(QuantitySample(type: .heartRate, value: 90, at: at(5)))
        #expect(step1 == .rejected(.notCollecting))
        builder.resume(at: at(6))
        _ = builder.add(QuantitySample(type: .heartRate, value: 160, at: at(7)))
        _ = builder.add(QuantitySample(type: .distance, value: 600, at: at(7)))

        let hr = builder.statistics[.heartRate]!
        #expect(hr.count == 4)
        #expect(hr.average == 130)        // (100 + 120 + 140 + 160) / 4
        #expect(hr.minimum == 100)
        #expect(hr.maximum == 160)
        #expect(hr.mostRecent == 160)
        #expect(hr.sum == nil)
        let distance = builder.statistics[.distance]!
        #expect(distance.sum == 1000)
        #expect(distance.mostRecent == 600)
        #expect(distance.average == nil)
    }

    @Test func syncVersionReplacesOnlyWhenHigher() {
        var builder = WorkoutBuilder()
        builder.beginCollection(at: at(0))
        let step2 = builder.add(QuantitySample(type: .distance, value: 100, at: at(1), syncIdentifier: "km1", syncVersion: 1))
        #expect(step2 == .added)
        let step3 = builder.add(QuantitySample(type: .distance, value: 999, at: at(2), syncIdentifier: "km1", syncVersion: 1))
        #expect(step3 == .ignoredOlderVersion)
        let step4 = builder.add(QuantitySample(type: .distance, value: 150, at: at(3), syncIdentifier: "km1", syncVersion: 2))
        #expect(step4 == .replaced)
        let step5 = builder.add(QuantitySample(type: .distance, value: 120, at: at(4), syncIdentifier: "km1", syncVersion: 1))
        #expect(step5 == .ignoredOlderVersion)
        #expect(builder.samples.count == 1)
        #expect(builder.total(.distance) == 150)
    }

    @Test(arguments: [Double.nan, .infinity, -1, 400])
    func implausibleHeartRatesAreRejected(value: Double) {
        var builder = WorkoutBuilder()
        builder.beginCollection(at: at(0))
        let step6 = builder.add(QuantitySample(type: .heartRate, value: value, at: at(1)))
        #expect(step6 == .rejected(.implausibleValue))
        #expect(builder.statistics.isEmpty)
    }

    @Test func timeGoalProgressCountsOnlyRunningTime() {
        var builder = WorkoutBuilder(goal: .time(seconds: 600))
        builder.beginCollection(at: at(0))
        builder.pause(at: at(150))
        builder.resume(at: at(450))
        // 150 s before the pause + 150 s after = 300 of 600.
        #expect(builder.goalProgress(at: at(600).monotonic) == 0.5)
        #expect(builder.goalDeadline(at: at(600).monotonic) == at(900).monotonic)
        let step7 = builder.checkGoal(at: at(899))
        #expect(step7 == false)
        let step8 = builder.checkGoal(at: at(905))
        #expect(step8 == true)
        #expect(builder.goalReachedAt?.monotonic == at(900).monotonic)
        let step9 = builder.checkGoal(at: at(1000))
        #expect(step9 == false, "the goal is reported once")
    }

    @Test func distanceAndEnergyGoals() {
        var distance = WorkoutBuilder(goal: .distance(meters: 5000))
        distance.beginCollection(at: at(0))
        _ = distance.add(QuantitySample(type: .distance, value: 1250, at: at(1)))
        #expect(distance.goalProgress(at: at(1).monotonic) == 0.25)
        _ = distance.add(QuantitySample(type: .distance, value: 4000, at: at(2)))
        #expect(distance.goalProgress(at: at(2).monotonic) == 1)
        let step10 = distance.checkGoal(at: at(2))
        #expect(step10)

        var energy = WorkoutBuilder(goal: .energy(kilocalories: 400))
        energy.beginCollection(at: at(0))
        _ = energy.add(QuantitySample(type: .activeEnergy, value: 100, at: at(1)))
        #expect(energy.goalProgress(at: at(1).monotonic) == 0.25)
        #expect(WorkoutBuilder().goalProgress(at: at(1).monotonic) == nil)
    }

    @Test func unitsConvertToCanonical() throws {
        #expect(try QuantityType.distance.canonicalValue(1.5, unit: "km") == 1500)
        #expect(try QuantityType.distance.canonicalValue(1, unit: "mi") == 1609.344)
        #expect(abs(try QuantityType.activeEnergy.canonicalValue(418.4, unit: "kJ") - 100) < 1e-9)
        #expect(try QuantityType.heartRate.canonicalValue(120, unit: nil) == 120)
        #expect(throws: UnitError.self) { try QuantityType.heartRate.canonicalValue(120, unit: "km") }
    }
}
