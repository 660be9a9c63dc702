// RSC Measurement (0x2A53) and Battery Level (0x2A19) against their layouts.

import CoachCore
import Testing

@Suite("GATT RSC Measurement and Battery Level")
struct RSCAndBatteryTests {
    @Test func everyFlagCombinationMatchesTheLayout() throws {
        var random = SplitMix(seed: 0x2A53)
        for flags in 0..<8 {
            for _ in 0..<20 {
                var layout = LayoutBuilder()
                layout.u8(flags)
                let speed = Int.random(in: 0...0xFFFF, using: &random)
                let cadence = Int.random(in: 0...0xFF, using: &random)
                let stride = Int.random(in: 0...0xFFFF, using: &random)
                let distance = UInt32.random(in: 0...UInt32.max, using: &random)
                layout.u16(speed)
                layout.u8(cadence)
                if flags & 1 != 0 { layout.u16(stride) }
                if flags & 2 != 0 { layout.u32(distance) }
                let decoded = try RSCMeasurement(decoding: layout.bytes)
                #expect(decoded.speed == Double(speed) / 256)
                #expect(decoded.cadence == cadence)
                #expect(decoded.strideLength == (flags & 1 != 0 ? Double(stride) / 100 : nil))
                #expect(decoded.totalDistance == (flags & 2 != 0 ? Double(distance) / 10 : nil))
                #expect(decoded.isRunning == (flags & 4 != 0))

                for length in 0..<layout.bytes.count {
                    do {
                        _ = try RSCMeasurement(decoding: Array(layout.bytes.prefix(length)))
                        Issue.record("flags \(flags): a \(length)-byte cut decoded")
                    } catch {
                        #expect(error.offset == layout.expectedErrorOffset(truncatedTo: length))
                    }
                }
                #expect(throws: GATTDecodeError.self) { try RSCMeasurement(decoding: layout.bytes + [0]) }
            }
        }
    }

    @Test func aFootPodValueInPlainUnits() throws {
        // 3.5 m/s (896/256), 172 spm, stride 1.22 m, 1234.5 m, running.
        let value = try RSCMeasurement(decoding: hex("07 80 03 AC 7A 00 39 30 00 00"))
        #expect(value == RSCMeasurement(speed: 3.5, cadence: 172, strideLength: 1.22, totalDistance: 1234.5, isRunning: true))
        let keys = value.fields.map(\.key)
        #expect(keys == ["speed", "cadence", "strideLength", "totalDistance", "motion"])
    }

    @Test func batteryLevel() throws {
        #expect(try BatteryLevel(decoding: [87]).percent == 87)
        #expect(try BatteryLevel(decoding: [100]).percent == 100)
        #expect(throws: GATTDecodeError.self) { try BatteryLevel(decoding: [101]) }
        #expect(throws: GATTDecodeError(offset: 0, "battery level (1 byte) missing, the value has 0 bytes")) { try BatteryLevel(decoding: []) }
        #expect(throws: GATTDecodeError.self) { try BatteryLevel(decoding: [50, 1]) }
    }

    @Test func characteristicNamesAndUUIDs() {
        #expect(GATTCharacteristic(identifier: "2a37") == .heartRateMeasurement)
        #expect(GATTCharacteristic(identifier: "0x2A5B") == .cscMeasurement)
        #expect(GATTCharacteristic(identifier: "00002a63-0000-1000-8000-00805f9b34fb") == .cyclingPowerMeasurement)
        #expect(GATTCharacteristic(identifier: "00002A19-0000-1000-8000-00805F9B34FB") == .batteryLevel)
        #expect(GATTCharacteristic(identifier: "heart-rate") == .heartRateMeasurement)
        #expect(GATTCharacteristic(identifier: "2a38") == nil)
        #expect(GATTCharacteristic(identifier: "00002a37-0000-1000-8000-00805f9b34fc") == nil)
        #expect(GATTService.cyclingPower.uuid == "00001818-0000-1000-8000-00805f9b34fb")
    }

    @Test func hexAsPeoplePasteIt() throws {
        #expect(try GATTHex.bytes("16 4B 00") == [0x16, 0x4B, 0x00])
        #expect(try GATTHex.bytes("164b00") == [0x16, 0x4B, 0x00])
        #expect(try GATTHex.bytes("0x16,0x4B") == [0x16, 0x4B])
        #expect(try GATTHex.bytes("6 48") == [0x06, 0x48])
        #expect(try GATTHex.bytes("16:4b") == [0x16, 0x4B])
        #expect(throws: GATTHexError.self) { try GATTHex.bytes("16 4G") }
        #expect(throws: GATTHexError.self) { try GATTHex.bytes("164") }
    }
}
