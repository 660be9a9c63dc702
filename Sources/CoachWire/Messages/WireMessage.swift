// A protocol message as a type: each method's result is one struct whose JSON encoding and
// decoding are written once, here in CoachWire, so the gateway that builds a result and every
// client that reads it (the CLI, the REPL, the mirror, coach-status) share one definition.
// `WireFields` reads an object's members typed (an error names the key and what it wanted);
// `WireMembers` writes them in a fixed order, leaving out what is absent.

/// One message of the protocol: decoded from and encoded to CoachWire's JSON value.
public protocol WireMessage: Sendable, Equatable {
    /// Reads the message; throws when a member the message needs is missing or of the wrong type.
    init(json: JSONValue) throws(WireDecodingError)
    /// The message as sent: keys in the documented order.
    var json: JSONValue { get }
}

extension WireMessage {
    /// Reads a serialized message (a line, a file).
    public init(parsing text: String) throws(WireDecodingError) {
        let value: JSONValue
        do { value = try JSONValue(parsing: text) } catch { throw WireDecodingError(path: "", problem: "not JSON: \(error)") }
        try self.init(json: value)
    }
}

/// Why a message could not be read: where (a key path such as `workout.metrics.heartRate.sum`) and what.
public struct WireDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var problem: String

    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }

    public var description: String { path.isEmpty ? problem : "\(path): \(problem)" }
}

/// The members of one JSON object, read by name. An absent member and `null` are the same.
public struct WireFields: Sendable {
    public let members: [(String, JSONValue)]
    public let path: String

    public init(_ json: JSONValue, path: String = "") throws(WireDecodingError) {
        guard case .object(let members) = json else { throw WireDecodingError(path: path, problem: "expected: object") }
        self.members = members
        self.path = path
    }

    /// The member's value; nil when absent or null.
    public subscript(key: String) -> JSONValue? {
        guard let value = members.first(where: { $0.0 == key })?.1, !value.isNull else { return nil }
        return value
    }

    public func contains(_ key: String) -> Bool { self[key] != nil }

