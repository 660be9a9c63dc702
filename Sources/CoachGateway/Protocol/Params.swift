// Raw access to a request's params, for the handlers whose params are read by meaning (the
// permission methods: a type list is an array or one comma-separated string, an answer is a word or
// an object). The method's description (Routes.swift) has already checked every name, type and
// range before a handler sees these; this only reads them. Also the sample type lists of `start`
// (collect, noCollect).

import CoachCore
import CoachWire
import Foundation

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

extension DecodedParams {
    /// Sample type names (`["heartRate", "power"]`, or one "heartRate,power"); nil when absent.
    func sampleTypes(_ name: String) throws(RPCError) -> [QuantityType]? {
        guard let names = strings(name) else { return nil }
        var types: [QuantityType] = []
        for part in names.flatMap({ $0.split(separator: ",") }).map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            guard let type = QuantityType(name: part) else {
                throw RPCError.invalidParams("\(name): \"\(part)\" is not a sample type (one of \(QuantityType.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            if !types.contains(type) { types.append(type) }
        }
        return types
    }
}
