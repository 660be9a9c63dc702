// What the countdown says about the remembered sensors (issue 33, item 9): which are connected,
// whether a heart-rate strap is among them, and whether every remembered one is there yet (what
// `start --wait-sensors` waits for). Pure: built from the sensor link's statuses.

public struct SensorReadiness: Sendable, Hashable {
    public struct Sensor: Sendable, Hashable {
        public var name: String
        public var connected: Bool
        /// Gives heart rate: its role says so, or (without a role) it offers the service.
        public var measuresHeartRate: Bool

        public init(name: String, connected: Bool, measuresHeartRate: Bool) {
            self.name = name
            self.connected = connected
            self.measuresHeartRate = measuresHeartRate
        }
    }

    public var sensors: [Sensor]

    public init(sensors: [Sensor]) { self.sensors = sensors }

    /// No sensor is remembered: the countdown says nothing about sensors.
    public var isEmpty: Bool { sensors.isEmpty }
    public var connected: [String] { sensors.filter(\.connected).map(\.name) }
    public var allConnected: Bool { sensors.allSatisfy(\.connected) }
    public var hasHeartRateStrap: Bool { sensors.contains { $0.connected && $0.measuresHeartRate } }

    /// The `events:` phrases to say, with their placeholders: connected sensors (or none yet),
    /// then "no heart-rate strap" when no connected sensor gives heart rate.
    public var phrases: [(key: String, values: [String: String])] {
        guard !isEmpty else { return [] }
        var phrases: [(key: String, values: [String: String])] = connected.isEmpty
            ? [("sensorsNoneConnected", [:])]
            : [("sensorsConnected", ["sensors": connected.joined(separator: ", ")])]
        if !hasHeartRateStrap { phrases.append(("noHeartRateStrap", [:])) }
        return phrases
    }
}
