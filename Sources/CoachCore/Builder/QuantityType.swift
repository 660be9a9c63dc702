// The metrics a workout collects, their canonical units, and the unit names people and programs
// use when they feed a sample ("coach sample distance 1.2 km").

/// A quantity a workout collects. Cumulative types add up (distance); discrete ones are readings
/// (heart rate), as in HealthKit's `HKQuantityType` aggregation styles.
public enum QuantityType: String, Sendable, Hashable, Codable, CaseIterable {
    case heartRate, distance, activeEnergy, cadence, power, stepCount
    /// Water drunk (HKQuantityTypeIdentifierDietaryWater), e.g. logged on a mirror during a ride.
    case dietaryWater
    /// Speed from a wheel sensor or power meter (HKQuantityTypeIdentifierCyclingSpeed), m/s.
    case cyclingSpeed
    /// Speed from a foot pod (HKQuantityTypeIdentifierRunningSpeed), m/s.
    case runningSpeed
    /// Distance a wheel sensor measured (HKQuantityTypeIdentifierDistanceCycling).
    case distanceCycling
    /// Distance a foot pod measured (HKQuantityTypeIdentifierDistanceWalkingRunning).
    case distanceWalkingRunning

    public var isCumulative: Bool {
        switch self {
        case .distance, .activeEnergy, .stepCount, .dietaryWater, .distanceCycling, .distanceWalkingRunning: return true
        case .heartRate, .cadence, .power, .cyclingSpeed, .runningSpeed: return false
        }
    }

    /// Distance measured by a sensor of its own kind: it wins over a client's plain `distance`
    /// and over the route (WorkoutDistance.swift).
    public var isSensorDistance: Bool { self == .distanceCycling || self == .distanceWalkingRunning }

    /// Every type that measures distance travelled.
    public var isDistance: Bool { self == .distance || isSensorDistance }

    /// The unit every stored value is in.
    public var canonicalUnit: String {
        switch self {
        case .heartRate: return "count/min"
        case .distance: return "m"
        case .activeEnergy: return "kcal"
        case .cadence: return "count/min"
        case .power: return "W"
        case .stepCount: return "count"
        case .dietaryWater: return "mL"
        case .cyclingSpeed, .runningSpeed: return "m/s"
        case .distanceCycling, .distanceWalkingRunning: return "m"
        }
    }

    /// Short unit for display ("bpm", "m", "kcal", "spm", "W", "steps").
    public var displayUnit: String {
        switch self {
        case .heartRate: return "bpm"
        case .distance: return "m"
        case .activeEnergy: return "kcal"
        case .cadence: return "spm"
        case .power: return "W"
        case .stepCount: return "steps"
        case .dietaryWater: return "mL"
        case .cyclingSpeed, .runningSpeed: return "m/s"
        case .distanceCycling, .distanceWalkingRunning: return "m"
        }
    }

    /// Bounds outside of which a value is a sensor glitch or a typo, not a reading.
    public var plausibleRange: ClosedRange<Double> {
        switch self {
        case .heartRate: return 20...260
        case .distance: return 0...1_000_000
        case .activeEnergy: return 0...50_000
        case .cadence: return 0...400
        case .power: return 0...3_000
        case .stepCount: return 0...1_000_000
        case .dietaryWater: return 0...5_000
        // 30 m/s is 108 km/h: beyond any ride a wheel sensor measures.
        case .cyclingSpeed, .runningSpeed: return 0...30
        case .distanceCycling, .distanceWalkingRunning: return 0...1_000_000
        }
    }

    /// Accepts HealthKit's identifiers' short forms and common aliases: `hr`, `energy`, `steps`.
    public init?(name: String) {
        switch name.lowercased() {
        case "heartrate", "hr", "heart", "heart_rate", "pulse": self = .heartRate
        case "distance", "dist": self = .distance
        case "activeenergy", "energy", "calories", "active_energy", "kcal": self = .activeEnergy
        case "cadence": self = .cadence
        case "power", "watts": self = .power
        case "stepcount", "steps", "step_count": self = .stepCount
        case "dietarywater", "water", "dietary_water": self = .dietaryWater
        case "cyclingspeed", "cycling_speed": self = .cyclingSpeed
        case "runningspeed", "running_speed": self = .runningSpeed
        case "distancecycling", "distance_cycling": self = .distanceCycling
        case "distancewalkingrunning", "distance_walking_running": self = .distanceWalkingRunning
        default: return nil
        }
    }

    /// Converts `value` given in `unit` (nil: the canonical unit) to the canonical unit.
    public func canonicalValue(_ value: Double, unit: String?) throws(UnitError) -> Double {
        guard let unit, !unit.isEmpty else { return value }
        let key = unit.lowercased()
        let factor: Double?
        switch self {
        case .heartRate, .cadence:
            factor = ["bpm": 1, "count/min": 1, "/min": 1, "spm": 1, "rpm": 1, "per minute": 1][key]
        case .cyclingSpeed, .runningSpeed:
            factor = ["m/s": 1, "mps": 1, "km/h": 1 / 3.6, "kph": 1 / 3.6, "kmh": 1 / 3.6, "mph": 0.44704, "mi/h": 0.44704][key]
        case .distance, .distanceCycling, .distanceWalkingRunning:
            factor = [
                "m": 1, "meter": 1, "meters": 1, "metre": 1, "metres": 1, "km": 1000, "kilometer": 1000,
                "kilometers": 1000, "kilometre": 1000, "kilometres": 1000, "mi": 1609.344, "mile": 1609.344,
                "miles": 1609.344, "yd": 0.9144, "yard": 0.9144, "yards": 0.9144, "ft": 0.3048, "foot": 0.3048,
                "feet": 0.3048,
            ][key]
        case .activeEnergy:
            // In everyday speech "calories" means kilocalories (food labels, fitness apps).
            factor = [
                "kcal": 1, "kilocalorie": 1, "kilocalories": 1, "cal": 1, "calorie": 1, "calories": 1,
                "kj": 1 / 4.184, "kilojoule": 1 / 4.184, "kilojoules": 1 / 4.184,
            ][key]
        case .power:
            factor = ["w": 1, "watt": 1, "watts": 1, "kw": 1000][key]
        case .stepCount:
            factor = ["count": 1, "steps": 1, "step": 1][key]
        case .dietaryWater:
            factor = ["ml": 1, "milliliter": 1, "milliliters": 1, "millilitre": 1, "millilitres": 1, "l": 1000,
                      "liter": 1000, "liters": 1000, "litre": 1000, "litres": 1000, "fl oz": 29.5735, "floz": 29.5735][key]
        }
        guard let factor else { throw UnitError(type: self, unit: unit) }
        return value * factor
    }
}

/// A unit that does not fit the quantity ("heartRate 120 km").
public struct UnitError: Error, Sendable, Hashable, CustomStringConvertible {
    public var type: QuantityType
    public var unit: String

    public var description: String {
        "'\(unit)' is not a unit of \(type.rawValue) (use \(type.displayUnit), the default)"
    }
}
