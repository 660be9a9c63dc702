// CSC Measurement (0x2A5B): the layout for each flag combination, and speed and cadence across
// successive values with every kind of rollover.

import CoachCore
import Testing

@Suite("GATT CSC Measurement")
struct CSCMeasurementTests {
    @Test func everyFlagCombinationMatchesTheLayout() throws {
        var random = SplitMix(seed: 0x2A5B)
        for flags in 0..<4 {
            var layout = LayoutBuilder()
            layout.u8(flags)
            let wheelRevs = UInt32.random(in: 0...UInt32.max, using: &random)
            let wheelTime = Int.random(in: 0...0xFFFF, using: &random)
            let crankRevs = Int.random(in: 0...0xFFFF, using: &random)
            let crankTime = Int.random(in: 0...0xFFFF, using: &random)
            if flags & 1 != 0 { layout.u32(wheelRevs); layout.u16(wheelTime) }
            if flags & 2 != 0 { layout.u16(crankRevs); layout.u16(crankTime) }
            let decoded = try CSCMeasurement(decoding: layout.bytes)
            #expect(decoded.wheel == (flags & 1 != 0 ? RevolutionData(revolutions: wheelRevs, eventTime: UInt16(wheelTime)) : nil))
            #expect(decoded.crank == (flags & 2 != 0 ? RevolutionData(revolutions: UInt32(crankRevs), eventTime: UInt16(crankTime)) : nil))
            for length in 0..<layout.bytes.count {
                do {
                    _ = try CSCMeasurement(decoding: Array(layout.bytes.prefix(length)))
                    Issue.record("flags \(flags): a \(length)-byte cut decoded")
                } catch {
                    #expect(error.offset == layout.expectedErrorOffset(truncatedTo: length), "flags \(flags) length \(length)")
                }
            }
            #expect(throws: GATTDecodeError.self) { try CSCMeasurement(decoding: layout.bytes + [0, 0]) }
        }
    }

    /// A bike at a steady speed and cadence, sampled once a second, over many counter wraps.
    @Test func steadyRideAcrossEveryRollover() {
        var rates = WheelAndCrankRates(wheelCircumference: 2.0)
        // Wheel 4 rev/s (8 m/s) starting near the 32-bit limit; crank 1.5 rev/s (90 rpm) near the 16-bit limit.
        var wheelRevs: UInt32 = UInt32.max - 10
        var crankRevs: UInt16 = 0xFFFF - 3
        var wheelTime: UInt16 = 0xFFFF - 1000
        var crankTime: UInt16 = 0xFFFF - 500
        var results: [(Double?, Double?)] = []
        for second in 0..<200 {
            if second > 0 {
                wheelRevs &+= 4; wheelTime &+= 1024
                if second.isMultiple(of: 2) { crankRevs &+= 3; crankTime &+= 2048 }
            }
            let measurement = CSCMeasurement(wheel: RevolutionData(revolutions: wheelRevs, eventTime: wheelTime),
                                             crank: RevolutionData(revolutions: UInt32(crankRevs), eventTime: crankTime))
            results.append(rates.update(measurement))
        }
        #expect(results[0].0 == nil && results[0].1 == nil)
        for (second, (speed, cadence)) in results.enumerated().dropFirst(2) {
            #expect(speed.map { abs($0 - 8) < 1e-9 } == true, "second \(second): \(String(describing: speed))")
            #expect(cadence.map { abs($0 - 90) < 1e-9 } == true, "second \(second): \(String(describing: cadence))")
        }
    }

    @Test func repeatedValuesHoldTheRateThenReadZero() {
        var rate = RevolutionRate(revolutionBits: 16, maximumRate: 5)
        _ = rate.update(RevolutionData(revolutions: 10, eventTime: 0))
        #expect(rate.update(RevolutionData(revolutions: 11, eventTime: 1024)) == 1)
        // The crank stops: the sensor keeps sending its last event.
        #expect(rate.update(RevolutionData(revolutions: 11, eventTime: 1024)) == 1)
        #expect(rate.update(RevolutionData(revolutions: 11, eventTime: 1024)) == 1)
        #expect(rate.update(RevolutionData(revolutions: 11, eventTime: 1024)) == 0)
        // Pedalling again after a long stop: the first event is a new baseline, the second a rate.
        #expect(rate.update(RevolutionData(revolutions: 12, eventTime: 40_000)) == 0)
        #expect(rate.update(RevolutionData(revolutions: 14, eventTime: 40_000 + 2048)) == 1)
    }

    @Test func aCounterResetIsANewBaselineNotAHugeSpeed() {
        var rate = RevolutionRate(revolutionBits: 32, maximumRate: 40)
        _ = rate.update(RevolutionData(revolutions: 5000, eventTime: 100))
        #expect(rate.update(RevolutionData(revolutions: 5004, eventTime: 1124)) == 4)
        // The sensor rebooted: revolutions back to 2. Modulo arithmetic would say 4 billion revolutions.
        #expect(rate.update(RevolutionData(revolutions: 2, eventTime: 2148)) == 4)
        #expect(rate.update(RevolutionData(revolutions: 6, eventTime: 3172)) == 4)
    }

    @Test func cyclingPowerWheelTimeIsIn2048ths() {
        // The same wheel speed through CSC (1/1024 s) and power (1/2048 s) must read the same.
        var csc = WheelAndCrankRates(wheelCircumference: 2.0)
        var power = WheelAndCrankRates(wheelCircumference: 2.0)
        _ = csc.update(wheel: RevolutionData(revolutions: 0, eventTime: 0), crank: nil)
        _ = power.update(wheel: RevolutionData(revolutions: 0, eventTime: 0, ticksPerSecond: 2048), crank: nil)
        let viaCSC = csc.update(wheel: RevolutionData(revolutions: 5, eventTime: 1024), crank: nil).speed
        let viaPower = power.update(wheel: RevolutionData(revolutions: 5, eventTime: 2048, ticksPerSecond: 2048), crank: nil).speed
        #expect(viaCSC == 10)
        #expect(viaPower == 10)
    }

    @Test func cadenceThroughTheStreamFromDecodedBytes() throws {
        var stream = SensorStream()
        // Crank only: 100 revolutions at t = 1 s, then 102 at 2 s.
        _ = stream.metrics(for: .cyclingSpeedAndCadence(try CSCMeasurement(decoding: hex("02 64 00 00 04"))))
        let metrics = stream.metrics(for: .cyclingSpeedAndCadence(try CSCMeasurement(decoding: hex("02 66 00 00 08"))))
        #expect(metrics.cadence == 120)
        #expect(metrics.speed == nil)
        #expect(metrics.samples.map(\.0) == [.cadence])
    }
}
