// Recognition+JSON: the `coach parse --json` object from DESIGN.md, keys in the documented
// order: text, lang, intent, slots {activity, location, goal {type, value}, open}, confidence, and
// for a near miss suggestion {intent, slots, confidence} (issue #11).

import CoachWire

extension Recognition {
    /// One line of JSON, exactly as DESIGN.md specifies.
    public func json() -> String { wire.json.serialized() }

    /// The `parse` result (CoachWire's message): what `coach parse --json` prints.
    public var wire: ParseResult {
        // How a match that is not the line as typed was made (issue #28): typo, clause, keywords.
        ParseResult(text: text, lang: language.rawValue, intent: intent, slots: slots.wire, confidence: Self.rounded(confidence),
                    suggestion: suggested?.wire, method: intent != nil && method != .template && method != .none ? method.rawValue : nil,
                    heard: heard)
    }

    static func rounded(_ c: Double) -> Double { JSONText.rounded(c, decimals: 2) }
}

extension RecognizedSlots {
    /// The template slots the typed fields above are made from; every other slot (a user
    /// sentence file's `{incline}`) is passed on under its own name.
    static let typedSlotNames: Set<String> = ["activity", "location", "goal_value", "goal_unit", "open_ended",
                                               "workout_name", "workoutName", "name"]

    /// {activity, location, goal {type, value}}, then any other template slot by name (sorted)
    /// — absent slots omitted. The one rendering of slots: `coach parse --json`, suggestions and
    /// `coach listen --json` all use it.
    public var jsonValue: JSONValue { wire.json }

    public var wire: WireSlots {
        var others: [(String, JSONValue)] = []
        for (name, value) in values where !Self.typedSlotNames.contains(name) {
            switch value {
            case .string(let text): others.append((name, .string(text)))
            case .number(let number): others.append((name, .number(number)))
            case .bool(let flag): others.append((name, .bool(flag)))
            }
        }
        // An open-ended workout ("no goal today", 時間は決めずに) is said, so it is printed (#40).
        return WireSlots(activity: activity, location: location,
                         goal: goal.flatMap { goal in goal.value.flatMap { WorkoutGoal(type: goal.type, value: JSONText.rounded($0, decimals: 3)) } },
                         open: openEnded == true, others: others)
    }
}

extension Suggestion {
    /// `{"intent": …, "slots": {…}, "confidence": …}`.
    public var jsonValue: JSONValue { wire.json }

    public var wire: WireSuggestion { WireSuggestion(intent: intent, slots: slots.wire, confidence: Recognition.rounded(confidence)) }
}
