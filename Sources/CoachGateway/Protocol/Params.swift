// Raw access to a request's params, for the handlers whose params are read by meaning (the
// permission methods: a type list is an array or one comma-separated string, an answer is a word or
// an object). The method's description (Routes.swift) has already checked every name, type and
// range before a handler sees these; this only reads them.

import CoachWire

struct Params: Sendable {
    let value: JSONValue
    init(_ value: JSONValue) { self.value = value }

    func string(_ key: String) -> String? { value[key]?.stringValue }
    func double(_ key: String) -> Double? { value[key]?.doubleValue }
    func bool(_ key: String) -> Bool? { value[key]?.boolValue }

    /// A whole number within `range`, or nil when absent or null. A fraction, a value out of
    /// range or another type is refused (never converted: `Int(1e300)` would stop the gateway).
    func integer(_ key: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let raw = value[key], !raw.isNull else { return nil }
        guard let number = raw.doubleValue, number == number.rounded(),
              number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            throw RPCError.invalidParams("\(key) must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(number)
    }

    func requiredString(_ key: String) throws -> String {
        guard let text = string(key) else { throw RPCError.invalidParams("\(key) must be a string") }
        return text
    }
}
