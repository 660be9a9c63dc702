// JSON-RPC 2.0 to the letter (issue 18, item 2): every example of the specification's section 7,
// with Coach's methods where the spec uses subtract/sum/get_data (Coach takes params by name, so
// the spec's positional `[42,23]` is an Invalid params here), plus ids echoed exactly as sent and
// notifications never answered, not even when they fail. Through the router, in-process.

import CoachWire
@testable import CoachGateway
import Testing

@Suite("JSON-RPC 2.0 conformance")
struct JSONRPCConformanceTests {
    /// (request line, expected replies: nil for no reply at all; else (id as JSON text, result or error code)).
    enum Expected {
        case nothing
        case result(id: String)
        case error(id: String, code: Int)
        case batch([Expected])
    }

    static let cases: [(String, Expected)] = [
        // 7: rpc call with positional parameters (Coach: by name only, so -32602) and with named ones.
        (#"{"jsonrpc": "2.0", "method": "history", "params": [42, 23], "id": 1}"#, .error(id: "1", code: -32602)),
        (#"{"jsonrpc": "2.0", "method": "ping", "id": 1}"#, .result(id: "1")),
        (#"{"jsonrpc": "2.0", "method": "parse", "params": {"text": "start a run"}, "id": 3}"#, .result(id: "3")),
        (#"{"jsonrpc": "2.0", "method": "parse", "params": {"text": "pause"}, "id": 4}"#, .result(id: "4")),
        // a Notification
        (#"{"jsonrpc": "2.0", "method": "update", "params": [1,2,3,4,5]}"#, .nothing),
        (#"{"jsonrpc": "2.0", "method": "foobar"}"#, .nothing),
        // rpc call of non-existent method
        (#"{"jsonrpc": "2.0", "method": "foobar", "id": "1"}"#, .error(id: #""1""#, code: -32601)),
        // rpc call with invalid JSON
        (#"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#, .error(id: "null", code: -32700)),
        // rpc call with invalid Request object
        (#"{"jsonrpc": "2.0", "method": 1, "params": "bar"}"#, .error(id: "null", code: -32600)),
        // rpc call Batch, invalid JSON
        (#"[{"jsonrpc": "2.0", "method": "ping", "params": {}, "id": "1"},{"jsonrpc": "2.0", "method""#
            + "]", .error(id: "null", code: -32700)),
        // rpc call with an empty Array
        ("[]", .error(id: "null", code: -32600)),
        // rpc call with an invalid Batch (but not empty)
        ("[1]", .batch([.error(id: "null", code: -32600)])),
        // rpc call with invalid Batch
        ("[1,2,3]", .batch([.error(id: "null", code: -32600), .error(id: "null", code: -32600), .error(id: "null", code: -32600)])),
        // rpc call Batch
        ("[" + [#"{"jsonrpc": "2.0", "method": "ping", "id": "1"}"#,
                #"{"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}"#,
                #"{"jsonrpc": "2.0", "method": "parse", "params": {"text": "lap"}, "id": "2"}"#,
                #"{"foo": "boo"}"#,
                #"{"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"}"#,
                #"{"jsonrpc": "2.0", "method": "help", "id": "9"}"#].joined(separator: ",") + "]",
         .batch([.result(id: #""1""#), .result(id: #""2""#), .error(id: "null", code: -32600),
                 .error(id: #""5""#, code: -32601), .result(id: #""9""#)])),
        // rpc call Batch (all notifications)
        (#"[{"jsonrpc": "2.0", "method": "notify_sum", "params": [1,2,4]},{"jsonrpc": "2.0", "method": "notify_hello", "params": [7]}]"#,
         .nothing),
        // Beyond section 7: ids exactly as sent; failing notifications stay silent.
        (#"{"jsonrpc":"2.0","id":12345678901234567890,"method":"ping"}"#, .result(id: "12345678901234567890")),
        (#"{"jsonrpc":"2.0","id":1e400,"method":"ping"}"#, .result(id: "1e400")),
        (#"{"jsonrpc":"2.0","id":1.50,"method":"history","params":{"limit":1e300}}"#, .error(id: "1.50", code: -32602)),
        (#"{"jsonrpc":"2.0","id":-0,"method":"nope"}"#, .error(id: "-0", code: -32601)),
        (#"[{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"},{"jsonrpc":"2.0","method":"history","params":{"limit":"ten"}}]"#,
         .batch([.result(id: "9007199254740993")])),
        (#"{"jsonrpc":"2.0","method":"history","params":{"limit":1e300}}"#, .nothing),
        (#"{"jsonrpc":"2.0","method":"start","params":{"activity":7}}"#, .nothing),
    ]

    /// The exact text of the reply's `id` member (the reply is compact JSON written by the router).
    static func idText(_ reply: String) -> String? {
        guard let start = reply.range(of: #""id":"#) else { return nil }
        var depth = 0, inString = false, end = start.upperBound
        for index in reply[start.upperBound...].indices {
            let character = reply[index]
            if inString { if character == "\"" { inString = false }; end = reply.index(after: index); continue }
            if character == "\"" { inString = true } else if character == "{" || character == "[" { depth += 1 }
            else if character == "}" || character == "]" { if depth == 0 { break }; depth -= 1 }
            else if character == ",", depth == 0 { break }
            end = reply.index(after: index)
        }
        return String(reply[start.upperBound..<end])
    }

    static func check(_ reply: String, _ expected: Expected, _ line: String) {
        guard let value = try? JSONValue(parsing: reply) else { Issue.record("reply is not JSON: \(reply)"); return }
        switch expected {
        case .nothing: Issue.record("\(line) must get no reply, got \(reply)")
        case .batch: Issue.record("unreachable")
        case .result(let id):
            #expect(value["result"] != nil, "\(line) → \(reply)")
            #expect(idText(reply) == id, "\(line): id echoed as \(idText(reply) ?? "none"), sent \(id)")
        case .error(let id, let code):
            #expect(value["error"]?["code"]?.doubleValue == Double(code), "\(line) → \(reply)")
            #expect(idText(reply) == id, "\(line): id echoed as \(idText(reply) ?? "none"), sent \(id)")
        }
    }

    /// The replies of a batch, each as its own text (split at the top level).
    static func members(of batch: String) -> [String] {
        var parts: [String] = [], depth = 0, inString = false, escaped = false, current = ""
        for character in batch.dropFirst().dropLast() {
            if inString {
                current.append(character)
                if escaped { escaped = false } else if character == "\\" { escaped = true } else if character == "\"" { inString = false }
                continue
            }
            if character == "\"" { inString = true }
            if character == "{" || character == "[" { depth += 1 }
            if character == "}" || character == "]" { depth -= 1 }
            if character == ",", depth == 0 { parts.append(current); current = ""; continue }
            current.append(character)
        }
        if !current.isEmpty { parts.append(current) }
        return parts
    }

    @Test func specificationSection7AndExactIDs() async throws {
        let test = try await TestGateway.start()
        let router = RequestRouter(gateway: test.gateway)
        let session = ConnectionSession()
        for (line, expected) in Self.cases {
            let reply = await router.reply(to: line, session: session)
            switch expected {
            case .nothing:
                #expect(reply == nil, "\(line) must get no reply, got \(reply ?? "")")
            case .batch(let each):
                guard let reply else { Issue.record("\(line) got no reply"); continue }
                #expect(reply.hasPrefix("["), "\(line) → \(reply)")
                let parts = Self.members(of: reply)
                #expect(parts.count == each.count, "\(line) → \(parts.count) replies: \(reply)")
                for (part, expected) in zip(parts, each) { Self.check(part, expected, line) }
            default:
                guard let reply else { Issue.record("\(line) got no reply"); continue }
                Self.check(reply, expected, line)
            }
            // The fast path (immediateReply, used on the socket for ping/help/status) echoes the same way.
            if line.contains(#""method":"ping""#), !line.hasPrefix("["), case .some(.some(let fast)) = router.immediateReply(to: RequestLine(line)) {
                #expect(Self.idText(fast) == Self.idText(reply ?? ""), "fast path: \(fast)")
            }
        }
        await test.stop()
    }
}
