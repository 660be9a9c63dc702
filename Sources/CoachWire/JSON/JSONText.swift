// The one JSON string escaper and the one number formatter, shared by every JSON writer in Coach
// (JSONValue, the feed renderers, `coach parse --json`) and by the human-readable forms that want
// the same "a whole number prints as an integer" rule.

public enum JSONText {
    /// A JSON string literal, quoted and escaped. Control characters are escaped, so a serialized
    /// value never contains a newline (the socket protocol is one JSON value per line).
    public static func string(_ value: String) -> String {
        var out = "\""
        write(value, to: &out)
        return out + "\""
    }

    /// Appends the escaped body of `value` (without quotes) to `out`.
    public static func write(_ value: String, to out: inout String) {
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                // U+2028/2029 are valid JSON but break JavaScript-based line readers.
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
    }

    /// A whole number without a fraction ("60", not "60.0"), others as Swift prints them (shortest
    /// round-tripping form); `null` for NaN and infinities, which JSON cannot carry.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    /// `value` rounded to `decimals` places, then as `number(_:)` ("0.97", "1609.344", "1800");
    /// `null` when nil.
    public static func number(_ value: Double?, decimals: Int) -> String {
        guard let value else { return "null" }
        return number(rounded(value, decimals: decimals))
    }

    /// `value` rounded to `decimals` places (half away from zero).
    public static func rounded(_ value: Double, decimals: Int) -> Double {
        guard value.isFinite else { return value }
        var scale = 1.0
        for _ in 0..<max(decimals, 0) { scale *= 10 }
        return (value * scale).rounded() / scale
    }

    public static func int(_ value: Int?) -> String { value.map(String.init) ?? "null" }

    public static func bool(_ value: Bool) -> String { value ? "true" : "false" }

    /// An object from keys and already-serialized values, in the given order.
    public static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}
