// What `parse` answers and `coach parse --json` prints (DESIGN.md): the utterance, its language,
// the intent (null when not understood), the slots, the confidence to a hundredth; for a near miss
// the suggestion; how a match that is not the line as typed was made (`method`, issue #28) and
// the line it was made on (`heard`). Wyoming's `recognize` answer is built from it too.

public struct ParseResult: WireMessage {
    public var text: String
    public var lang: String
    /// StartWorkout, PauseWorkout…; nil when not understood.
    public var intent: String?
    public var slots: WireSlots
    /// 0…1, to a hundredth.
    public var confidence: Double
    public var suggestion: WireSuggestion?
    /// typo, clause or keywords; nil for a template match as typed.
    public var method: String?
    /// The corrected line or the clause that matched.
    public var heard: String?

    public init(text: String, lang: String, intent: String?, slots: WireSlots = WireSlots(), confidence: Double,
                suggestion: WireSuggestion? = nil, method: String? = nil, heard: String? = nil) {
        self.text = text
        self.lang = lang
        self.intent = intent
        self.slots = slots
        self.confidence = confidence
        self.suggestion = suggestion
        self.method = method
        self.heard = heard
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(text: try fields.string("text"), lang: try fields.string("lang"), intent: try fields.optionalString("intent"),
                  slots: try fields.optionalMessage("slots") ?? WireSlots(), confidence: try fields.number("confidence"),
                  suggestion: try fields.optionalMessage("suggestion"), method: try fields.optionalString("method"),
                  heard: try fields.optionalString("heard"))
    }

    public var json: JSONValue {
        var out = WireMembers()
        out.add("text", text)
        out.add("lang", lang)
        out.add("intent", JSONValue.optional(intent))
        out.add("slots", slots)
        out.add("confidence", confidence)
        out.add("suggestion", suggestion)
        out.add("method", method)
        out.add("heard", heard)
        return out.json
    }
}

/// The slots understood: activity, location, goal, open-ended, then any other template slot by
/// name (a user sentence file's `{incline}`), sorted; absent slots left out.
public struct WireSlots: WireMessage {
    public var activity: String?
    public var location: String?
    /// Time, distance or energy with its value (never open: that is `open`).
    public var goal: WorkoutGoal?
    public var open: Bool
    /// Other template slots: a string, a number or a boolean each.
    public var others: [(String, JSONValue)]

    static let typedNames: Set<String> = ["activity", "location", "goal", "open"]

    public init(activity: String? = nil, location: String? = nil, goal: WorkoutGoal? = nil, open: Bool = false,
                others: [(String, JSONValue)] = []) {
        self.activity = activity
        self.location = location
        self.goal = goal
        self.open = open
        self.others = others.sorted { $0.0 < $1.0 }
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(activity: try fields.optionalString("activity"), location: try fields.optionalString("location"),
                  goal: try fields.optionalMessage("goal"), open: try fields.optionalBool("open") ?? false,
                  others: fields.members.filter { !Self.typedNames.contains($0.0) })
    }

    public var json: JSONValue {
        var out = WireMembers()
        out.add("activity", activity)
        out.add("location", location)
        out.add("goal", goal)
        if open { out.add("open", .bool(true)) }
        for (name, value) in others { out.add(name, value) }
        return out.json
    }

    public static func == (lhs: WireSlots, rhs: WireSlots) -> Bool { lhs.json == rhs.json }
}

/// A near miss to ask about ("did you mean …"): what would have been done and how sure.
public struct WireSuggestion: WireMessage {
    public var intent: String
    public var slots: WireSlots
    public var confidence: Double

    public init(intent: String, slots: WireSlots = WireSlots(), confidence: Double) {
        self.intent = intent
        self.slots = slots
        self.confidence = confidence
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(intent: try fields.string("intent"), slots: try fields.optionalMessage("slots") ?? WireSlots(),
                  confidence: try fields.number("confidence"))
    }

    public var json: JSONValue { ["intent": .string(intent), "slots": slots.json, "confidence": .number(confidence)] }
}
