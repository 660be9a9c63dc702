// One metric's statistics on the wire, in HealthKit's names (HKStatistics: sum for cumulative
// types; average, minimum and maximum for discrete ones; the most recent value for both; and how
// many samples they came from). The one shape the status, `coach show --json` and the mirror use.
// `show` and `coach show --json` list them as an array, each naming its `type` and the
// `mostRecentDate` (HKStatistics' mostRecentQuantityDateInterval), keys sorted.
// The status's workout object also writes the names it used before (total, latest, min, max):
// docs/protocol.md promises them to clients written against them; new clients read these.

public struct WireStatistics: WireMessage {
    /// The sample type ("heartRate"); nil where the statistics are keyed by it (a workout's metrics).
    public var type: String?
    /// Samples counted; nil only from a gateway older than the count on the wire.
    public var count: Int?
    public var sum: Double?
    public var average: Double?
    public var minimum: Double?
    public var maximum: Double?
    public var mostRecent: Double?
    /// When the most recent value was measured (ISO 8601 to the second); `show` only.
    public var mostRecentDate: String?
    /// The unit every value is in ("bpm", "m", "kcal").
    public var unit: String?

    public init(type: String? = nil, count: Int? = nil, sum: Double? = nil, average: Double? = nil, minimum: Double? = nil,
                maximum: Double? = nil, mostRecent: Double? = nil, mostRecentDate: String? = nil, unit: String? = nil) {
        self.type = type
        self.count = count
        self.sum = sum
        self.average = average
        self.minimum = minimum
        self.maximum = maximum
        self.mostRecent = mostRecent
        self.mostRecentDate = mostRecentDate
        self.unit = unit
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        type = try fields.optionalString("type")
        count = try fields.optionalInteger("count")
        // A gateway older than the HealthKit names sent only the aliases: read those when alone.
        sum = try fields.optionalNumber("sum", alias: "total")
        average = try fields.optionalNumber("average")
        minimum = try fields.optionalNumber("minimum", alias: "min")
        maximum = try fields.optionalNumber("maximum", alias: "max")
        mostRecent = try fields.optionalNumber("mostRecent", alias: "latest")
        mostRecentDate = try fields.optionalString("mostRecentDate")
        unit = try fields.optionalString("unit")
    }

    public var json: JSONValue { members(withAliases: false).json }

    /// The object with the old names after the new ones (the status's `metrics`).
    public func encoded(withAliases: Bool) -> JSONValue { members(withAliases: withAliases).json }

    func members(withAliases: Bool) -> WireMembers {
        var out = WireMembers()
        out.add("type", type)
        out.add("count", count)
        out.add("sum", sum)
        out.add("average", average)
        out.add("minimum", minimum)
        out.add("maximum", maximum)
        out.add("mostRecent", mostRecent)
        out.add("mostRecentDate", mostRecentDate)
        out.add("unit", unit)
        if withAliases {
            out.add("total", sum)
            out.add("latest", mostRecent)
            out.add("min", minimum)
            out.add("max", maximum)
        }
        return out
    }
}
