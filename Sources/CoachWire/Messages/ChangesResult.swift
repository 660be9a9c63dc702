// What `workouts.changes` answers (HKAnchoredObjectQuery's added objects and tombstones, a page
// at a time), what a `changes` notification carries and what `coach changes` prints a line of.
// Keys sorted and dates to the second, byte for byte what the store's JSONEncoder wrote before
// these types; `since`, which the notification and `coach changes` add, comes first.

public struct ChangesResult: WireMessage {
    /// The anchor the page starts after (the notification's and `coach changes`'; not the method's).
    public var since: Int?
    public var added: [WireStoredObject]
    public var deleted: [WireDeletedObject]
    /// Ask again from here for what is newer.
    public var anchor: Int
    /// The page was cut at its limit: ask again from `anchor` for the rest.
    public var more: Bool

    public init(since: Int? = nil, added: [WireStoredObject] = [], deleted: [WireDeletedObject] = [], anchor: Int, more: Bool = false) {
        self.since = since
        self.added = added
        self.deleted = deleted
        self.anchor = anchor
        self.more = more
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(since: try fields.optionalInteger("since"), added: try fields.optionalMessages("added") ?? [],
                  deleted: try fields.optionalMessages("deleted") ?? [], anchor: try fields.integer("anchor"),
                  more: try fields.optionalBool("more") ?? false)
    }

    public var isEmpty: Bool { added.isEmpty && deleted.isEmpty }

    public var json: JSONValue {
        var out = WireMembers()
        out.add("added", .array(added.map(\.json)))
        out.add("anchor", anchor)
        out.add("deleted", .array(deleted.map(\.json)))
        out.add("more", more)
        guard let since, case .object(let members) = out.json else { return out.json }
        return .object([("since", .number(Double(since)))] + members)
    }
}

/// An added object: a saved workout (as `history` lists it) or a sample, with `"kind"` among its keys.
/// (An older primary's workout is read too and written as the current shape.)
public enum WireStoredObject: WireMessage {
    case workout(WireWorkoutSummary)
    case sample(WireSample)
    /// An older primary's workout (Swift's synthesized `{"workout":{"_0":…}}`): that primary has
    /// no `workouts.replica`, so a mirror knows it by id and does not copy it. Written as `workout`.
    case legacyWorkout(WireWorkoutSummary)

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        switch try fields.optionalString("kind") {
        case "workout": self = .workout(try WireWorkoutSummary(json: json))
        case "sample": self = .sample(try WireSample(json: json))
        case nil:
            // An older primary wrote Swift's synthesized {"workout":{"_0":…}}.
            if let old = fields["workout"] { self = .legacyWorkout(try WireWorkoutSummary(json: old["_0"] ?? old)) }
            else if let old = fields["sample"] { self = .sample(try WireSample(json: old["_0"] ?? old)) }
            else { throw fields.missing("kind") }
        case let kind?: throw WireDecodingError(path: "kind", problem: "unknown: \(kind)")
        }
    }

    public var json: JSONValue {
        let (kind, object): (String, JSONValue) = switch self {
        case .workout(let workout), .legacyWorkout(let workout): ("workout", workout.json)
        case .sample(let sample): ("sample", sample.json)
        }
        guard case .object(let members) = object else { return object }
        return .object((members + [("kind", .string(kind))]).sorted { $0.0 < $1.0 })
    }

    /// The workout's or the sample's id.
    public var id: String {
        switch self {
        case .workout(let workout), .legacyWorkout(let workout): workout.id
        case .sample(let sample): String(sample.id)
        }
    }

    /// A workout's id (an older primary's too); nil for a sample.
    public var workoutID: String? {
        switch self {
        case .workout(let workout), .legacyWorkout(let workout): workout.id
        case .sample: nil
        }
    }
}

/// A sample as stored; `id` is stable until the sample is replaced or deleted (`samples.delete` takes it).
public struct WireSample: WireMessage {
    public var id: Int
    public var workoutID: String
    public var type: String
    /// In the type's canonical unit.
    public var value: Double
    /// ISO 8601 to the second.
    public var date: String
    public var syncIdentifier: String?
    public var syncVersion: Int?
    public var source: WireSource?

    public init(id: Int, workoutID: String, type: String, value: Double, date: String, syncIdentifier: String? = nil,
                syncVersion: Int? = nil, source: WireSource? = nil) {
        self.id = id
        self.workoutID = workoutID
        self.type = type
        self.value = value
        self.date = date
        self.syncIdentifier = syncIdentifier
        self.syncVersion = syncVersion
        self.source = source
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(id: try fields.integer("id"), workoutID: try fields.string("workoutID"), type: try fields.string("type"),
                  value: try fields.number("value"), date: try fields.string("date"),
                  syncIdentifier: try fields.optionalString("syncIdentifier"), syncVersion: try fields.optionalInteger("syncVersion"),
                  source: try fields.optionalMessage("source"))
    }

    public var json: JSONValue {
        var out = WireMembers()
        out.add("date", date)
        out.add("id", id)
        out.add("source", source)
        out.add("syncIdentifier", syncIdentifier)
        out.add("syncVersion", syncVersion)
        out.add("type", type)
        out.add("value", value)
        out.add("workoutID", workoutID)
        return out.json
    }
}

/// A tombstone: a workout or sample that was deleted (a discarded workout's samples, a replaced sample).
public struct WireDeletedObject: WireMessage {
    /// workout or sample.
    public var kind: String
    /// The workout's id, or the sample's id as text.
    public var id: String
    public var workoutID: String

    public init(kind: String, id: String, workoutID: String) {
        self.kind = kind
        self.id = id
        self.workoutID = workoutID
    }

    public init(json: JSONValue) throws(WireDecodingError) {
        let fields = try WireFields(json)
        self.init(kind: try fields.string("kind"), id: try fields.string("id"), workoutID: try fields.string("workoutID"))
    }

    public var json: JSONValue { ["id": .string(id), "kind": .string(kind), "workoutID": .string(workoutID)] }
}
