// Cycling Power Measurement (0x2A63): all 2^13 combinations of the defined flag bits against the
// layout, signed fields, the packed 12-bit angles, and malformed lengths.

import CoachCore
import Testing

@Suite("GATT Cycling Power Measurement")
struct CyclingPowerMeasurementTests {
    struct Expected {
        var power = 0, balance: Int?, torque: Int?, wheelRevs: UInt32?, wheelTime = 0, crankRevs: Int?, crankTime = 0
        var forces: (Int, Int)?, torques: (Int, Int)?, angles: (Int, Int)?, top: Int?, bottom: Int?, energy: Int?
    }

    static func encode(flags: Int, random: inout SplitMix) -> (LayoutBuilder, Expected) {
        var layout = LayoutBuilder()
        var expected = Expected()
        layout.u16(flags)
        expected.power = Int.random(in: -32768...32767, using: &random)
        layout.s16(expected.power)
        if flags & (1 << 0) != 0 { expected.balance = Int.random(in: 0...200, using: &random); layout.u8(expected.balance!) }
        if flags & (1 << 2) != 0 { expected.torque = Int.random(in: 0...0xFFFF, using: &random); layout.u16(expected.torque!) }
        if flags & (1 << 4) != 0 {
            expected.wheelRevs = UInt32.random(in: 0...UInt32.max, using: &random)
            expected.wheelTime = Int.random(in: 0...0xFFFF, using: &random)
            layout.u32(expected.wheelRevs!); layout.u16(expected.wheelTime)
        }
        if flags & (1 << 5) != 0 {
            expected.crankRevs = Int.random(in: 0...0xFFFF, using: &random)
            expected.crankTime = Int.random(in: 0...0xFFFF, using: &random)
            layout.u16(expected.crankRevs!); layout.u16(expected.crankTime)
        }
        if flags & (1 << 6) != 0 {
            expected.forces = (Int.random(in: -32768...32767, using: &random), Int.random(in: -32768...32767, using: &random))
            layout.s16(expected.forces!.0); layout.s16(expected.forces!.1)
        }
        if flags & (1 << 7) != 0 {
            expected.torques = (Int.random(in: -32768...32767, using: &random), Int.random(in: -32768...32767, using: &random))
            layout.s16(expected.torques!.0); layout.s16(expected.torques!.1)
        }
        if flags & (1 << 8) != 0 {
            expected.angles = (Int.random(in: 0...0xFFF, using: &random), Int.random(in: 0...0xFFF, using: &random))
            layout.u24(expected.angles!.0 | expected.angles!.1 << 12)
        }
        if flags & (1 << 9) != 0 { expected.top = Int.random(in: 0...360, using: &random); layout.u16(expected.top!) }
        if flags & (1 << 10) != 0 { expected.bottom = Int.random(in: 0...360, using: &random); layout.u16(expected.bottom!) }
        if flags & (1 << 11) != 0 { expected.energy = Int.random(in: 0...0xFFFF, using: &random); layout.u16(expected.energy!) }
        return (layout, expected)
    }

    @Test func everyFlagCombinationMatchesTheLayout() throws {
        var random = SplitMix(seed: 0x2A63)
        for flags in 0..<(1 << 13) {
            let (layout, expected) = Self.encode(flags: flags, random: &random)
            let value = try CyclingPowerMeasurement(decoding: layout.bytes)
            #expect(value.power == expected.power)
            #expect(value.pedalPowerBalance == expected.balance.map { Double($0) / 2 })
            if expected.balance != nil { #expect(value.pedalPowerBalanceReference == (flags & 2 != 0 ? .left : .unknown)) }
            #expect(value.accumulatedTorque == expected.torque.map { Double($0) / 32 })
            if expected.torque != nil { #expect(value.accumulatedTorqueSource == (flags & 8 != 0 ? .crank : .wheel)) }
            #expect(value.wheel == expected.wheelRevs.map { RevolutionData(revolutions: $0, eventTime: UInt16(expected.wheelTime), ticksPerSecond: 2048) })
            #expect(value.crank == expected.crankRevs.map { RevolutionData(revolutions: UInt32($0), eventTime: UInt16(expected.crankTime)) })
            #expect(value.maximumForce == expected.forces?.0 && value.minimumForce == expected.forces?.1)
            #expect(value.maximumTorque == expected.torques.map { Double($0.0) / 32 } && value.minimumTorque == expected.torques.map { Double($0.1) / 32 })
            #expect(value.maximumAngle == expected.angles?.0 && value.minimumAngle == expected.angles?.1)
            #expect(value.topDeadSpotAngle == expected.top && value.bottomDeadSpotAngle == expected.bottom)
            #expect(value.accumulatedEnergy == expected.energy)
            #expect(value.offsetCompensationIndicator == (flags & (1 << 12) != 0))
        }
    }

    @Test func truncationsAndExtraBytesNameTheirByte() {
        var random = SplitMix(seed: 7)
        for flags in [0x0000, 0x0001, 0x0014, 0x0030, 0x01C0, 0x0FFF, 0x1FFF] {
            let (layout, _) = Self.encode(flags: flags, random: &random)
            for length in 0..<layout.bytes.count {
                do {
                    _ = try CyclingPowerMeasurement(decoding: Array(layout.bytes.prefix(length)))
                    Issue.record("flags \(flags): a \(length)-byte cut decoded")
                } catch {
                    #expect(error.offset == layout.expectedErrorOffset(truncatedTo: length), "flags \(flags) length \(length): \(error)")
                }
            }
            #expect(throws: GATTDecodeError(offset: layout.bytes.count, "1 unexpected byte after the last field the flags announce")) {
                try CyclingPowerMeasurement(decoding: layout.bytes + [9])
            }
        }
    }

    @Test func reservedFlagsAnnounceNothing() throws {
        #expect(try CyclingPowerMeasurement(decoding: hex("00 E0 FA 00")).power == 250)
    }

    @Test func negativePowerAndTheFieldNames() throws {
        let value = try CyclingPowerMeasurement(decoding: hex("21 00 38 FF 64 0A 00 00 04"))
        #expect(value.power == -200)
        #expect(value.pedalPowerBalance == 50)
        #expect(value.crank == RevolutionData(revolutions: 10, eventTime: 1024))
        #expect(value.fields.map(\.key) == ["power", "pedalPowerBalance", "pedalPowerBalanceReference", "crankRevolutions", "lastCrankEventTime"])
    }
}
