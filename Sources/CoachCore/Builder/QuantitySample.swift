// A measured value fed into a workout, optionally carrying HealthKit-style sync metadata so that a
// source that resends a sample replaces it instead of duplicating it. Their statistics:
// QuantityStatistics.swift.

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
