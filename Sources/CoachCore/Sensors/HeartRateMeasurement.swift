// Heart Rate Measurement (0x2A37, Heart Rate service 0x180D): flags, an 8- or 16-bit heart rate,
// then optional energy expended and RR intervals.

/// Whether the strap touches skin, as its flags report (bits 1–2).
public enum SensorContact: String, Sendable, Hashable {
    /// Bits 1–2 are 0 or 1: the sensor cannot tell.
    case notSupported
    case notDetected
    case detected
}

public struct HeartRateMeasurement: SensorMeasurement {
    /// Beats per minute.
    public var heartRate: Int
    /// Whether the value was sent as a 16-bit number (flags bit 0).
    public var is16Bit: Bool
    public var sensorContact: SensorContact
    /// Kilojoules since the sensor's counter was last reset (flags bit 3).
    public var energyExpended: Int?
    /// Beat-to-beat intervals, oldest first, in seconds (sent in 1/1024 s; flags bit 4).
    public var rrIntervals: [Double]?

    public init(heartRate: Int, is16Bit: Bool = false, sensorContact: SensorContact = .notSupported,
                energyExpended: Int? = nil, rrIntervals: [Double]? = nil) {
        self.heartRate = heartRate
        self.is16Bit = is16Bit
        self.sensorContact = sensorContact
        self.energyExpended = energyExpended
        self.rrIntervals = rrIntervals
    }

    public init(decoding value: [UInt8]) throws(GATTDecodeError) {
        var reader = GATTByteReader(value)
        let flags = try reader.uint8("flags")
        is16Bit = flags.hasBit(0)
        heartRate = is16Bit ? Int(try reader.uint16("heart rate (16-bit)")) : Int(try reader.uint8("heart rate (8-bit)"))
        switch (flags >> 1) & 0b11 {
        case 2: sensorContact = .notDetected
        case 3: sensorContact = .detected
        default: sensorContact = .notSupported
        }
        energyExpended = flags.hasBit(3) ? Int(try reader.uint16("energy expended")) : nil
        if flags.hasBit(4) {
            // The count is whatever fits in the rest of the value. A flag with no interval at all
            // is accepted (straps send it between beats) and reads as an empty list; an odd byte
            // left over is a cut-off interval.
            var intervals: [Double] = []
            while reader.remaining > 0 {
                intervals.append(Double(try reader.uint16("RR interval")) / 1024)
            }
            rrIntervals = intervals
        } else {
            rrIntervals = nil
        }
        try reader.finish()
    }

    public var fields: [SensorField] {
        var fields = [SensorField("heartRate", .integer(heartRate), unit: "bpm"),
                      SensorField("sensorContact", .text(sensorContact.rawValue))]
        if let energyExpended { fields.append(SensorField("energyExpended", .integer(energyExpended), unit: "kJ")) }
        if let rrIntervals { fields.append(SensorField("rrIntervals", .numbers(rrIntervals), unit: "s")) }
        return fields
    }
}
