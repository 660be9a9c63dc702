// What Coach answers on Wyoming, as values: `info` for `describe` (an intent service and a handle
// service, languages en and ja), `intent` / `not-recognized` from a recognition (the same object
// `coach parse --json` prints), `handled` / `not-handled` from the gateway's answer to a said line.

import CoachWire

public enum WyomingReplies {
    public static let languages = ["en", "ja"]

    public static func info(version: String) -> WyomingFrame {
        let attribution: JSONValue = .object([("name", "Coach"), ("url", "")])
        func program(_ description: String, extra: [(String, JSONValue)]) -> JSONValue {
            let model: JSONValue = .object([
                ("name", "coach"), ("attribution", attribution), ("installed", true), ("description", .string(description)),
                ("version", .string(version)), ("languages", .array(languages.map(JSONValue.string))),
            ])
            return .object([("name", "coach"), ("attribution", attribution), ("installed", true),
                            ("description", .string(description)), ("version", .string(version)), ("models", .array([model]))] + extra)
        }
        return WyomingFrame(type: "info", data: .object([
            ("asr", []), ("tts", []),
            ("handle", [program("Coach's workout commands, answered in the speaker's language",
                                extra: [("supports_handled_streaming", false)])]),
            ("intent", [program("Coach's workout intents (SiriKit's Start, Pause, Resume, End, Cancel, plus status and lap)", extra: [])]),
            ("wake", []), ("mic", []), ("snd", []),
        ]))
    }

    /// From the `parse` result: an intent with the slots as entities, or not-recognized.
    public static func recognized(_ recognition: ParseResult, text: String) -> WyomingFrame {
        guard let name = recognition.intent else {
            return WyomingFrame(type: "not-recognized", data: .object([("text", .string(text))]))
        }
        var entities: [JSONValue] = []
        if case .object(let slots) = recognition.slots.json {
            entities = slots.map { .object([("name", .string($0.0)), ("value", $0.1)]) }
        }
        return WyomingFrame(type: "intent", data: .object([("name", .string(name)), ("entities", .array(entities)),
                                                          ("text", .string(text))]))
    }

    /// From the router's reply to `say`: understood (whatever the code: a refusal is an answer)
    /// is handled, with the gateway's words; not understood is not-handled, with its words too.
    public static func handled(reply: String?) -> WyomingFrame {
        guard let reply, let parsed = try? JSONValue(parsing: reply), let result = parsed["result"] else {
            let message = (reply.flatMap { try? JSONValue(parsing: $0) })?["error"]?["message"]?.stringValue ?? "no answer"
            return WyomingFrame(type: "not-handled", data: .object([("text", .string(message))]))
        }
        let text = JSONValue.string(result["message"]?.stringValue ?? "")
        if result["code"]?.stringValue == "notUnderstood" { return WyomingFrame(type: "not-handled", data: .object([("text", text)])) }
        return WyomingFrame(type: "handled", data: .object([("text", text)]))
    }

    public static func error(_ text: String, code: String) -> WyomingFrame {
        WyomingFrame(type: "error", data: .object([("text", .string(text)), ("code", .string(code))]))
    }
}
