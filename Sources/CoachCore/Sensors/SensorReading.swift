// One decoded characteristic value of any kind Coach understands, and the stateful per-sensor
// stream that turns successive values into workout metrics (CSC and power sensors need two values
// for speed and cadence).

public enum SensorReading: Sendable, Hashable {
    case heartRate(HeartRateMeasurement)
    case runningSpeedAndCadence(RSCMeasurement)
    case cyclingSpeedAndCadence(CSCMeasurement)
    case cyclingPower(CyclingPowerMeasurement)
    case battery(BatteryLevel)

    public static func decode(_ characteristic: GATTCharacteristic, _ value: [UInt8]) throws(GATTDecodeError) -> SensorReading {
        switch characteristic {
        case .heartRateMeasurement: return .heartRate(try HeartRateMeasurement(decoding: value))
        case .rscMeasurement: return .runningSpeedAndCadence(try RSCMeasurement(decoding: value))
        case .cscMeasurement: return .cyclingSpeedAndCadence(try CSCMeasurement(decoding: value))
        case .cyclingPowerMeasurement: return .cyclingPower(try CyclingPowerMeasurement(decoding: value))
        case .batteryLevel: return .battery(try BatteryLevel(decoding: value))
        }
    }

    public var fields: [SensorField] {
        switch self {
        case .heartRate(let value): return value.fields
        case .runningSpeedAndCadence(let value): return value.fields
        case .cyclingSpeedAndCadence(let value): return value.fields
        case .cyclingPower(let value): return value.fields
        case .battery(let value): return value.fields
        }
    }
}

/// What one sensor value means for a workout: the metrics it gives right now.
public struct SensorMetrics: Sendable, Hashable {
    public var heartRate: Double?
    /// Steps per minute (foot pods) or crank revolutions per minute (bikes).
    public var cadence: Double?
    public var power: Double?
    /// Metres per second (not a stored sample type: it feeds auto-pause and the display).
    public var speed: Double?
    /// The sensor's own cumulative distance in metres (foot pods that send it).
    public var totalDistance: Double?
    public var batteryLevel: Int?

    public init(heartRate: Double? = nil, cadence: Double? = nil, power: Double? = nil, speed: Double? = nil,
                totalDistance: Double? = nil, batteryLevel: Int? = nil) {
        self.heartRate = heartRate
        self.cadence = cadence
        self.power = power
        self.speed = speed
        self.totalDistance = totalDistance
        self.batteryLevel = batteryLevel
    }

    /// The values as samples a workout stores, in canonical units (speed and battery are not samples).
    public var samples: [(QuantityType, Double)] {
        var samples: [(QuantityType, Double)] = []
        if let heartRate { samples.append((.heartRate, heartRate)) }
        if let cadence { samples.append((.cadence, cadence)) }
        if let power { samples.append((.power, power)) }
        return samples
    }
}

/// Successive values from one sensor: keeps what CSC and power speed/cadence need between values.
public struct SensorStream: Sendable, Hashable {
    private var rates: WheelAndCrankRates

    public init(wheelCircumference: Double = 2.096) {
        rates = WheelAndCrankRates(wheelCircumference: wheelCircumference)
    }

    public mutating func metrics(for reading: SensorReading) -> SensorMetrics {
        switch reading {
        case .heartRate(let value):
            // A strap off the skin sends 0 or a stale number: no reading rather than a false one.
            guard value.sensorContact != .notDetected, value.heartRate > 0 else { return SensorMetrics() }
            return SensorMetrics(heartRate: Double(value.heartRate))
        case .runningSpeedAndCadence(let value):
            return SensorMetrics(cadence: Double(value.cadence), speed: value.speed, totalDistance: value.totalDistance)
        case .cyclingSpeedAndCadence(let value):
            let (speed, cadence) = rates.update(value)
            return SensorMetrics(cadence: cadence, speed: speed)
        case .cyclingPower(let value):
            let (speed, cadence) = rates.update(value)
            return SensorMetrics(cadence: cadence, power: Double(value.power), speed: speed)
        case .battery(let value):
            return SensorMetrics(batteryLevel: value.percent)
        }
    }
}
