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
    /// (leading zeros, a bare point and an exponent's missing digits are errors; an out-of-range
    /// exponent is not, for either), and agrees on the value where both accept.
    @Test(arguments: ["01", "1.", ".5", "-", "1e", "1E400", "-0", "1e-400", "2.50", "[01]", "[1.]", #"{"a":1E400}"#])
    func agreesWithFoundationOnTheEdges(text: String) throws {
        let ours = try? JSONValue(parsing: text)
        let theirs = try? Self.foundation(text)
        #expect((ours == nil) == (theirs == nil), "ours \(ours.map { "\($0)" } ?? "rejects"), Foundation \(theirs.map { "\($0)" } ?? "rejects")")
        if let ours, let theirs {
            #expect(try Self.foundation(ours.serialized()) == theirs)
        }
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
