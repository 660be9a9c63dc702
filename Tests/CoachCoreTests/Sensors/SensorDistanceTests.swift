// Speed and distance from sensors (issue 33, item 1): wheel revolutions × circumference (2 105 mm
// unless configured), a foot pod's total distance, and the samples per sensor and second.

import CoachCore
import Testing

@Suite("Sensor speed and distance")
struct SensorDistanceTests {
    /// A CSC value with wheel data only: revolutions and the event time in 1/1024 s.
    func wheel(_ revolutions: UInt32, seconds: Double) -> SensorReading {
        .cyclingSpeedAndCadence(CSCMeasurement(wheel: RevolutionData(revolutions: revolutions, eventTime: UInt16(seconds * 1024))))
    }

    @Test func wheelRevolutionsTimesTheDefaultCircumference() {
        var stream = SensorStream()
        #expect(SensorStream.defaultWheelCircumference == 2.105)
        let first = stream.metrics(for: wheel(100, seconds: 1))
        #expect(first.distance == nil, "the first value is only a baseline")
        #expect(first.motion == .cycling)
        let second = stream.metrics(for: wheel(104, seconds: 2))
        // 4 revolutions in 1 s: 4 × 2.105 m = 8.42 m, at 8.42 m/s.
        #expect(abs((second.distance ?? 0) - 8.42) < 1e-9)
        #expect(abs((second.speed ?? 0) - 8.42) < 1e-9)
        #expect(second.samples.map(\.0) == [.cyclingSpeed])
    }

    @Test func aConfiguredCircumferenceAndACounterThatWraps() {
        var stream = SensorStream(wheelCircumference: 2.0)
        _ = stream.metrics(for: wheel(UInt32.max - 1, seconds: 1))
        let wrapped = stream.metrics(for: wheel(2, seconds: 2))      // 4 revolutions across the wrap
        #expect(wrapped.distance == 8)
        let restarted = stream.metrics(for: wheel(5_000, seconds: 3)) // a jump of 4 998: a restart
        #expect(restarted.distance == nil)
        let after = stream.metrics(for: wheel(5_003, seconds: 4))
        #expect(after.distance == 6)
    }

    @Test func aFootPodsTotalDistanceBecomesSteps() {
        var stream = SensorStream()
        func pod(_ total: Double?) -> SensorMetrics {
            stream.metrics(for: .runningSpeedAndCadence(RSCMeasurement(speed: 3, cadence: 170, totalDistance: total, isRunning: true)))
        }
        #expect(pod(1000).distance == nil)
        #expect(pod(1003.5).distance == 3.5)
        #expect(pod(1006.5).motion == .running)
        #expect(pod(10).distance == nil, "a smaller total: the pod restarted")
        #expect(pod(12).distance == 2)
        #expect(pod(nil).distance == nil, "a pod without total distance gives speed only")
        #expect(pod(nil).samples.map(\.0) == [.cadence, .runningSpeed])
    }

    @Test func samplesPerSensorAndSecondLatestReadingAndSummedDistance() {
        var sampler = SensorSampler()
        let a = "D0:11:22:33:44:55"
        let first = sampler.samples(address: a, metrics: SensorMetrics(speed: 8, distance: 4, motion: .cycling), second: 100)
        #expect(first == [
            SensorSample(type: .cyclingSpeed, value: 8, syncIdentifier: "ble:\(a):cyclingSpeed:100", syncVersion: 1),
            SensorSample(type: .distanceCycling, value: 4, syncIdentifier: "ble:\(a):distanceCycling:100", syncVersion: 1),
        ])
        // A second value in the same second: the speed is replaced, the distance is the sum.
        let second = sampler.samples(address: a, metrics: SensorMetrics(speed: 9, distance: 4.5, motion: .cycling), second: 100)
        #expect(second.map(\.value) == [9, 8.5])
        #expect(second.map(\.syncVersion) == [2, 2])
        let next = sampler.samples(address: a, metrics: SensorMetrics(speed: 9, distance: 4.5, motion: .cycling), second: 101)
        #expect(next.map(\.value) == [9, 4.5])
        #expect(next.map(\.syncVersion) == [1, 1])
        // A standing wheel (0 m) adds no distance sample.
        #expect(sampler.samples(address: a, metrics: SensorMetrics(speed: 0, distance: 0, motion: .cycling), second: 102).map(\.type) == [.cyclingSpeed])
    }

    @Test func aSpeedRoleKeepsSpeedAndDistanceAndAPowerRoleDoesNot() {
        let metrics = SensorMetrics(cadence: 90, power: 250, speed: 9, distance: 9, motion: .cycling)
        let speed = SensorRole.speed.filter(metrics)
        #expect(speed.speed == 9 && speed.distance == 9 && speed.motion == .cycling && speed.power == nil)
        let power = SensorRole.power.filter(metrics)
        #expect(power.power == 250 && power.speed == nil && power.distance == nil)
    }
}
