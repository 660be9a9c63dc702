// A decoded characteristic as a flat list of named fields (lowerCamelCase keys, SI-ish units), the
// shape `coach sensor decode` prints as text or as one JSON object.

/// One named value of a decoded characteristic. Keys are stable: scripts read them from JSON.
public struct SensorField: Sendable, Hashable {
    public var key: String
    public var value: SensorFieldValue
    /// The unit a person reads next to the value ("bpm", "m/s", "kJ"); nil for counts and words.
    public var unit: String?

    public init(_ key: String, _ value: SensorFieldValue, unit: String? = nil) {
        self.key = key
        self.value = value
        self.unit = unit
    }
}

public enum SensorFieldValue: Sendable, Hashable {
    case number(Double)
    case integer(Int)
    case flag(Bool)
    case text(String)
    case numbers([Double])
}

/// Anything decoded from a characteristic value.
public protocol SensorMeasurement: Sendable, Hashable {
    /// Every field the value carried (absent optional fields are left out), in layout order.
    var fields: [SensorField] { get }
}
