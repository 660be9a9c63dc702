// Heart Rate Measurement (0x2A37): every flag combination against the layout, 8/16-bit values,
// sensor contact, energy expended, several RR intervals, malformed lengths.

import CoachCore
import Testing

@Suite("GATT Heart Rate Measurement")
struct HeartRateMeasurementTests {
    @Test func knownValues() throws {
        #expect(try HeartRateMeasurement(decoding: hex("06 48")).heartRate == 72)
        let strap = try HeartRateMeasurement(decoding: hex("16 4B 00 04 10 04"))
        #expect(strap == HeartRateMeasurement(heartRate: 75, sensorContact: .detected, rrIntervals: [1.0, 1040.0 / 1024]))
        let wide = try HeartRateMeasurement(decoding: hex("01 2C 01"))
        #expect(wide.heartRate == 300 && wide.is16Bit && wide.sensorContact == .notSupported)
    }

    /// All 32 combinations of the five flag bits, each with values drawn at random, and 0–4 RR intervals.
    @Test func everyFlagCombinationMatchesTheLayout() throws {
        var random = SplitMix(seed: 0x2A37)
        for flags in 0..<32 {
            for rrCount in 0...4 where rrCount == 0 || flags & 0x10 != 0 {
                var layout = LayoutBuilder()
                layout.u8(flags)
                let wide = flags & 1 != 0
                let rate = wide ? Int.random(in: 0...0xFFFF, using: &random) : Int.random(in: 0...0xFF, using: &random)
                if wide { layout.u16(rate) } else { layout.u8(rate) }
                let energy = Int.random(in: 0...0xFFFF, using: &random)
                if flags & 0x08 != 0 { layout.u16(energy) }
                let ticks = (0..<rrCount).map { _ in Int.random(in: 0...0xFFFF, using: &random) }
                if flags & 0x10 != 0 { ticks.forEach { layout.u16($0) } }

                let decoded = try HeartRateMeasurement(decoding: layout.bytes)
                #expect(decoded.heartRate == rate, "flags \(flags)")
                #expect(decoded.is16Bit == wide)
                let contact: SensorContact = switch (flags >> 1) & 3 { case 2: .notDetected; case 3: .detected; default: .notSupported }
                #expect(decoded.sensorContact == contact, "flags \(flags)")
                #expect(decoded.energyExpended == (flags & 0x08 != 0 ? energy : nil), "flags \(flags)")
                #expect(decoded.rrIntervals == (flags & 0x10 != 0 ? ticks.map { Double($0) / 1024 } : nil), "flags \(flags)")
                #expect(decoded.fields.first { $0.key == "energyExpended" }?.unit == (flags & 0x08 != 0 ? "kJ" : nil))
            }
        }
    }

    @Test func everyTruncationNamesTheByteOfTheMissingField() throws {
        for flags in [0x00, 0x01, 0x08, 0x09, 0x19, 0x1F] {
            var layout = LayoutBuilder()
            layout.u8(flags)
            if flags & 1 != 0 { layout.u16(400) } else { layout.u8(140) }
            if flags & 0x08 != 0 { layout.u16(1234) }
            let rrStart = layout.bytes.count
            if flags & 0x10 != 0 { layout.u16(800); layout.u16(820) }
            for length in 0..<layout.bytes.count {
                let cut = Array(layout.bytes.prefix(length))
                if flags & 0x10 != 0, length >= rrStart, (length - rrStart).isMultiple(of: 2) {
                    // A cut between RR intervals is a valid value with fewer intervals.
                    #expect(try HeartRateMeasurement(decoding: cut).rrIntervals?.count == (length - rrStart) / 2)
                    continue
                }
                #expect(throws: GATTDecodeError.self, "flags \(flags) length \(length)") { try HeartRateMeasurement(decoding: cut) }
                do {
                    _ = try HeartRateMeasurement(decoding: cut)
                } catch {
                    #expect(error.offset == layout.expectedErrorOffset(truncatedTo: length), "flags \(flags) length \(length): \(error)")
                }
            }
        }
    }

    @Test func extraBytesWithoutRRFlagAreAnError() {
        #expect(throws: GATTDecodeError(offset: 2, "1 unexpected byte after the last field the flags announce")) {
            try HeartRateMeasurement(decoding: hex("00 48 00"))
        }
    }

    @Test func anOddByteAfterRRIntervalsIsACutOffInterval() {
        do {
            _ = try HeartRateMeasurement(decoding: hex("10 48 00 04 10"))
            Issue.record("decoded a cut-off RR interval")
        } catch {
            #expect(error.offset == 4)
            #expect(error.description.contains("RR interval"))
        }
    }

    @Test func anRRFlagWithNoIntervalIsAnEmptyList() throws {
        #expect(try HeartRateMeasurement(decoding: hex("10 48")).rrIntervals == [])
    }

    @Test func contactLostGivesNoHeartRateSample() throws {
        var stream = SensorStream()
        #expect(stream.metrics(for: .heartRate(try HeartRateMeasurement(decoding: hex("04 48")))).heartRate == nil)
        #expect(stream.metrics(for: .heartRate(try HeartRateMeasurement(decoding: hex("06 48")))).heartRate == 72)
        #expect(stream.metrics(for: .heartRate(try HeartRateMeasurement(decoding: hex("00 00")))).heartRate == nil)
    }
}
