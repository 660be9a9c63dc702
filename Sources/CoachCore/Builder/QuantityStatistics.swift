// Statistics of one quantity type, as HealthKit's `HKStatistics`: the accumulator the builder keeps
// and the store saves (QuantityStatistics), and the same figures as `coach show` and `coach stats`
// report them (MetricStatistics). Two types because they are two encodings: the saved one keeps the
// monotonic timestamp recovery needs; the report names its unit and a wall-clock date.

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

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

/// One metric's statistics as reported (`coach show --json`, `coach stats --json`): the figures of
/// a QuantityStatistics with the unit they are in and the most recent value's wall-clock date.
public struct MetricStatistics: Sendable, Hashable, Codable {
    public var type: QuantityType
    /// The unit every value is in: `displayUnit` for a workout ("bpm", "steps"), `canonicalUnit`
    /// for its intervals ("count/min", "count"), as each command has always printed them.
    public var unit: String
    public var count: Int
    public var sum: Double?
    public var average: Double?
    public var minimum: Double?
    public var maximum: Double?
    public var mostRecent: Double?
    public var mostRecentDate: Date?

    public init(type: QuantityType, unit: String, count: Int, sum: Double? = nil, average: Double? = nil,
                minimum: Double? = nil, maximum: Double? = nil, mostRecent: Double? = nil, mostRecentDate: Date? = nil) {
        self.type = type
        self.unit = unit
        self.count = count
        self.sum = sum
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
        self.mostRecent = mostRecent
        self.mostRecentDate = mostRecentDate
    }

    /// `statistics` reported in `unit`. An interval's report leaves out the most recent value
    /// (`includesMostRecent: false`): within a slice of a workout it says nothing the next slice
    /// does not, and `coach stats` has never listed it.
    public init(_ statistics: QuantityStatistics, unit: String? = nil, includesMostRecent: Bool = true) {
        self.init(type: statistics.type, unit: unit ?? statistics.type.displayUnit, count: statistics.count,
                  sum: statistics.sum, average: statistics.average, minimum: statistics.minimum,
                  maximum: statistics.maximum, mostRecent: includesMostRecent ? statistics.mostRecent : nil,
                  mostRecentDate: includesMostRecent ? statistics.mostRecentAt?.date : nil)
    }
}
