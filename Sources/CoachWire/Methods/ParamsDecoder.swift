// Decoding a request's params once, by the method's description, before anything acts: wrong
// type, a fraction or a value out of range, an unknown name — each is -32602 with a message that
// names the param, says what it accepts and, for a misspelt name, the nearest known one. `null`
// means absent. No number is ever converted to Int unless it is whole and in range.

/// A param's value after decoding: already of the described type and within range.
public enum ParamValue: Sendable, Hashable {
    case string(String)
    case integer(Int)
    case number(Double)
    case bool(Bool)
    case strings([String])
    /// A goal (or another word-or-object value) as sent, its shape checked; the domain layer reads it.
    case goal(JSONValue)
}

/// A method's params, decoded and checked. Reading one cannot fail; a required param is present.
public struct DecodedParams: Sendable, Hashable {
    public internal(set) var values: [String: ParamValue] = [:]

    public init(_ values: [String: ParamValue] = [:]) { self.values = values }

    public func string(_ name: String) -> String? { if case .string(let v)? = values[name] { return v } else { return nil } }
    public func integer(_ name: String) -> Int? { if case .integer(let v)? = values[name] { return v } else { return nil } }
    public func number(_ name: String) -> Double? {
        switch values[name] {
        case .number(let v)?: return v
        case .integer(let v)?: return Double(v)
        default: return nil
        }
    }
    public func bool(_ name: String) -> Bool? { if case .bool(let v)? = values[name] { return v } else { return nil } }
    public func strings(_ name: String) -> [String]? { if case .strings(let v)? = values[name] { return v } else { return nil } }
    public func goal(_ name: String) -> JSONValue? { if case .goal(let v)? = values[name] { return v } else { return nil } }
}

extension MethodDescription {
    /// Decodes `params` (an object, or absent/null) by this description.
    public func decode(_ params: JSONValue?) throws(RPCError) -> DecodedParams {
        let members: [(String, JSONValue)]
        switch params {
        case nil, .null?: members = []
        case .object(let object)?: members = object
        default: throw RPCError.invalidParams("params must be an object with named params (\(name) takes \(paramList))")
        }
        var decoded = DecodedParams()
        var seen = Set<String>()
        for (key, value) in members {
            guard let description = param(key) else {
                throw RPCError.invalidParams("unknown param '\(key)'" + suggestion(for: key))
            }
            guard seen.insert(key).inserted else { throw RPCError.invalidParams("param '\(key)' appears twice") }
            if value.isNull { continue }
            guard let typed = Self.decode(value, as: description.kind) else {
                throw RPCError.invalidParams("\(key) must be \(description.kind.accepts)")
            }
            decoded.values[key] = typed
        }
        for description in requiredParams where decoded.values[description.name] == nil {
            throw RPCError.invalidParams("\(description.name) is required: \(description.kind.accepts)")
        }
        return decoded
    }

    private var requiredParams: [ParamDescription] { params.filter(\.required) }

    private var paramList: String {
        params.isEmpty ? "no params" : params.map(\.name).joined(separator: ", ")
    }

    /// " — did you mean 'activity'?" for a near miss, else the names this method takes.
    private func suggestion(for key: String) -> String {
        let names = params.map(\.name)
        let scored = names.map { ($0, EditDistance.between(key.lowercased(), $0.lowercased())) }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, best.0.count / 3) {
            return " — did you mean '\(best.0)'?"
        }
        return names.isEmpty ? " (\(name) takes no params)" : " (\(name) takes \(paramList))"
    }

    static func decode(_ value: JSONValue, as kind: ParamKind) -> ParamValue? {
        switch (kind, value) {
        case (.string(let values, let minimum, let maximum), .string(let text)):
            let length = text.unicodeScalars.count
            guard length >= minimum, length <= maximum else { return nil }
            if let values, !values.contains(text) { return nil }
            return .string(text)
        case (.integer(let range), .number(let number)):
            // Compared as Doubles first: Int(number) would trap on 1e300, inf or NaN.
            guard number == number.rounded(), number >= Double(range.lowerBound), number <= Double(range.upperBound) else { return nil }
            return .integer(Int(number))
        case (.number(let range), .number(let number)):
            guard number.isFinite, range.contains(number) else { return nil }
            return .number(number)
        case (.bool, .bool(let flag)):
            return .bool(flag)
        case (.strings(let maximumCount, let maximumLength), .array(let items)):
            guard items.count <= maximumCount else { return nil }
            var texts: [String] = []
            for item in items {
                guard let text = item.stringValue, text.unicodeScalars.count <= maximumLength else { return nil }
                texts.append(text)
            }
            return .strings(texts)
        case (.names(let maximumCount), .array(let items)):
            guard items.count <= maximumCount else { return nil }
            var names: [String] = []
            for item in items {
                guard let name = item.stringValue, name.unicodeScalars.count <= 256 else { return nil }
                names.append(name)
            }
            return .strings(names)
        case (.names, .string(let text)) where text.unicodeScalars.count <= 4096:
            return .strings([text])
        case (.wordOrObject(let words), .string(let word)):
            return words.contains(word) ? .goal(value) : nil
        case (.wordOrObject, .object):
            return .goal(value)
        case (.goal, .string(let text)) where !text.isEmpty && text.unicodeScalars.count <= 64:
            return .goal(value)
        case (.goal, .object):
            guard let type = value["type"]?.stringValue, ["time", "distance", "energy", "open"].contains(type) else { return nil }
            switch value["value"] {
            case nil, .null?: guard type == "open" else { return nil }
            case .number(let number)?: guard number.isFinite else { return nil }
            default: return nil
            }
            return .goal(value)
        default:
            return nil
        }
    }
}

/// Levenshtein distance, for "did you mean" (names are short: a plain table is fine).
enum EditDistance {
    static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars), b = Array(b.unicodeScalars)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
