// Cycling Power Measurement (0x2A63, Cycling Power service 0x1818): 16-bit flags, instantaneous
// power, then each optional field its flag announces, in the specification's order.

public struct CyclingPowerMeasurement: SensorMeasurement {
    public enum BalanceReference: String, Sendable, Hashable { case unknown, left }
    public enum TorqueSource: String, Sendable, Hashable { case wheel, crank }

    /// Watts (signed).
    public var power: Int
    /// Percent (sent in 1/2 %; flags bit 0), and which pedal it refers to (bit 1).
    public var pedalPowerBalance: Double?
    public var pedalPowerBalanceReference: BalanceReference = .unknown
    /// N·m (sent in 1/32 N·m; bit 2), measured at the wheel or the crank (bit 3).
    public var accumulatedTorque: Double?
    public var accumulatedTorqueSource: TorqueSource = .wheel
    /// Bit 4: 32-bit wheel revolutions with a 1/2048 s event time (not CSC's 1/1024 s).
    public var wheel: RevolutionData?
    /// Bit 5: 16-bit crank revolutions with a 1/1024 s event time.
    public var crank: RevolutionData?
    /// Newtons (bit 6).
    public var maximumForce: Int?
    public var minimumForce: Int?
    /// N·m (sent in 1/32 N·m; bit 7).
    public var maximumTorque: Double?
    public var minimumTorque: Double?
    /// Degrees, 12 bits each (bit 8).
    public var maximumAngle: Int?
    public var minimumAngle: Int?
    /// Degrees (bits 9 and 10).
    public var topDeadSpotAngle: Int?
    public var bottomDeadSpotAngle: Int?
    /// Kilojoules (bit 11).
    public var accumulatedEnergy: Int?
    /// Bit 12: the sensor asks for an offset compensation.
    public var offsetCompensationIndicator: Bool = false

    public init(power: Int) { self.power = power }

    public init(decoding value: [UInt8]) throws(GATTDecodeError) {
        var reader = GATTByteReader(value)
        let flags = try reader.uint16("flags")
        power = Int(try reader.int16("instantaneous power"))
        if flags.hasBit(0) {
            pedalPowerBalance = Double(try reader.uint8("pedal power balance")) / 2
            pedalPowerBalanceReference = flags.hasBit(1) ? .left : .unknown
        }
        if flags.hasBit(2) {
            accumulatedTorque = Double(try reader.uint16("accumulated torque")) / 32
            accumulatedTorqueSource = flags.hasBit(3) ? .crank : .wheel
        }
        if flags.hasBit(4) {
            let revolutions = try reader.uint32("cumulative wheel revolutions")
            wheel = RevolutionData(revolutions: revolutions, eventTime: try reader.uint16("last wheel event time"), ticksPerSecond: 2048)
        }
        if flags.hasBit(5) {
            let revolutions = try reader.uint16("cumulative crank revolutions")
            crank = RevolutionData(revolutions: UInt32(revolutions), eventTime: try reader.uint16("last crank event time"))
        }
        if flags.hasBit(6) {
            maximumForce = Int(try reader.int16("maximum force magnitude"))
            minimumForce = Int(try reader.int16("minimum force magnitude"))
        }
        if flags.hasBit(7) {
            maximumTorque = Double(try reader.int16("maximum torque magnitude")) / 32
            minimumTorque = Double(try reader.int16("minimum torque magnitude")) / 32
        }
        if flags.hasBit(8) {
            let angles = try reader.uint24("extreme angles")
            maximumAngle = Int(angles & 0xFFF)
            minimumAngle = Int(angles >> 12)
        }
        if flags.hasBit(9) { topDeadSpotAngle = Int(try reader.uint16("top dead spot angle")) }
        if flags.hasBit(10) { bottomDeadSpotAngle = Int(try reader.uint16("bottom dead spot angle")) }
        if flags.hasBit(11) { accumulatedEnergy = Int(try reader.uint16("accumulated energy")) }
        offsetCompensationIndicator = flags.hasBit(12)
        // Bits 13–15 are reserved and announce no field.
        try reader.finish()
    }

    public var fields: [SensorField] {
        var fields = [SensorField("power", .integer(power), unit: "W")]
        if let pedalPowerBalance {
            fields.append(SensorField("pedalPowerBalance", .number(pedalPowerBalance), unit: "%"))
            fields.append(SensorField("pedalPowerBalanceReference", .text(pedalPowerBalanceReference.rawValue)))
        }
        if let accumulatedTorque {
            fields.append(SensorField("accumulatedTorque", .number(accumulatedTorque), unit: "N·m"))
            fields.append(SensorField("accumulatedTorqueSource", .text(accumulatedTorqueSource.rawValue)))
        }
        fields += RevolutionData.fields(wheel: wheel, crank: crank)
        if let maximumForce, let minimumForce {
            fields.append(SensorField("maximumForce", .integer(maximumForce), unit: "N"))
            fields.append(SensorField("minimumForce", .integer(minimumForce), unit: "N"))
        }
        if let maximumTorque, let minimumTorque {
            fields.append(SensorField("maximumTorque", .number(maximumTorque), unit: "N·m"))
            fields.append(SensorField("minimumTorque", .number(minimumTorque), unit: "N·m"))
        }
        if let maximumAngle, let minimumAngle {
            fields.append(SensorField("maximumAngle", .integer(maximumAngle), unit: "°"))
            fields.append(SensorField("minimumAngle", .integer(minimumAngle), unit: "°"))
        }
        if let topDeadSpotAngle { fields.append(SensorField("topDeadSpotAngle", .integer(topDeadSpotAngle), unit: "°")) }
        if let bottomDeadSpotAngle { fields.append(SensorField("bottomDeadSpotAngle", .integer(bottomDeadSpotAngle), unit: "°")) }
        if let accumulatedEnergy { fields.append(SensorField("accumulatedEnergy", .integer(accumulatedEnergy), unit: "kJ")) }
        if offsetCompensationIndicator { fields.append(SensorField("offsetCompensationIndicator", .flag(true))) }
        return fields
    }
}
