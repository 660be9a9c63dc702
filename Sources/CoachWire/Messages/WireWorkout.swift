// The workout object: the `workout` of a status (and start, end, lap) result, the params of a
// `status` notification, what `coach status --format json` prints and what a mirror shows of its
// primary. While locked only id, state, activity, elapsed, start/end, countdown and autoPaused
// carry values (the one privacy rule): the members a lock hides are nil here and left out.

public struct WireWorkout: WireMessage {
    public var id: String?
    /// The session state (notStarted, prepared, running, paused, stopped, ended).
    public var state: String
    public var activity: String?
    /// nil when not said (the journal's "unknown") or locked.
    public var location: String?
    /// nil when open-ended or locked.
    public var goal: WorkoutGoal?
    /// Seconds, pauses excluded, to the millisecond.
    public var elapsed: Double
    public var name: String?
    /// ISO 8601 with milliseconds, UTC ("2026-01-01T00:00:00.000Z").
    public var start: String?
    public var end: String?
    public var countdown: Int?
    public var autoPaused: Bool
    /// Types the workout refuses (HealthKit's disabled types); nil when none or locked.
    public var notCollected: [String]?
    public var distanceSource: String?
    public var laps: Int?
    public var locked: Bool
    public var step: WireStep?
    public var goalProgress: Double?
    public var goalReached: Bool?
    /// Statistics by type name, in the order sent; nil while locked.
    public var metrics: [(String, WireStatistics)]?

    public init(id: String? = nil, state: String, activity: String? = nil, location: String? = nil, goal: WorkoutGoal? = nil,
                elapsed: Double = 0, name: String? = nil, start: String? = nil, end: String? = nil, countdown: Int? = nil,
                autoPaused: Bool = false, notCollected: [String]? = nil, distanceSource: String? = nil, laps: Int? = nil,
                locked: Bool = false, step: WireStep? = nil, goalProgress: Double? = nil, goalReached: Bool? = nil,
                metrics: [(String, WireStatistics)]? = nil) {
        self.id = id
        self.state = state
        self.activity = activity
        self.location = location
        self.goal = goal
        self.elapsed = elapsed
        self.name = name
        self.start = start
        self.end = end
        self.countdown = countdown
        self.autoPaused = autoPaused
        self.notCollected = notCollected
        self.distanceSource = distanceSource
        self.laps = laps
        self.locked = locked
        self.step = step
        self.goalProgress = goalProgress
        self.goalReached = goalReached
        self.metrics = metrics
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        id = try fields.optionalString("id")
        state = try fields.string("state")
        activity = try fields.optionalString("activity")
        location = try fields.optionalString("location")
        goal = try fields.optionalMessage("goal")
        elapsed = try fields.optionalNumber("elapsed") ?? 0
        name = try fields.optionalString("name")
        start = try fields.optionalString("start")
        end = try fields.optionalString("end")
        countdown = try fields.optionalInteger("countdown")
        autoPaused = try fields.optionalBool("autoPaused") ?? false
        notCollected = try fields.optionalStrings("notCollected")
        distanceSource = try fields.optionalString("distanceSource")
        laps = try fields.optionalInteger("laps")
        locked = try fields.optionalBool("locked") ?? false
        step = try fields.optionalMessage("step")
        goalProgress = try fields.optionalNumber("goalProgress")
        goalReached = try fields.optionalBool("goalReached")
        metrics = try fields.optionalMessages(keyedBy: "metrics")
    }

    public var json: JSONValue {
        var out = WireMembers()
        out.add("id", JSONValue.optional(id))
        out.add("state", .string(state))
        out.add("activity", JSONValue.optional(activity))
        out.add("location", JSONValue.optional(location))
        out.add("goal", goal?.json ?? .null)
        out.add("elapsed", .number(elapsed))
        out.add("name", name)
        out.add("start", start)
        out.add("end", end)
        out.add("countdown", countdown)
        if autoPaused { out.add("autoPaused", .bool(true)) }
        out.add("notCollected", notCollected)
        out.add("distanceSource", distanceSource)
        out.add("laps", laps)
        out.add("locked", .bool(locked))
        out.add("step", step)
        out.add("goalProgress", goalProgress)
        out.add("goalReached", goalReached)
        out.add("metrics", metrics.map { entries in .object(entries.map { ($0.0, $0.1.encoded(withAliases: true)) }) })
        return out.json
    }

    public static func == (lhs: WireWorkout, rhs: WireWorkout) -> Bool { lhs.json == rhs.json }
}

/// The plan's step in a workout object: which step always; its values only unlocked.
public struct WireStep: WireMessage {
    public var index: Int
    public var count: Int
    public var purpose: String
    public var iteration: Int
    public var iterations: Int
    public var plan: String?
    public var goal: WorkoutGoal?
    /// Left of the step's goal, in its unit, to the millisecond.
    public var remaining: Double?
    /// A pacer's or race's gap in seconds (positive ahead), to a tenth.
    public var gap: Double?
    public var target: Target?

    /// The range an alert holds the metric in.
    public struct Target: WireMessage {
        public var metric: String
        public var low: Double
        public var high: Double

        public init(metric: String, low: Double, high: Double) {
            self.metric = metric
            self.low = low
            self.high = high
        }

        public init(json: JSONValue) throws(WireDecodingError) {
            let fields = try WireFields(json)
            metric = try fields.string("metric")
            low = try fields.number("low")
            high = try fields.number("high")
        }

        public var json: JSONValue { ["metric": .string(metric), "low": .number(low), "high": .number(high)] }
    }

    public init(index: Int, count: Int, purpose: String, iteration: Int, iterations: Int, plan: String? = nil,
                goal: WorkoutGoal? = nil, remaining: Double? = nil, gap: Double? = nil, target: Target? = nil) {
        self.index = index
        self.count = count
        self.purpose = purpose
        self.iteration = iteration
        self.iterations = iterations
        self.plan = plan
        self.goal = goal
        self.remaining = remaining
        self.gap = gap
        self.target = target
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        index = try fields.integer("index")
        count = try fields.integer("count")
        purpose = try fields.string("purpose")
        iteration = try fields.integer("iteration")
        iterations = try fields.integer("iterations")
        plan = try fields.optionalString("plan")
        goal = try fields.optionalMessage("goal")
        remaining = try fields.optionalNumber("remaining")
        gap = try fields.optionalNumber("gap")
        target = try fields.optionalMessage("target")
    }

    public var json: JSONValue {
        var out = WireMembers()
        out.add("index", index)
        out.add("count", count)
        out.add("purpose", purpose)
        out.add("iteration", iteration)
        out.add("iterations", iterations)
        out.add("plan", plan)
        out.add("goal", goal)
        out.add("remaining", remaining)
        out.add("gap", gap)
        out.add("target", target)
        return out.json
    }
}

/// A goal on the wire: `{"type":"time","value":1800}` (seconds, metres, kilocalories).
extension WorkoutGoal: WireMessage {
    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        let type = try fields.string("type")
        guard let goal = WorkoutGoal(type: type, value: try fields.optionalNumber("value")) else {
            throw WireDecodingError(path: "type", problem: "unknown: \(type)" + (type == "open" ? "" : "/value"))
        }
        self = goal
    }

    public var json: JSONValue { ["type": .string(type), "value": .optional(value)] }
}