    func at(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    func wrong(_ key: String, _ wanted: String) -> WireDecodingError { WireDecodingError(path: at(key), problem: "expected: \(wanted)") }

    func missing(_ key: String) -> WireDecodingError { WireDecodingError(path: at(key), problem: "missing") }

    public func string(_ key: String) throws(WireDecodingError) -> String {
        guard let value = try optionalString(key) else { throw missing(key) }
        return value
    }

    public func optionalString(_ key: String) throws(WireDecodingError) -> String? {
        guard let value = self[key] else { return nil }
        guard let text = value.stringValue else { throw wrong(key, "string") }
        return text
    }

    public func number(_ key: String) throws(WireDecodingError) -> Double {
        guard let value = try optionalNumber(key) else { throw missing(key) }
        return value
    }

    public func optionalNumber(_ key: String) throws(WireDecodingError) -> Double? {
        guard let value = self[key] else { return nil }
        guard let number = value.doubleValue else { throw wrong(key, "number") }
        return number
    }

    /// `key`, or when it is absent the older name `alias` (a message a previous version wrote).
    public func optionalNumber(_ key: String, alias: String) throws(WireDecodingError) -> Double? {
        if let value = try optionalNumber(key) { return value }
        return try optionalNumber(alias)
    }

    public func integer(_ key: String) throws(WireDecodingError) -> Int {
        guard let value = try optionalInteger(key) else { throw missing(key) }
        return value
    }

    /// A whole number (never `Int(someDouble)` on a value from outside: 1e300 would trap).
    public func optionalInteger(_ key: String) throws(WireDecodingError) -> Int? {
        guard let value = self[key] else { return nil }
        guard let number = value.intValue else { throw wrong(key, "integer") }
        return number
    }

    public func bool(_ key: String) throws(WireDecodingError) -> Bool {
        guard let value = try optionalBool(key) else { throw missing(key) }
        return value
    }

    public func optionalBool(_ key: String) throws(WireDecodingError) -> Bool? {
        guard let value = self[key] else { return nil }
        guard let flag = value.boolValue else { throw wrong(key, "boolean") }
        return flag
    }

    public func optionalStrings(_ key: String) throws(WireDecodingError) -> [String]? {
        guard let value = self[key] else { return nil }
        guard case .array(let items) = value else { throw wrong(key, "[string]") }
        var texts: [String] = []
        for item in items {
            guard let text = item.stringValue else { throw wrong(key, "[string]") }
            texts.append(text)
        }
        return texts
    }

    public func message<Message: WireMessage>(_ key: String, as type: Message.Type = Message.self) throws(WireDecodingError) -> Message {
        guard let value = try optionalMessage(key, as: type) else { throw missing(key) }
        return value
    }

    /// A nested message; its errors name the whole path.
    public func optionalMessage<Message: WireMessage>(_ key: String, as type: Message.Type = Message.self) throws(WireDecodingError) -> Message? {
        guard let value = self[key] else { return nil }
        do { return try Message(json: value) } catch {
            throw WireDecodingError(path: error.path.isEmpty ? at(key) : at(key) + "." + error.path, problem: error.problem)
        }
    }

    /// An array of messages; an item's errors name its index (`added[3].id`).
    public func optionalMessages<Message: WireMessage>(_ key: String, as type: Message.Type = Message.self) throws(WireDecodingError) -> [Message]? {
        guard let value = self[key] else { return nil }
        return try Self.items(value, path: at(key))
    }

    /// The items of a JSON array, each one message.
    public static func items<Message: WireMessage>(_ json: JSONValue, path: String = "", as type: Message.Type = Message.self) throws(WireDecodingError) -> [Message] {
        guard case .array(let values) = json else { throw WireDecodingError(path: path, problem: "expected: array") }
        var out: [Message] = []
        for (index, value) in values.enumerated() {
            do { out.append(try Message(json: value)) } catch {
                throw WireDecodingError(path: path + "[\(index)]" + (error.path.isEmpty ? "" : ".\(error.path)"), problem: error.problem)
            }
        }
        return out
    }

    /// An object whose keys are names and whose values are whole numbers (samples per type).
    public func optionalCounts(_ key: String) throws(WireDecodingError) -> [(String, Int)]? {
        try optionalEntries(key) { (fields, name) throws(WireDecodingError) in try fields.integer(name) }
    }

    /// An object whose keys are names and whose values are strings (an event's metadata, decisions by type).
    public func optionalTexts(_ key: String) throws(WireDecodingError) -> [(String, String)]? {
        try optionalEntries(key) { (fields, name) throws(WireDecodingError) in try fields.string(name) }
    }

    /// An object whose keys are names, each value read by `read`, in the order sent.
    func optionalEntries<Value>(_ key: String, _ read: (WireFields, String) throws(WireDecodingError) -> Value) throws(WireDecodingError) -> [(String, Value)]? {
        guard let value = self[key] else { return nil }
        let nested = try WireFields(value, path: at(key))
        var out: [(String, Value)] = []
        for (name, _) in nested.members { out.append((name, try read(nested, name))) }
        return out
    }

    /// An object whose keys are names (metrics by type): each value one message, in the order sent.
    public func optionalMessages<Message: WireMessage>(keyedBy key: String, as type: Message.Type = Message.self) throws(WireDecodingError) -> [(String, Message)]? {
        try optionalEntries(key) { (fields, name) throws(WireDecodingError) in try fields.message(name, as: type) }
    }
}

/// An object being written: members in the order added; `nil` values left out (use `.null` to
/// write a null).
public struct WireMembers: Sendable {
    public private(set) var members: [(String, JSONValue)] = []

    public init() {}

    public mutating func add(_ key: String, _ value: JSONValue) { members.append((key, value)) }

    /// `value` unless nil. (A `nil` literal here would be JSONValue's null, not "absent": pass a typed optional.)
    public mutating func add(_ key: String, _ value: JSONValue?) { if let value { members.append((key, value)) } }

    public mutating func add(_ key: String, _ value: String?) { add(key, value.map(JSONValue.string)) }

    public mutating func add(_ key: String, _ value: Double?) { add(key, value.map(JSONValue.number)) }

    public mutating func add(_ key: String, _ value: Int?) { add(key, value.map { JSONValue.number(Double($0)) }) }

    public mutating func add(_ key: String, _ value: Bool?) { add(key, value.map(JSONValue.bool)) }

    public mutating func add(_ key: String, _ value: [String]?) { add(key, value.map { JSONValue.array($0.map(JSONValue.string)) }) }

    public mutating func add(_ key: String, _ value: (some WireMessage)?) { add(key, value?.json) }

    public var json: JSONValue { .object(members) }

    /// The object with its keys sorted, as JSONEncoder's `.sortedKeys` writes them (the store's
    /// messages: `show`, `workouts.changes`).
    public var sortedJSON: JSONValue { .object(members.sorted { $0.0 < $1.0 }) }
}
