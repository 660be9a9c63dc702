// Parsing JSON text into JSONValue: a recursive-descent parser over UTF-8 bytes with a depth limit,
// so a hostile client cannot exhaust the stack.

public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public var offset: Int
    public var reason: String
    public var description: String { "\(reason) at byte \(offset)" }
}

extension JSONValue {
    public static let maximumDepth = 64

    public init(parsing text: String) throws(JSONParseError) {
        var text = text
        let result = text.withUTF8 { bytes in Result { () throws(JSONParseError) in try JSONValue(parsing: bytes) } }
        self = try result.get()
    }

    public init(parsing bytes: UnsafeBufferPointer<UInt8>) throws(JSONParseError) {
        var parser = Parser(bytes: bytes)
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON value") }
        self = value
    }
}

/// A JSON-RPC line as parsed, with the exact text of each number `id`: JSON-RPC asks for ids to be
/// echoed exactly, and a Double would turn 12345678901234567890 into 1.2345678901234567e+19.
public struct RPCLine: Sendable {
    public var value: JSONValue
    /// The source text of a number id: key 0 for a single request, the position in a batch otherwise.
    public var numberIDTexts: [Int: String]

    public init(parsing text: String) throws(JSONParseError) {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(JSONParseError) -> RPCLine in
                var parser = Parser(bytes: bytes)
                parser.skipWhitespace()
                // Ids are members of the request object: at depth 0 alone, at depth 1 in a batch.
                parser.idDepth = parser.index < bytes.count && bytes[parser.index] == UInt8(ascii: "[") ? 1 : 0
                let value = try parser.parseValue(depth: 0)
                parser.skipWhitespace()
                guard parser.index == bytes.count else { throw parser.error("unexpected text after the JSON value") }
                return RPCLine(value: value, numberIDTexts: parser.idTexts)
            }
        }
        self = try result.get()
    }

    init(value: JSONValue, numberIDTexts: [Int: String]) {
        self.value = value
        self.numberIDTexts = numberIDTexts
    }
}

private struct Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// Where request objects are (RPCLine); nil: ids are not recorded.
    var idDepth: Int?
    var idTexts: [Int: String] = [:]
    /// The position of the batch element being parsed.
    var element = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func error(_ reason: String) -> JSONParseError { JSONParseError(offset: index, reason: reason) }

    mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
            index += 1
        }
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth < JSONValue.maximumDepth else { throw error("nesting deeper than \(JSONValue.maximumDepth)") }
        guard index < bytes.count else { throw error("unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        default: return .number(try parseNumber())
        }
    }

    mutating func expect(_ word: String) throws(JSONParseError) {
        let utf8 = Array(word.utf8)
        guard index + utf8.count <= bytes.count else { throw error("unexpected end of input") }
        for offset in 0..<utf8.count where bytes[index + offset] != utf8[offset] {
            throw error("invalid literal")
        }
        index += utf8.count
    }

    mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var members: [(String, JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key") }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':'") }
            index += 1
            skipWhitespace()
            let valueStart = index
            let value = try parseValue(depth: depth + 1)
            if depth == idDepth, key == "id", case .number = value {
                idTexts[element] = String(decoding: UnsafeBufferPointer(rebasing: bytes[valueStart..<index]), as: UTF8.self)
            }
            members.append((key, value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}'")
        }
    }

    mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        index += 1
        var values: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(values) }
        while true {
            skipWhitespace()
            if depth == 0 { element = values.count }
            values.append(try parseValue(depth: depth + 1))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of input") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(values) }
            throw error("expected ',' or ']'")
        }
    }

    mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") {
            guard bytes[index] >= 0x20 else { throw error("control character in string") }
            index += 1
        }
        guard index < bytes.count else { throw error("unterminated string") }
        if bytes[index] == UInt8(ascii: "\"") {
            defer { index += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }
        var scalars = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: scalars, as: UTF8.self)
            }
            guard byte >= 0x20 else { throw error("control character in string") }
            if byte != UInt8(ascii: "\\") { scalars.append(byte); index += 1; continue }
            index += 1
            guard index < bytes.count else { throw error("unterminated escape") }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""): scalars.append(0x22)
            case UInt8(ascii: "\\"): scalars.append(0x5C)
            case UInt8(ascii: "/"): scalars.append(0x2F)
            case UInt8(ascii: "b"): scalars.append(0x08)
            case UInt8(ascii: "f"): scalars.append(0x0C)
            case UInt8(ascii: "n"): scalars.append(0x0A)
            case UInt8(ascii: "r"): scalars.append(0x0D)
            case UInt8(ascii: "t"): scalars.append(0x09)
            case UInt8(ascii: "u"):
                var code = try parseHex4()
                if (0xD800..<0xDC00).contains(code), index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                   bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                scalars.append(contentsOf: Array(String(scalar).utf8))
            default: throw error("invalid escape")
            }
        }
        throw error("unterminated string")
    }

    mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    /// RFC 8259's number: no leading zero, digits after a point and in an exponent. A number too
    /// large for a Double (1E400) is grammatical: it becomes ±infinity (RFC 8259 §6 lets a parser
    /// limit range), which the params readers refuse by name (-32602) and the writer writes as null.
    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        var integer: Int64 = 0
        var digits = 0
        let firstDigit = index
        while index < bytes.count, isDigit(bytes[index]) {
            if digits < 18 { integer = integer * 10 + Int64(bytes[index] - UInt8(ascii: "0")) }
            digits += 1
            index += 1
        }
        guard digits > 0 else { throw error("invalid value") }
        guard digits == 1 || bytes[firstDigit] != UInt8(ascii: "0") else { throw error("invalid number: leading zero") }
        var simple = digits <= 18
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            simple = false
            index += 1
            guard try skipDigits() > 0 else { throw error("invalid number: no digit after the point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            simple = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard try skipDigits() > 0 else { throw error("invalid number: no digit in the exponent") }
        }
        if simple { return Double(bytes[start] == UInt8(ascii: "-") ? -integer : integer) }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text) else { throw error("invalid number") }
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() throws(JSONParseError) -> Int {
        let from = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        return index - from
    }
}
