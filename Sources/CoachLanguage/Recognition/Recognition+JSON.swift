// Recognition+JSON: the `coach parse --json` object from DESIGN.md, keys in the documented
// order: text, lang, intent, slots {activity, location, goal {type, value}}, confidence.

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
        var out = "{\"text\":\(JSON.string(text)),\"lang\":\(JSON.string(language.rawValue)),\"intent\":"
        out += intent.map(JSON.string) ?? "null"
        out += ",\"slots\":{"
        var parts: [String] = []
        if let a = slots.activity { parts.append("\"activity\":\(JSON.string(a))") }
        if let l = slots.location { parts.append("\"location\":\(JSON.string(l))") }
        if let g = slots.goal {
            parts.append("\"goal\":{\"type\":\(JSON.string(g.type.rawValue)),\"value\":\(JSON.number(g.value))}")
        }
        out += parts.joined(separator: ",")
        out += "},\"confidence\":\(JSON.number(Self.rounded(confidence)))}"
        return out
    }

    static func rounded(_ c: Double) -> Double { (c * 100).rounded() / 100 }
}

enum JSON {
    static func string(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 {
                    let hex = String(u.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }

    /// Integers without a fraction ("1800"), others with up to 3 decimals ("0.97", "1609.344").
    static func number(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        var s = String((d * 1000).rounded() / 1000)
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s
    }
}

/// Number formatting shared with the command line ("1800", "2.5").
public enum JSONNumber {
    public static func format(_ d: Double) -> String { JSON.number(d) }
}
