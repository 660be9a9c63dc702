// What `show` answers and `coach show --json` prints: one saved workout with its statistics (in
// HealthKit's names, each naming its type), events and the samples' sources. Keys sorted at every
// level and dates as ISO 8601 instants to the second, byte for byte what the store's JSONEncoder
// wrote before these types; what is unknown is left out, except in the summary (as `history`).

public struct ShowResult: WireMessage {
    public var summary: WireWorkoutSummary
    /// One per sample type, with `type` and `mostRecentDate`.
    public var statistics: [WireStatistics]
    public var events: [WireEvent]
    public var sampleCount: Int
    /// The samples grouped by source and device, largest group first.
    public var sources: [WireSourceSamples]
    /// sensor, samples or route; nil when nothing measured distance.
    public var distanceSource: String?
    public var routePoints: Int?

    public init(summary: WireWorkoutSummary, statistics: [WireStatistics] = [], events: [WireEvent] = [], sampleCount: Int = 0,
                sources: [WireSourceSamples] = [], distanceSource: String? = nil, routePoints: Int? = nil) {
        self.summary = summary
        self.statistics = statistics
        self.events = events
        self.sampleCount = sampleCount
        self.sources = sources
        self.distanceSource = distanceSource
        self.routePoints = routePoints
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(summary: try fields.message("summary"), statistics: try fields.optionalMessages("statistics") ?? [],
                  events: try fields.optionalMessages("events") ?? [], sampleCount: try fields.integer("sampleCount"),
                  sources: try fields.optionalMessages("sources") ?? [], distanceSource: try fields.optionalString("distanceSource"),
                  routePoints: try fields.optionalInteger("routePoints"))
    }

    public var json: JSONValue {
        var out = WireMembers()
        out.add("distanceSource", distanceSource)
        out.add("events", .array(events.map(\.json)))
        out.add("routePoints", routePoints)
        out.add("sampleCount", sampleCount)
        out.add("sources", .array(sources.map(\.json)))
        out.add("statistics", .array(statistics.map { $0.members(withAliases: false).sortedJSON }))
        out.add("summary", summary)
        return out.sortedJSON
    }
}

/// A workout event as stored (HKWorkoutEvent): pause, resume, lap, marker, segment…
public struct WireEvent: WireMessage {
    public var type: String
    /// ISO 8601 to the second.
    public var date: String
    /// Seconds (a segment's, a lap's).
    public var duration: Double?
    /// Written always, `{}` when empty; keys sorted.
    public var metadata: [(String, String)]

    public init(type: String, date: String, duration: Double? = nil, metadata: [(String, String)] = []) {
        self.type = type
        self.date = date
        self.duration = duration
        self.metadata = metadata.sorted { $0.0 < $1.0 }
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(type: try fields.string("type"), date: try fields.string("date"), duration: try fields.optionalNumber("duration"),
                  metadata: try fields.optionalTexts("metadata") ?? [])
    }

    public var json: JSONValue {
        var out = WireMembers()
        out.add("date", date)
        out.add("duration", duration)
        out.add("metadata", .object(metadata.map { ($0.0, .string($0.1)) }))
        out.add("type", type)
        return out.json
    }

    public static func == (lhs: WireEvent, rhs: WireEvent) -> Bool { lhs.json == rhs.json }
}

/// The samples of one workout from one source, as the Health app's "Sources" list: how many of each type.
public struct WireSourceSamples: WireMessage {
    /// nil: samples written before sources were recorded.
    public var source: WireSource?
    public var count: Int
    /// Samples per type name, keys sorted.
    public var types: [(String, Int)]

    public init(source: WireSource?, count: Int, types: [(String, Int)]) {
        self.source = source
        self.count = count
        self.types = types.sorted { $0.0 < $1.0 }
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(source: try fields.optionalMessage("source"), count: try fields.integer("count"),
                  types: try fields.optionalCounts("types") ?? [])
    }

    public var json: JSONValue {
        var out = WireMembers()
        out.add("count", count)
        out.add("source", source)
        out.add("types", .object(types.map { ($0.0, .number(Double($0.1))) }))
        return out.json
    }

    public static func == (lhs: WireSourceSamples, rhs: WireSourceSamples) -> Bool { lhs.json == rhs.json }
}
