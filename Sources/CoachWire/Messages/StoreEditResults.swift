// What the methods that change what was saved answer (issue 33): `workouts.delete`, asked first
// and then confirmed, and `samples.delete`. `coach delete` reads the first one; a script reads
// both. (`sample` with a `workout` answers a SampleResult.)

/// `workouts.delete`: without `confirm`, the question (`deleted` false, `code`
/// confirmationRequired, the workout's full `id`); with it, what went.
public struct WorkoutDeleteResult: WireMessage {
    public var deleted: Bool
    /// confirmationRequired while nothing was deleted.
    public var code: String?
    /// The workout that would go (the question names it in full, not by the prefix asked).
    public var id: String?
    /// The workouts deleted (one).
    public var workouts: [String]?
    /// How many of their samples went with them.
    public var samples: Int?
    public var message: String

    public init(deleted: Bool, code: String? = nil, id: String? = nil, workouts: [String]? = nil, samples: Int? = nil,
                message: String) {
        self.deleted = deleted
        self.code = code
        self.id = id
        self.workouts = workouts
        self.samples = samples
        self.message = message
    }

    /// The question asked before deleting `id`.
    public static func confirmationRequired(id: String, message: String) -> Self {
        Self(deleted: false, code: "confirmationRequired", id: id, message: message)
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(deleted: try fields.bool("deleted"), code: try fields.optionalString("code"), id: try fields.optionalString("id"),
                  workouts: try fields.optionalStrings("workouts"), samples: try fields.optionalInteger("samples"),
                  message: try fields.optionalString("message") ?? "")
    }

    public var json: JSONValue {
        var out = WireMembers()
        out.add("deleted", deleted)
        out.add("code", code)
        out.add("id", id)
        out.add("workouts", workouts)
        out.add("samples", samples)
        out.add("message", message)
        return out.json
    }
}

/// `samples.delete`: how many samples went, and the saved workouts whose statistics changed.
public struct SamplesDeleteResult: WireMessage {
    public var deleted: Int
    public var updatedWorkouts: [String]

    public init(deleted: Int, updatedWorkouts: [String]) {
        self.deleted = deleted
        self.updatedWorkouts = updatedWorkouts
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(deleted: try fields.integer("deleted"), updatedWorkouts: try fields.optionalStrings("updatedWorkouts") ?? [])
    }

    public var json: JSONValue { ["deleted": .number(Double(deleted)), "updatedWorkouts": .array(updatedWorkouts.map(JSONValue.string))] }
}
