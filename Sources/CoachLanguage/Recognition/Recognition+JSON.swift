// Recognition+JSON: the `coach parse --json` object from DESIGN.md, keys in the documented
// order: text, lang, intent, slots {activity, location, goal {type, value}, open}, confidence, and
// for a near miss suggestion {intent, slots, confidence} (issue #11).

import CoachWire

extension Recognition {
    /// The JSON object as Swift values (String, Double, NSNull-free: absent keys are omitted
    /// except `intent`, which is `nil` → JSON null).
    public var jsonObject: [String: (any Sendable)?] {
        var slotsObject: [String: any Sendable] = [:]
        if let a = slots.activity { slotsObject["activity"] = a }
        if let l = slots.location { slotsObject["location"] = l }
        if let g = slots.goal, let value = g.value { slotsObject["goal"] = ["type": g.type, "value": value] as [String: any Sendable] }
        if slots.openEnded == true { slotsObject["open"] = true }
        return [
            "text": text, "lang": language.rawValue, "intent": intent, "slots": slotsObject,
            "confidence": Self.rounded(confidence),
        ]
    }

    /// One line of JSON, exactly as DESIGN.md specifies.
    public func json() -> String {
        var out = "{\"text\":\(JSONText.string(text)),\"lang\":\(JSONText.string(language.rawValue)),\"intent\":"
        out += intent.map(JSONText.string) ?? "null"
        out += ",\"slots\":" + slots.jsonValue.serialized()
        out += ",\"confidence\":\(JSONText.number(Self.rounded(confidence)))"
        if let s = suggested?.jsonValue { out += ",\"suggestion\":" + s.serialized() }
        // How a match that is not the line as typed was made (issue #28): typo, clause, keywords.
        if intent != nil, method != .template, method != .none { out += ",\"method\":" + JSONText.string(method.rawValue) }
        if let heard { out += ",\"heard\":" + JSONText.string(heard) }
        return out + "}"
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
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = []
        if let a = activity { members.append(("activity", .string(a))) }
        if let l = location { members.append(("location", .string(l))) }
        if let g = goal, let value = g.value {
            members.append(("goal", .object([("type", .string(g.type)), ("value", .number(JSONText.rounded(value, decimals: 3)))])))
        }
        // An open-ended workout ("no goal today", 時間は決めずに) is said, so it is printed (#40).
        if openEnded == true { members.append(("open", .bool(true))) }
        for (name, value) in values.sorted(by: { $0.key < $1.key }) where !Self.typedSlotNames.contains(name) {
            switch value {
            case .string(let text): members.append((name, .string(text)))
            case .number(let number): members.append((name, .number(number)))
            case .bool(let flag): members.append((name, .bool(flag)))
            }
        }
        return .object(members)
    }
}

extension Suggestion {
    /// `{"intent": …, "slots": {…}, "confidence": …}`.
    public var jsonValue: JSONValue {
        .object([
            ("intent", .string(intent)), ("slots", slots.jsonValue),
            ("confidence", .number(Recognition.rounded(confidence))),
        ])
    }
}
