// Recognition+JSON: the `coach parse --json` object from DESIGN.md, keys in the documented
// order: text, lang, intent, slots {activity, location, goal {type, value}}, confidence, and
// for a near miss suggestion {intent, slots, confidence} (issue #11).

import CoachWire

extension Recognition {
    /// The JSON object as Swift values (String, Double, NSNull-free: absent keys are omitted
    /// except `intent`, which is `nil` → JSON null).
    public var jsonObject: [String: (any Sendable)?] {
        var slotsObject: [String: any Sendable] = [:]
        if let a = slots.activity { slotsObject["activity"] = a }
        if let l = slots.location { slotsObject["location"] = l }
        if let g = slots.goal { slotsObject["goal"] = ["type": g.type.rawValue, "value": g.value] as [String: any Sendable] }
        return [
            "text": text, "lang": language.rawValue, "intent": intent, "slots": slotsObject,
            "confidence": Self.rounded(confidence),
        ]
    }

    /// One line of JSON, exactly as DESIGN.md specifies.
    public func json() -> String {
        var out = "{\"text\":\(JSONText.string(text)),\"lang\":\(JSONText.string(language.rawValue)),\"intent\":"
        out += intent.map(JSONText.string) ?? "null"
        out += ",\"slots\":{"
        var parts: [String] = []
        if let a = slots.activity { parts.append("\"activity\":\(JSONText.string(a))") }
        if let l = slots.location { parts.append("\"location\":\(JSONText.string(l))") }
        if let g = slots.goal {
            parts.append("\"goal\":{\"type\":\(JSONText.string(g.type.rawValue)),\"value\":\(JSONText.number(g.value, decimals: 3))}")
        }
        out += parts.joined(separator: ",")
        out += "},\"confidence\":\(JSONText.number(Self.rounded(confidence)))"
        if let s = suggested?.jsonValue { out += ",\"suggestion\":" + s.serialized() }
        return out + "}"
    }

    static func rounded(_ c: Double) -> Double { JSONText.rounded(c, decimals: 2) }
}

extension RecognizedSlots {
    /// {activity, location, goal {type, value}} — absent slots omitted.
    public var jsonValue: JSONValue {
        var members: [(String, JSONValue)] = []
        if let a = activity { members.append(("activity", .string(a))) }
        if let l = location { members.append(("location", .string(l))) }
        if let g = goal {
            members.append(("goal", .object([("type", .string(g.type.rawValue)), ("value", .number(JSONText.rounded(g.value, decimals: 3)))])))
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
