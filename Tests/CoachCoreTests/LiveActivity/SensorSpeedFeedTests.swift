// The feed with speed sensors (issue 33, item 1): a wheel sensor's current speed is the ride's
// speed and a foot pod's the run's pace while fresh; the ended summary shows their averages; the
// distance shown is the sensor's, not the route's.

import CoachCore
import Testing

@Suite("Feed with speed sensors")
struct SensorSpeedFeedTests {
    func snapshot(_ activity: ActivityType, _ type: QuantityType, _ values: [Double], state: SessionState = .running) -> WorkoutSnapshot {
        var speed = QuantityStatistics(type: type)
        for (index, value) in values.enumerated() { speed.add(QuantitySample(type: type, value: value, at: at(Double(index + 1)))) }
        var distance = QuantityStatistics(type: .distance)
        distance.add(QuantitySample(type: .distance, value: 500, at: at(Double(values.count))))
        return WorkoutSnapshot(workoutID: "w", state: state, activity: activity, location: .indoor, startDate: at(0).date,
                               endDate: state == .ended ? at(100).date : nil, elapsed: 100,
                               statistics: [type: speed, .distance: distance], distanceSource: .sensor, at: at(Double(values.count)))
    }

    func value(_ kind: FeedMetricKind, _ snapshot: WorkoutSnapshot, at seconds: Double) -> Double? {
        var live = LiveActivity()
        live.apply(snapshot)
        return live.content(at: at(seconds)).state.metric(kind)?.value
    }

    @Test func aWheelSensorsSpeedIsTheRidesSpeedWhileFresh() {
        let ride = snapshot(.cycling, .cyclingSpeed, [8, 8.42])
        #expect(abs((value(.speed, ride, at: 3) ?? 0) - 8.42 * 3.6) < 1e-9)
        #expect(value(.distance, ride, at: 3) == 500)
        // The wheel goes quiet while the strap keeps sending: distance over elapsed time stands in.
        var quiet = ride
        var heart = QuantityStatistics(type: .heartRate)
        heart.add(QuantitySample(type: .heartRate, value: 140, at: at(41)))
        quiet.statistics[.heartRate] = heart
        quiet.at = at(41)
        #expect(abs((value(.speed, quiet, at: 42) ?? 0) - 0.5 / (101.0 / 3600)) < 1e-6, "500 m in 101 s")
        let ended = snapshot(.cycling, .cyclingSpeed, [8, 9], state: .ended)
        #expect(abs((value(.speed, ended, at: 200) ?? 0) - 8.5 * 3.6) < 1e-9, "the average in the summary")
    }

    @Test func aFootPodsSpeedIsTheRunsPaceAndAnOtherActivityGetsASpeed() {
        let run = snapshot(.running, .runningSpeed, [3.2, 3.125])
        #expect(abs((value(.pace, run, at: 3) ?? 0) - 320) < 1e-9, "3.125 m/s is 5:20 /km")
        let standing = snapshot(.running, .runningSpeed, [0.1])
        #expect(value(.pace, standing, at: 2) == nil, "standing has no pace")
        // An activity without a rate of its own shows the sensor's speed.
        let other = snapshot(.mixedCardio, .cyclingSpeed, [5])
        #expect(value(.speed, other, at: 2) == 18)
    }
}
