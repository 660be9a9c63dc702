// A message on the command topic and its answer. A button's word (`pause`, `resume`, `end`,
// `lap`) becomes the socket method of that name; anything else is said, as a typed line is
// (`start a 30 minute run` from an automation). Either way it is one JSON-RPC request through the
// gateway's RequestRouter, so codes, permissions and wording are those of every other channel.
// The answer goes to the result topic, success or not: a press that cannot apply is never silent.

import CoachWire
import Foundation

public struct MQTTCommand: Sendable, Hashable {
    /// The words the buttons publish.
    public static let methods: Set<String> = ["pause", "resume", "end", "lap"]
    /// A longer payload is refused rather than recognised (a sentence is a few words).
    public static let maximumLength = 1000

    /// The payload as received (trimmed).
    public var text: String

    public init(payload: [UInt8]) {
        text = String(decoding: payload, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public init(_ text: String) { self.text = text }

    /// The JSON-RPC request line, or nil with the reason it cannot be one.
    public var request: Result<String, MQTTCommandRefusal> {
        if text.isEmpty { return .failure(MQTTCommandRefusal(message: "empty command: send pause, resume, end, lap or a sentence")) }
        if text.utf8.count > Self.maximumLength {
            return .failure(MQTTCommandRefusal(message: "command longer than \(Self.maximumLength) bytes"))
        }
        let lowered = text.lowercased()
        let call: JSONValue
        if Self.methods.contains(lowered) {
            call = .object([("jsonrpc", "2.0"), ("id", 1), ("method", .string(lowered))])
        } else {
            call = .object([("jsonrpc", "2.0"), ("id", 1), ("method", "say"), ("params", .object([("text", .string(text))]))])
        }
        return .success(call.serialized())
    }
}

public struct MQTTCommandRefusal: Error, Sendable, Hashable {
    public var message: String
}

/// What the result topic says about one command.
public struct MQTTCommandResult: Sendable, Hashable {
    public var command: String
    public var code: String
    public var message: String?

    public init(command: String, code: String, message: String?) {
        self.command = command
        self.code = code
        self.message = message
    }

    /// From the router's reply line: an intent result's `code` and `message`, or an error's. A
    /// success's message is left out unless `successMessage`: it can word figures ("Lap 2: 1.0 km")
    /// that the `mqtt` client may not read.
    public init(command: MQTTCommand, reply: String?, successMessage: Bool) {
        self.command = command.text
        guard let reply, let parsed = try? JSONValue(parsing: reply) else {
            code = "failure"
            message = "no reply from the gateway"
            return
        }
        if let result = parsed["result"] {
            code = result["code"]?.stringValue ?? "failure"
            message = code != "success" || successMessage ? result["message"]?.stringValue : nil
        } else {
            let error = parsed["error"]
            code = error?["data"]?["code"]?.stringValue ?? "error"
            message = error?["message"]?.stringValue
        }
    }

    public var ok: Bool { code == "success" }

    public var text: String {
        var members: [(String, JSONValue)] = [("command", .string(command)), ("code", .string(code)), ("ok", .bool(ok))]
        if let message { members.append(("message", .string(message))) }
        return JSONValue.object(members).serialized()
    }
}
