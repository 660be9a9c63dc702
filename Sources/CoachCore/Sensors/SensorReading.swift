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
    /// Metres per second: a `cyclingSpeed` or `runningSpeed` sample (by `motion`), and what
    /// auto-pause watches.
    public var speed: Double?
    /// The sensor's own cumulative distance in metres (foot pods that send it).
    public var totalDistance: Double?
    /// Metres travelled since the sensor's previous value (wheel revolutions × circumference, or
    /// the step in a foot pod's total distance): summed per second into distance samples.
    public var distance: Double?
    /// Cycling (wheel sensors, power meters) or running (foot pods): which speed and distance types.
    public var motion: SensorMotion?
    /// A strap's cumulative Energy Expended (kJ), for generated active energy.
    public var energyExpended: Double?
    public var batteryLevel: Int?

    public init(heartRate: Double? = nil, cadence: Double? = nil, power: Double? = nil, speed: Double? = nil,
                totalDistance: Double? = nil, distance: Double? = nil, motion: SensorMotion? = nil,
                energyExpended: Double? = nil, batteryLevel: Int? = nil) {
        self.heartRate = heartRate
        self.cadence = cadence
        self.power = power
        self.speed = speed
        self.totalDistance = totalDistance
        self.distance = distance
        self.motion = motion
        self.energyExpended = energyExpended
        self.batteryLevel = batteryLevel
    }

    /// The readings a workout stores as they are, in canonical units: heart rate, cadence, power
    /// and speed. Distance adds up per second (SensorSampler); battery is status, not a sample.
    public var samples: [(QuantityType, Double)] {
        var samples: [(QuantityType, Double)] = []
        if let heartRate { samples.append((.heartRate, heartRate)) }
        if let cadence { samples.append((.cadence, cadence)) }
        if let power { samples.append((.power, power)) }
        if let speed, let motion { samples.append((motion.speedType, speed)) }
        return samples
    }
}

/// How a sensor moves with you: its speed and distance are HealthKit's cycling or running types.
public enum SensorMotion: String, Sendable, Hashable, Codable {
    case cycling, running

    public var speedType: QuantityType { self == .cycling ? .cyclingSpeed : .runningSpeed }
    public var distanceType: QuantityType { self == .cycling ? .distanceCycling : .distanceWalkingRunning }
}

/// Successive values from one sensor: keeps what CSC and power speed/cadence need between values,
/// and the previous total distance of a foot pod.
public struct SensorStream: Sendable, Hashable {
    /// 2 105 mm: a 700×25c road tyre (the default; `wheel_circumference` per sensor).
    public static let defaultWheelCircumference = 2.105
    private var rates: WheelAndCrankRates
    private var lastTotalDistance: Double?

    public init(wheelCircumference: Double = SensorStream.defaultWheelCircumference) {
        rates = WheelAndCrankRates(wheelCircumference: wheelCircumference)
    }

    public mutating func metrics(for reading: SensorReading) -> SensorMetrics {
        switch reading {
        case .heartRate(let value):
            // A strap off the skin sends 0 or a stale number: no reading rather than a false one.
            // The strap's energy figure holds even without contact: it is its own running total.
            let energy = value.energyExpended.map(Double.init)
            guard value.sensorContact != .notDetected, value.heartRate > 0 else { return SensorMetrics(energyExpended: energy) }
            return SensorMetrics(heartRate: Double(value.heartRate), energyExpended: energy)
        case .runningSpeedAndCadence(let value):
            return SensorMetrics(cadence: Double(value.cadence), speed: value.speed, totalDistance: value.totalDistance,
                                 distance: footPodStep(value.totalDistance), motion: .running)
        case .cyclingSpeedAndCadence(let value):
            let (speed, cadence) = rates.update(value)
            return SensorMetrics(cadence: cadence, speed: speed, distance: rates.lastWheelDistance, motion: value.wheel == nil ? nil : .cycling)
        case .cyclingPower(let value):
            let (speed, cadence) = rates.update(value)
            return SensorMetrics(cadence: cadence, power: Double(value.power), speed: speed, distance: rates.lastWheelDistance,
                                 motion: value.wheel == nil ? nil : .cycling)
        case .battery(let value):
            return SensorMetrics(batteryLevel: value.percent)
        }
    }

    /// Metres since the previous total distance. The field is 32 bits of 1/10 m: a smaller total
    /// means the pod wrapped (after 429 km) or restarted, and that value is only a new baseline.
    private mutating func footPodStep(_ total: Double?) -> Double? {
        guard let total else { return nil }
        defer { lastTotalDistance = total }
        guard let last = lastTotalDistance, total >= last else { return nil }
        // Over 100 m between two values (a second or so apart) is a restart, not running.
        return total - last <= 100 ? total - last : nil
    }
}
