// A remembered sensor (what `coach sensor add` writes to the config), the metric it is used for,
// and the reconnect schedule for one that drops.

/// What a sensor is used for. A power meter also reports cadence; `--as power` takes only power.
public enum SensorRole: String, Sendable, Hashable, Codable, CaseIterable {
    case heartRate, power, speed, cadence

    /// Keeps only this role's metric (battery always passes: it is status, not a sample).
    public func filter(_ metrics: SensorMetrics) -> SensorMetrics {
        var kept = SensorMetrics(batteryLevel: metrics.batteryLevel)
        switch self {
        case .heartRate: kept.heartRate = metrics.heartRate; kept.energyExpended = metrics.energyExpended
        case .power: kept.power = metrics.power
        case .speed:
            kept.speed = metrics.speed
            kept.totalDistance = metrics.totalDistance
            kept.distance = metrics.distance
            kept.motion = metrics.motion
        case .cadence: kept.cadence = metrics.cadence
        }
        return kept
    }
}

public struct SensorDescriptor: Sendable, Hashable, Codable {
    /// The Bluetooth address, upper case with colons ("C0:FF:EE:00:00:01").
    public var address: String
    public var name: String?
    /// nil: every metric the sensor reports.
    public var role: SensorRole?
    /// Metres per wheel revolution, for speed from CSC and power meters.
    public var wheelCircumference: Double?

    public init(address: String, name: String? = nil, role: SensorRole? = nil, wheelCircumference: Double? = nil) {
        self.address = address
        self.name = name
        self.role = role
        self.wheelCircumference = wheelCircumference
    }

    /// "c0-ff-ee-00-00-01" → "C0:FF:EE:00:00:01"; nil when it is not six hex bytes.
    public static func normalizedAddress(_ text: String) -> String? {
        let parts = text.uppercased().split(whereSeparator: { $0 == ":" || $0 == "-" || $0 == "_" })
        guard parts.count == 6, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isHexDigit) }) else { return nil }
        return parts.joined(separator: ":")
    }
}

/// Waits between reconnect attempts: 1 s, 2 s, 4 s … up to `maximum`, back to the start once a
/// connection holds.
public struct ReconnectBackoff: Sendable, Hashable {
    public var initial: Duration
    public var maximum: Duration
    public private(set) var attempts = 0

    public init(initial: Duration = .seconds(1), maximum: Duration = .seconds(30)) {
        self.initial = initial
        self.maximum = maximum
    }

    /// The wait before the next attempt; each call doubles the following one.
    public mutating func nextDelay() -> Duration {
        let factor = Int64(1) << Int64(Swift.min(attempts, 20))
        attempts += 1
        return Swift.min(initial * factor, maximum)
    }

    public mutating func reset() { attempts = 0 }
}
