// RSC Measurement (0x2A53, Running Speed and Cadence service 0x1814): a foot pod's speed and
// cadence, with optional stride length and total distance.

public struct RSCMeasurement: SensorMeasurement {
    /// Metres per second (sent in 1/256 m/s).
    public var speed: Double
    /// Steps per minute.
    public var cadence: Int
    /// Metres (sent in 1/100 m; flags bit 0).
    public var strideLength: Double?
    /// Metres (sent in 1/10 m; flags bit 1).
    public var totalDistance: Double?
    /// Flags bit 2: running rather than walking.
    public var isRunning: Bool

    public init(speed: Double, cadence: Int, strideLength: Double? = nil, totalDistance: Double? = nil, isRunning: Bool = false) {
        self.speed = speed
        self.cadence = cadence
        self.strideLength = strideLength
        self.totalDistance = totalDistance
        self.isRunning = isRunning
    }

    public init(decoding value: [UInt8]) throws(GATTDecodeError) {
        var reader = GATTByteReader(value)
        let flags = try reader.uint8("flags")
        speed = Double(try reader.uint16("instantaneous speed")) / 256
        cadence = Int(try reader.uint8("instantaneous cadence"))
        strideLength = flags.hasBit(0) ? Double(try reader.uint16("stride length")) / 100 : nil
        totalDistance = flags.hasBit(1) ? Double(try reader.uint32("total distance")) / 10 : nil
        isRunning = flags.hasBit(2)
        try reader.finish()
    }

    public var fields: [SensorField] {
        var fields = [SensorField("speed", .number(speed), unit: "m/s"),
                      SensorField("cadence", .integer(cadence), unit: "spm")]
        if let strideLength { fields.append(SensorField("strideLength", .number(strideLength), unit: "m")) }
        if let totalDistance { fields.append(SensorField("totalDistance", .number(totalDistance), unit: "m")) }
        fields.append(SensorField("motion", .text(isRunning ? "running" : "walking")))
        return fields
    }
}
