// One metric's statistics on the wire, in HealthKit's names (HKStatistics: sum for cumulative
// types; average, minimum and maximum for discrete ones; the most recent value for both; and how
// many samples they came from). The one shape the status, `coach show --json` and the mirror use.
// The status's workout object also writes the names it used before (total, latest, min, max):
// docs/protocol.md promises them to clients written against them; new clients read these.

public struct WireStatistics: WireMessage {
    /// Samples counted; nil only from a gateway older than the count on the wire.
    public var count: Int?
    public var sum: Double?
    public var average: Double?
    public var minimum: Double?
    public var maximum: Double?
    public var mostRecent: Double?
    /// The unit every value is in ("bpm", "m", "kcal").
    public var unit: String?

    public init(count: Int? = nil, sum: Double? = nil, average: Double? = nil, minimum: Double? = nil,
                maximum: Double? = nil, mostRecent: Double? = nil, unit: String? = nil) {
        self.count = count
        self.sum = sum
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
        self.mostRecent = mostRecent
        self.unit = unit
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        count = try fields.optionalInteger("count")
        // A gateway older than the HealthKit names sent only the aliases: read those when alone.
        sum = try fields.optionalNumber("sum", alias: "total")
        average = try fields.optionalNumber("average")
        minimum = try fields.optionalNumber("minimum", alias: "min")
        maximum = try fields.optionalNumber("maximum", alias: "max")
        mostRecent = try fields.optionalNumber("mostRecent", alias: "latest")
        unit = try fields.optionalString("unit")
    }

    public var json: JSONValue { encoded(withAliases: false) }

    /// The object with the old names after the new ones (the status's `metrics`).
    public func encoded(withAliases: Bool) -> JSONValue {
        var out = WireMembers()
        out.add("count", count)
        out.add("sum", sum)
        out.add("average", average)
        out.add("minimum", minimum)
        out.add("maximum", maximum)
        out.add("mostRecent", mostRecent)
        out.add("unit", unit)
        if withAliases {
            out.add("total", sum)
            out.add("latest", mostRecent)
            out.add("min", minimum)
            out.add("max", maximum)
        }
        return out.json
    }
}
