// SensorSampler: what one sensor value becomes in the workout — samples with a sync identifier per
// sensor, type and second (`ble:ADDRESS:TYPE:UNIXSECOND`) and a version that grows within the
// second, so a value BlueZ hands over twice replaces rather than duplicates (at most one sample
// per sensor, type and second is kept). Readings keep the second's latest value; distance, which
// adds up, keeps the second's sum, so a second with two wheel notifications loses neither.
// Pure: the bridge (coach's SensorBridge) hands the second in and sends what comes out.

/// One sample to hand to the workout.
public struct SensorSample: Sendable, Hashable {
    public var type: QuantityType
    public var value: Double
    public var syncIdentifier: String
    public var syncVersion: Int

    public init(type: QuantityType, value: Double, syncIdentifier: String, syncVersion: Int) {
        self.type = type
        self.value = value
        self.syncIdentifier = syncIdentifier
        self.syncVersion = syncVersion
    }
}

public struct SensorSampler: Sendable {
    private var versions: [String: Int] = [:]
    private var distances: [String: Double] = [:]

    public init() {}

    /// The samples of `metrics` from the sensor at `address`, measured in Unix second `second`.
    public mutating func samples(address: String, metrics: SensorMetrics, second: Int64) -> [SensorSample] {
        var samples: [SensorSample] = []
        func identified(_ type: QuantityType, _ value: Double) -> SensorSample {
            let identifier = "ble:\(address):\(type.rawValue):\(second)"
            let version = (versions[identifier] ?? 0) + 1
            versions[identifier] = version
            return SensorSample(type: type, value: value, syncIdentifier: identifier, syncVersion: version)
        }
        for (type, value) in metrics.samples { samples.append(identified(type, value)) }
        if let step = metrics.distance, let motion = metrics.motion {
            let identifier = "ble:\(address):\(motion.distanceType.rawValue):\(second)"
            let total = (distances[identifier] ?? 0) + step
            // A standing wheel sends 0 m: no sample until it has moved in this second.
            if total > 0 {
                distances[identifier] = total
                samples.append(identified(motion.distanceType, total))
            }
        }
        // Only the current second can still change: older keys are dropped now and then.
        if versions.count > 512 {
            let suffix = ":\(second)"
            versions = versions.filter { $0.key.hasSuffix(suffix) }
            distances = distances.filter { $0.key.hasSuffix(suffix) }
        }
        return samples
    }
}
