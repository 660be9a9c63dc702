// CSC Measurement (0x2A5B, Cycling Speed and Cadence service 0x1816): cumulative wheel and crank
// revolutions with the times of their last events. Speed and cadence need two successive values
// (WheelAndCrankRates).

public struct CSCMeasurement: SensorMeasurement {
    /// Flags bit 0: 32-bit wheel revolutions and a 1/1024 s event time.
    public var wheel: RevolutionData?
    /// Flags bit 1: 16-bit crank revolutions and a 1/1024 s event time.
    public var crank: RevolutionData?

    public init(wheel: RevolutionData? = nil, crank: RevolutionData? = nil) {
        self.wheel = wheel
        self.crank = crank
    }

    public init(decoding value: [UInt8]) throws(GATTDecodeError) {
        var reader = GATTByteReader(value)
        let flags = try reader.uint8("flags")
        if flags.hasBit(0) {
            let revolutions = try reader.uint32("cumulative wheel revolutions")
            wheel = RevolutionData(revolutions: revolutions, eventTime: try reader.uint16("last wheel event time"))
        }
        if flags.hasBit(1) {
            let revolutions = try reader.uint16("cumulative crank revolutions")
            crank = RevolutionData(revolutions: UInt32(revolutions), eventTime: try reader.uint16("last crank event time"))
        }
        try reader.finish()
    }

    public var fields: [SensorField] { RevolutionData.fields(wheel: wheel, crank: crank) }
}

extension RevolutionData {
    static func fields(wheel: RevolutionData?, crank: RevolutionData?) -> [SensorField] {
        var fields: [SensorField] = []
        if let wheel {
            fields.append(SensorField("wheelRevolutions", .integer(Int(wheel.revolutions))))
            fields.append(SensorField("lastWheelEventTime", .number(wheel.eventSeconds), unit: "s"))
        }
        if let crank {
            fields.append(SensorField("crankRevolutions", .integer(Int(crank.revolutions))))
            fields.append(SensorField("lastCrankEventTime", .number(crank.eventSeconds), unit: "s"))
        }
        return fields
    }
}
