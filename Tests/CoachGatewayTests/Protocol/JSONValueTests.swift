// The hand-written JSON parser and serializer: round trips, escapes, limits.

import CoachWire
import CoachGateway
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
