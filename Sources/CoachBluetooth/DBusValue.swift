// D-Bus values as Swift sees them: what a reply or a signal carries, read generically (BlueZ's
// replies are nested dictionaries of variants), and the few argument shapes Coach sends (to BlueZ
// and logind).

public indirect enum DBusValue: Sendable, Hashable {
    case string(String)
    case objectPath(String)
    case bool(Bool)
    case integer(Int64)
    case unsigned(UInt64)
    case double(Double)
    case bytes([UInt8])
    case array([DBusValue])
    case dictionary([DBusValue: DBusValue])
    case structure([DBusValue])
    case variant(DBusValue)

    /// The value inside any number of variants.
    public var unwrapped: DBusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    public var string: String? {
        switch unwrapped {
        case .string(let value), .objectPath(let value): return value
        default: return nil
        }
    }

    public var bool: Bool? { if case .bool(let value) = unwrapped { return value } else { return nil } }

    public var int: Int? {
        switch unwrapped {
        case .integer(let value): return Int(exactly: value)
        case .unsigned(let value): return Int(exactly: value)
        default: return nil
        }
    }

    public var bytes: [UInt8]? { if case .bytes(let value) = unwrapped { return value } else { return nil } }

    public var strings: [String]? {
        guard case .array(let values) = unwrapped else { return nil }
        return values.compactMap(\.string)
    }

    /// A string-keyed dictionary (`a{sv}`, `a{oa{…}}`, `a{sa{sv}}`).
    public var dictionary: [String: DBusValue]? {
        guard case .dictionary(let entries) = unwrapped else { return nil }
        var result: [String: DBusValue] = [:]
        for (key, value) in entries { if let name = key.string { result[name] = value } }
        return result
    }
}

/// An argument Coach appends to a method call.
public enum DBusArgument: Sendable {
    case string(String)
    case objectPath(String)
    /// `a{sv}` whose values are strings, string arrays or booleans (discovery filters, options).
    case options([(String, DBusArgument)])
    case stringArray([String])
    case bool(Bool)
    /// `u` (logind's pids and uids).
    case uint32(UInt32)
}
