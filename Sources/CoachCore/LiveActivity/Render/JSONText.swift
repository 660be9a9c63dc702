// A minimal JSON writer for the feed: fixed key order (stable output for diffing and tests) and
// one line per object, which Foundation's encoder does not promise.

public enum JSONText {
    /// A JSON string literal, quoted and escaped (shared by every hand-written JSON writer here).
    public static func string(_ value: String) -> String {
        var out = "\""
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
        return out + "\""
    }

    /// Up to three decimals, no exponent for ordinary values; `null` for NaN and infinities.
    static func number(_ value: Double?) -> String {
        guard let value, value.isFinite else { return "null" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }

    static func int(_ value: Int?) -> String { value.map(String.init) ?? "null" }

    static func bool(_ value: Bool) -> String { value ? "true" : "false" }

    static func object(_ pairs: [(String, String)]) -> String {
        "{" + pairs.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
    }
}
