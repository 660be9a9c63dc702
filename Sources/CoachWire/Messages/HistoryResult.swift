// What `history` answers and `coach history --json` prints: saved workouts, newest first. Each key
// of a workout is written, null when unknown; keys in alphabetical order and dates as ISO 8601
// instants to the second, byte for byte what the store's JSONEncoder wrote before these types.

/// `history`: the workouts, newest first (a JSON array).
public struct HistoryResult: WireMessage {
    public var workouts: [WireWorkoutSummary]

    public init(_ workouts: [WireWorkoutSummary]) { self.workouts = workouts }

    public init(json: JSONValue) throws(WireDecodingError) { workouts = try WireFields.items(json) }

    public var json: JSONValue { .array(workouts.map(\.json)) }
}

/// One saved workout as `history` lists it (the store's WorkoutSummary).
public struct WireWorkoutSummary: WireMessage {
    public var id: String
    public var activity: String?
    public var location: String?
    public var goal: WorkoutGoal?
    public var name: String?
    /// ISO 8601 instants ("2026-05-01T07:30:12Z").
    public var startDate: String?
    public var endDate: String?
    /// Running seconds, pauses excluded.
    public var elapsed: Double
    /// saved, discarded or active.
    public var state: String
    public var discardReason: String?
    public var goalReached: Bool
    /// Metres and kilocalories from the saved statistics.
    public var totalDistance: Double?
    public var totalEnergy: Double?
    public var source: WireSource?

    public init(id: String, activity: String? = nil, location: String? = nil, goal: WorkoutGoal? = nil, name: String? = nil,
                startDate: String? = nil, endDate: String? = nil, elapsed: Double, state: String, discardReason: String? = nil,
                goalReached: Bool = false, totalDistance: Double? = nil, totalEnergy: Double? = nil, source: WireSource? = nil) {
        self.id = id
        self.activity = activity
        self.location = location
        self.goal = goal
        self.name = name
        self.startDate = startDate
        self.endDate = endDate
        self.elapsed = elapsed
        self.state = state
        self.discardReason = discardReason
        self.goalReached = goalReached
        self.totalDistance = totalDistance
        self.totalEnergy = totalEnergy
        self.source = source
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(id: try fields.string("id"), activity: try fields.optionalString("activity"),
                  location: try fields.optionalString("location"), goal: try fields.optionalMessage("goal"),
                  name: try fields.optionalString("name"), startDate: try fields.optionalString("startDate"),
                  endDate: try fields.optionalString("endDate"), elapsed: try fields.number("elapsed"),
                  state: try fields.string("state"), discardReason: try fields.optionalString("discardReason"),
                  goalReached: try fields.bool("goalReached"), totalDistance: try fields.optionalNumber("totalDistance"),
                  totalEnergy: try fields.optionalNumber("totalEnergy"), source: try fields.optionalMessage("source"))
    }

    public var json: JSONValue {
        // Every key, null when unknown, in alphabetical order.
        func orNull(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
        var goalMembers = WireMembers()
        if let goal {
            goalMembers.add("type", goal.type)
            goalMembers.add("value", goal.value)
        }
        return .object([
            ("activity", orNull(activity)), ("discardReason", orNull(discardReason)), ("elapsed", .number(elapsed)),
            ("endDate", orNull(endDate)), ("goal", goal == nil ? .null : goalMembers.json), ("goalReached", .bool(goalReached)),
            ("id", .string(id)), ("location", orNull(location)), ("name", orNull(name)), ("source", source?.json ?? .null),
            ("startDate", orNull(startDate)), ("state", .string(state)), ("totalDistance", .optional(totalDistance)),
            ("totalEnergy", .optional(totalEnergy)),
        ])
    }

    public static func == (lhs: WireWorkoutSummary, rhs: WireWorkoutSummary) -> Bool { lhs.json == rhs.json }
}

/// Who started or imported a workout (HKSourceRevision, HKDevice); absent members are left out.
public struct WireSource: WireMessage {
    public var name: String
    public var version: String?
    public var deviceName: String?
    public var deviceModel: String?
    public var deviceManufacturer: String?
    /// What Coach generated the values from (power, heartRate); nil when measured.
    public var generatedFrom: String?

    public init(name: String, version: String? = nil, deviceName: String? = nil, deviceModel: String? = nil,
                deviceManufacturer: String? = nil, generatedFrom: String? = nil) {
        self.name = name
        self.version = version
        self.deviceName = deviceName
        self.deviceModel = deviceModel
        self.deviceManufacturer = deviceManufacturer
        self.generatedFrom = generatedFrom
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        var device: WireFields?
        if let value = fields["device"] { device = try WireFields(value, path: fields.at("device")) }
        self.init(name: try fields.string("name"), version: try fields.optionalString("version"),
                  deviceName: try device?.optionalString("name"), deviceModel: try device?.optionalString("model"),
                  deviceManufacturer: try device?.optionalString("manufacturer"),
                  generatedFrom: try fields.optionalString("generatedFrom"))
    }

    public var json: JSONValue {
        var device = WireMembers()
        device.add("manufacturer", deviceManufacturer)
        device.add("model", deviceModel)
        device.add("name", deviceName)
        var out = WireMembers()
        if deviceName != nil || deviceModel != nil || deviceManufacturer != nil { out.add("device", device.json) }
        out.add("generatedFrom", generatedFrom)
        out.add("name", name)
        out.add("version", version)
        return out.json
    }
}
