// Battery Level (0x2A19, Battery service 0x180F): one byte, percent.

public struct BatteryLevel: SensorMeasurement {
    /// 0–100.
    public var percent: Int

    public init(percent: Int) { self.percent = percent }

    public init(decoding value: [UInt8]) throws(GATTDecodeError) {
        var reader = GATTByteReader(value)
        let level = try reader.uint8("battery level")
        // 101–255 are reserved by the specification: a device sending them is broken, not full.
        guard level <= 100 else { throw GATTDecodeError(offset: 0, "battery level \(level) is above 100 % (101–255 are reserved)") }
        try reader.finish()
        percent = Int(level)
    }

    public var fields: [SensorField] { [SensorField("batteryLevel", .integer(percent), unit: "%")] }
}
