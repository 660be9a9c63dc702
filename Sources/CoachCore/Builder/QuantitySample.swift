// A measured value fed into a workout, optionally carrying HealthKit-style sync metadata so that a
// source that resends a sample replaces it instead of duplicating it.

/// One measurement. `value` is in the type's canonical unit.
public struct QuantitySample: Sendable, Hashable, Codable {
    public var type: QuantityType
    public var value: Double
    public var at: Timestamp
    /// With `syncVersion`: a later sample with the same identifier and a higher version replaces this one.
    public var syncIdentifier: String?
    public var syncVersion: Int?
    /// Who wrote it and what measured it; nil for samples from before sources were recorded.
    public var source: SampleSource?

    public init(type: QuantityType, value: Double, at: Timestamp, syncIdentifier: String? = nil, syncVersion: Int? = nil,
                source: SampleSource? = nil) {
        self.type = type
        self.value = value
        self.at = at
        self.syncIdentifier = syncIdentifier
        self.syncVersion = syncVersion
        self.source = source
    }
}

/// Per-type statistics, as `HKStatistics`: sum for cumulative types; average, minimum and maximum
/// for discrete ones; the most recent value for both.
public struct QuantityStatistics: Sendable, Hashable, Codable {
    public var type: QuantityType
    public var count: Int = 0
    public var sum: Double?
    public var average: Double?
    public var minimum: Double?
    public var maximum: Double?
    public var mostRecent: Double?
    public var mostRecentAt: Timestamp?

    public init(type: QuantityType) { self.type = type }

    /// The statistics of `samples`, computed from scratch (used after a sample is replaced).
    public init(type: QuantityType, samples: some Sequence<QuantitySample>) {
        self.init(type: type)
        for sample in samples where sample.type == type { add(sample) }
    }

    public mutating func add(_ sample: QuantitySample) {
        count += 1
        if type.isCumulative {
            sum = (sum ?? 0) + sample.value
        } else {
            // A running mean keeps precision without a second pass over the samples.
            let previous = average ?? 0
            average = previous + (sample.value - previous) / Double(count)
            minimum = Swift.min(minimum ?? sample.value, sample.value)
            maximum = Swift.max(maximum ?? sample.value, sample.value)
        }
        if mostRecentAt.map({ sample.at >= $0 }) ?? true {
            mostRecent = sample.value
            mostRecentAt = sample.at
        }
    }
}
