// The hand-written JSON parser and serializer: round trips, escapes, limits.

import CoachWire
import CoachGateway
import Foundation
import Testing

@Suite("JSONValue")
struct JSONValueTests {
    @Test(arguments: [
        #"{"a":1,"b":[true,false,null],"c":"x"}"#,
        #"[1.5,-2,3e2,"\u00e9\n"]"#,
        #"{"nested":{"deeper":{"deepest":[]}}}"#,
        #""ランニング""#,
    ])
    func roundTrips(text: String) throws {
        let value = try JSONValue(parsing: text)
        #expect(try JSONValue(parsing: value.serialized()) == value)
        // And what it wrote means to an independent parser what the input meant.
        #expect(try Self.foundation(value.serialized()) == Self.foundation(text))
    }

    /// Foundation's parser on the same text, as a comparable value (numbers as Double).
    static func foundation(_ text: String) throws -> NSObject {
        try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed]) as! NSObject
    }

    /// Inputs on the edge of the grammar: our parser accepts exactly what Foundation's accepts
    /// (leading zeros, a bare point, a missing exponent digit are errors) and agrees on the value.
    @Test(arguments: ["01", "1.", ".5", "-", "1e", "1e+", "-0", "1e-400", "2.50", "[01]", "[1.]", "-01.5", "0.0e0"])
    func agreesWithFoundationOnTheEdges(text: String) throws {
        let ours = try? JSONValue(parsing: text)
        let theirs = try? Self.foundation(text)
        #expect((ours == nil) == (theirs == nil), "ours \(ours.map { "\($0)" } ?? "rejects"), Foundation \(theirs.map { "\($0)" } ?? "rejects")")
        if let ours, let theirs {
            #expect(try Self.foundation(ours.serialized()) == theirs)
        }
    }

    /// The one deliberate difference: a grammatical number beyond a Double's range. Foundation
    /// refuses the whole text; we read ±infinity, so a request gets -32602 naming the param
    /// (HostileNumberTests) rather than a parse error, and it is written back as null.
    @Test func outOfRangeNumbersAreInfinityAndWriteAsNull() throws {
        #expect(try JSONValue(parsing: "1E400") == .number(.infinity))
        #expect(try JSONValue(parsing: "-1e400") == .number(-.infinity))
        #expect(try JSONValue(parsing: #"{"a":1E400}"#).serialized() == #"{"a":null}"#)
        #expect((try? Self.foundation("1E400")) == nil)
    }

    @Test func keepsKeyOrderAndEscapes() throws {
        let value: JSONValue = ["z": 1, "a": "line\nbreak \"quoted\"", "m": 2.5]
        #expect(value.serialized() == #"{"z":1,"a":"line\nbreak \"quoted\"","m":2.5}"#)
    }

    @Test(arguments: ["{", "[1,", #"{"a" 1}"#, "tru", #""\x""#, "1 2", String(repeating: "[", count: 100) + String(repeating: "]", count: 100)])
    func rejectsMalformedInput(text: String) {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: text) }
    }

    @Test func surrogatePairsDecode() throws {
        #expect(try JSONValue(parsing: #""\ud83c\udfc3""#) == .string("🏃"))
    }
}
