// What a JSON-RPC method takes and gives, as data: one small description per method (each param's
// name, type, range, whether it is required). The same descriptions decode requests (ParamsDecoder),
// answer `rpc.discover` (OpenRPC) and write the methods table of docs/protocol.md, so the three
// cannot drift apart.

/// The type of a param, with the values it accepts.
public enum ParamKind: Sendable, Hashable {
    /// A string; `oneOf` limits it to those values, `minLength` refuses shorter ones.
    case string(oneOf: [String]? = nil, minLength: Int = 0, maxLength: Int = 4096)
    /// A whole number in the range (`7`, `7.0`; never `7.5` or `1e300`).
    case integer(ClosedRange<Int>)
    /// A finite number in the range.
    case number(ClosedRange<Double>)
    case bool
    /// An array of at most `maxCount` strings, each at most `maxLength` characters.
    case strings(maxCount: Int, maxLength: Int)
    /// Names: an array of at most `maxCount` strings, or one comma-separated string.
    case names(maxCount: Int)
    /// One of `words`, or an object the handler reads (a permission answer: "yes", "no" or {…}).
    case wordOrObject([String])
    /// A workout goal: a shorthand string ("30min", "5km", "500kcal") or `{"type","value"}`.
    case goal

    /// What it accepts, for messages and docs ("an integer from 1 to 10000").
    public var accepts: String {
        switch self {
        case .string(let values?, _, _) where values.count > 8:
            return "one of \(values.count) names (" + values.prefix(4).joined(separator: ", ") + ", …; see rpc.discover)"
        case .string(let values?, _, _): return "one of " + values.joined(separator: ", ")
        case .string(nil, let minimum, let maximum):
            return minimum > 0 ? "a string of \(minimum) to \(maximum) characters" : "a string of at most \(maximum) characters"
        case .integer(let range): return "an integer from \(range.lowerBound) to \(range.upperBound)"
        case .number(let range): return "a number from \(Self.plain(range.lowerBound)) to \(Self.plain(range.upperBound))"
        case .bool: return "true or false"
        case .strings(let count, let length): return "an array of at most \(count) strings of at most \(length) characters"
        case .names(let count): return "an array of at most \(count) names, or one comma-separated string"
        case .wordOrObject(let words): return words.joined(separator: ", ") + " or an object"
        case .goal: return #"a goal such as "30min", "5km", "500kcal" or {"type":"time|distance|energy","value":N}"#
        }
    }

    /// 1e15 as "1e15", 90 as "90": bounds as a reader writes them.
    private static func plain(_ number: Double) -> String {
        let magnitude = abs(number)
        for exponent in 6...30 where Double("1e\(exponent)") == magnitude {
            return (number < 0 ? "-" : "") + "1e\(exponent)"
        }
        return JSONText.number(number)
    }

    /// The JSON Schema of the param, for OpenRPC.
    public var schema: JSONValue {
        switch self {
        case .string(let values, let minimum, let maximum):
            var members: [(String, JSONValue)] = [("type", "string")]
            if let values { members.append(("enum", .array(values.map(JSONValue.string)))) }
            if minimum > 0 { members.append(("minLength", .number(Double(minimum)))) }
            members.append(("maxLength", .number(Double(maximum))))
            return .object(members)
        case .integer(let range):
            return ["type": "integer", "minimum": .number(Double(range.lowerBound)), "maximum": .number(Double(range.upperBound))]
        case .number(let range):
            return ["type": "number", "minimum": .number(range.lowerBound), "maximum": .number(range.upperBound)]
        case .bool:
            return ["type": "boolean"]
        case .strings(let count, let length):
            return ["type": "array", "maxItems": .number(Double(count)), "items": ["type": "string", "maxLength": .number(Double(length))]]
        case .names(let count):
            return ["oneOf": [["type": "array", "maxItems": .number(Double(count)), "items": ["type": "string"]], ["type": "string"]]]
        case .wordOrObject(let words):
            return ["oneOf": [["type": "string", "enum": .array(words.map(JSONValue.string))], ["type": "object"]]]
        case .goal:
            return ["oneOf": [["type": "string", "pattern": "^[0-9.]+ ?[a-z]+$"],
                              ["type": "object", "required": ["type"],
                               "properties": ["type": ["type": "string", "enum": ["time", "distance", "energy", "open"]],
                                              "value": ["type": "number"]]]]]
        }
    }
}

/// One param of a method.
public struct ParamDescription: Sendable, Hashable {
    public var name: String
    public var kind: ParamKind
    public var required: Bool
    /// One line for the docs.
    public var summary: String

    public init(_ name: String, _ kind: ParamKind, required: Bool = false, _ summary: String = "") {
        self.name = name
        self.kind = kind
        self.required = required
        self.summary = summary
    }
}

/// One method: its params and what it answers.
public struct MethodDescription: Sendable, Hashable {
    public var name: String
    public var summary: String
    public var params: [ParamDescription]
    /// What the result is, in a few words (the docs table's last column).
    public var result: String
    /// True when it changes nothing: such requests are dropped, not performed, once the client is gone.
    public var readOnly: Bool
    /// Examples of the result as its type writes them (docs/protocol.md, "Results").
    public var examples: [ResultExample]

    public init(_ name: String, _ summary: String, params: [ParamDescription] = [], result: String, readOnly: Bool = false,
                examples: [ResultExample] = []) {
        self.name = name
        self.summary = summary
        self.params = params
        self.result = result
        self.readOnly = readOnly
        self.examples = examples
    }

    public func param(_ name: String) -> ParamDescription? { params.first { $0.name == name } }
}
