// A method's documented result: an example value of its result type (CoachWire/Messages), kept
// as the type's encoding and with the type's own decode-then-encode, so a test can check that the
// example in docs/protocol.md is exactly what the type writes and reads back.

public struct ResultExample: Sendable, Hashable {
    /// The result type's name ("IntentResult").
    public var type: String
    /// What the example shows, when a method has more than one ("needsValue", "locked").
    public var caption: String?
    /// The example as the type encodes it.
    public var json: JSONValue
    private let reencode: @Sendable (JSONValue) throws(WireDecodingError) -> JSONValue

    public init<Message: WireMessage>(_ example: Message, caption: String? = nil) {
        type = String(describing: Message.self)
        self.caption = caption
        json = example.json
        reencode = { (value: JSONValue) throws(WireDecodingError) -> JSONValue in try Message(json: value).json }
    }

    /// `value` read by the result type and written again.
    public func roundTrip(_ value: JSONValue) throws(WireDecodingError) -> JSONValue { try reencode(value) }

    public static func == (lhs: ResultExample, rhs: ResultExample) -> Bool {
        lhs.type == rhs.type && lhs.caption == rhs.caption && lhs.json == rhs.json
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(caption)
        hasher.combine(json)
    }
}
