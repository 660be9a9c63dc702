// Issue 18's table: every method × every param × {null, true, 7, -1, 1.5, 1e300, 1e400 (as a
// literal), 18446744073709551616, "x", "", [], {}}, sent through the router in-process (no socket).
// Each value is accepted as its description documents, or refused with -32602 naming the param;
// the gateway answers a ping after every line. The expected verdict comes from a small oracle
// written here from the docs' wording, not from the decoder under test. The table is printed.

import CoachCore
@testable import CoachGateway
import CoachWire
import Testing

@Suite("Params table")
struct ParamsTableTests {
    static let values = ["null", "true", "7", "-1", "1.5", "1e300", "1e400", "18446744073709551616", #""x""#, #""""#, "[]", "{}"]

    enum Verdict { case valid, invalid, checkedForMeaning }

    /// What the docs say of `literal` as `param` (null: absent, fine unless required). A free string
    /// ("a string of 1 to 4096 characters — unix:PATH or ssh://…") has the right type but may still
    /// mean nothing (no such target, no such workout): either answer is documented, a refusal must
    /// name the param.
    static func documented(_ literal: String, _ param: ParamDescription) -> Verdict {
        // "required unless …" (sample's value, needed unless type is location) is refused by the
        // handler when absent, naming the param.
        // "required unless …" (sample's value unless type is location; share unless read): absent is
        // fine when the other is given, refused naming the param when not.
        if literal == "null" { return param.required ? .invalid : param.summary.hasPrefix("required unless") ? .checkedForMeaning : .valid }
        switch param.kind {
        case .bool: return literal == "true" ? .valid : .invalid
        case .integer(let range):
            let inRange = ["7": 7, "-1": -1][literal].map(range.contains) ?? false
            // An `id` names something that must exist (a permission question): checked by meaning.
            return inRange ? (param.name == "id" ? .checkedForMeaning : .valid) : .invalid
        case .number(let range): return ["7": 7, "-1": -1, "1.5": 1.5][literal].map(range.contains) ?? false ? .valid : .invalid
        case .string(let list, let minimum, _):
            guard literal == #""x""# || literal == #""""# else { return .invalid }
            let text = literal == #""x""# ? "x" : ""
            if let list { return list.contains(text) ? .valid : .invalid }
            return text.count >= minimum ? .checkedForMeaning : .invalid
        case .strings: return literal == "[]" ? .valid : .invalid
        // A list of names: [] is none; "x" or "" is one comma-separated string, checked by meaning.
        case .names:
            if literal == "[]" { return param.summary.hasPrefix("required unless") ? .checkedForMeaning : .valid }
            return literal == #""x""# || literal == #""""# ? .checkedForMeaning : .invalid
        case .wordOrObject: return literal == "{}" ? .checkedForMeaning : .invalid
        case .goal: return .invalid  // "x" has the shape of a shorthand but is no goal: refused too
        }
    }

    /// Whether an error message names `name` as the param at fault (not merely contains the word:
    /// "ssh" is in "ssh://").
    static func names(_ message: String, _ name: String) -> Bool {
        message.hasPrefix("Invalid params: \(name) ") || message.hasPrefix("Invalid params: \(name):")
            || message.contains("param '\(name)'")
    }

    /// Valid values for the required params, so the param under test is the only thing wrong.
    static func base(_ method: MethodDescription, except name: String, workoutID: String) -> String {
        let needed = method.params.filter { ($0.required || $0.summary.hasPrefix("required unless")) && $0.name != name }
        return needed.map { param -> String in
            switch (method.name, param.name, param.kind) {
            case ("sample", "type", _): return #""type":"heartRate""#
            case ("sample", "value", _): return #""value":120"#
            case ("show", "id", _): return #""id":""# + workoutID + #"""#
            case (_, _, .integer(let range)): return #"""# + param.name + #"":"# + String(range.lowerBound)
            case (_, _, .wordOrObject(let words)): return #"""# + param.name + #"":""# + (words.first ?? "") + #"""#
            default: return #"""# + param.name + #"":"hello""#
            }
        }.map { $0 + "," }.joined()
    }

    @Test func everyMethodParamAndHostileValue() async throws {
        let test = try await TestGateway.start()
        let router = RequestRouter(gateway: test.gateway)
        // One saved workout, so `show` has something to find.
        let saved = try await onThread {
            let client = try test.client()
            _ = try client.call("start", ["activity": "running"])
            return try client.call("end", ["save": true])
        }
        let workoutID = String(saved["workoutID"]?.stringValue?.prefix(8) ?? "none")

        var table: [String] = []
        var checked = 0
        for method in RequestRouter.methods {
            for param in method.params {
                var row: [String] = []
                for literal in Self.values {
                    let line = #"{"jsonrpc":"2.0","id":1,"method":""# + method.name + #"","params":{"#
                        + Self.base(method, except: param.name, workoutID: workoutID) + #"""# + param.name + #"":"# + literal + "}}"
                    // A fresh session per line: `hello` in one row must not name the client of the next.
                    let session = ConnectionSession()
                    // authorization.next waits for a question until its connection closes: close it soon.
                    let closer = Task {
                        while !Task.isCancelled {
                            try await Task.sleep(for: .milliseconds(50))
                            session.closed()
                        }
                    }
                    let reply = try #require(await router.reply(to: line, session: session), "no reply to \(line)")
                    closer.cancel()
                    let parsed = try JSONValue(parsing: reply)
                    let error = parsed["error"]
                    let message = error?["message"]?.stringValue ?? ""
                    let refusedForThisParam = error?["code"]?.doubleValue == -32602 && Self.names(message, param.name)
                    switch Self.documented(literal, param) {
                    case .valid:
                        #expect(!refusedForThisParam, "\(line) was documented as valid but refused: \(message)")
                        row.append("ok")
                    case .invalid:
                        #expect(refusedForThisParam, "\(line) should be -32602 naming \(param.name): \(reply)")
                        row.append("-32602")
                    case .checkedForMeaning:
                        // A required param set to a placeholder may be refused for its meaning: mirror.start's
                        // target "hello" (a real target would start mirroring), authorization.answer's id 1.
                        let placeholders = method.params.filter {
                            ($0.required || $0.summary.hasPrefix("required unless")) && $0.name != param.name
                        }
                        let refusedForPlaceholder = placeholders.contains { Self.names(message, $0.name) }
                        let refusedForAnotherReason = error?["code"]?.doubleValue == -32602 && !refusedForThisParam && !refusedForPlaceholder
                        #expect(!refusedForAnotherReason, "\(line) refused without naming \(param.name): \(message)")
                        row.append(refusedForThisParam ? "-32602" : "ok")
                    }
                    checked += 1
                    let ping = await router.reply(to: #"{"jsonrpc":"2.0","id":2,"method":"ping"}"#, session: session)
                    #expect(ping?.contains("pong") == true)
                }
                table.append("\(method.name).\(param.name)".padding(toLength: 28, withPad: " ", startingAt: 0)
                    + row.map { $0.padding(toLength: 7, withPad: " ", startingAt: 0) }.joined())
            }
        }
        print("method.param                " + Self.values.map { String($0.prefix(6)).padding(toLength: 7, withPad: " ", startingAt: 0) }.joined())
        for line in table { print(line) }
        print("\(checked) requests checked")
        #expect(checked >= 40 * Self.values.count)
        await test.gateway.displays.stopFollowingTmux()
        await test.stop()
    }

    @Test func unknownParamNamesTheNearestKnownOne() async throws {
        let route = try #require(RequestRouter.methods.first { $0.name == "start" })
        #expect(throws: RPCError.self) { try route.decode(["activty": "running"]) }
        do {
            _ = try route.decode(["activty": "running"])
        } catch {
            #expect(error.code == -32602)
            #expect(error.message.contains("unknown param 'activty'"))
            #expect(error.message.contains("did you mean 'activity'?"), "\(error.message)")
        }
        let history = try #require(RequestRouter.methods.first { $0.name == "history" })
        do {
            _ = try history.decode(["limit": 1e300])
            Issue.record("1e300 accepted as a limit")
        } catch {
            #expect(error.message == "Invalid params: limit must be an integer from 1 to 10000")
        }
        // null is absent; lang is everywhere.
        #expect(try history.decode(["limit": nil, "lang": "ja"]).integer("limit") == nil)
        for method in RequestRouter.methods { #expect(method.param("lang") != nil, "\(method.name) lacks lang") }
    }

    @Test func rpcDiscoverListsEveryMethodWithItsParams() async throws {
        let test = try await TestGateway.start()
        let document = try await onThread { try test.client().call("rpc.discover") }
        #expect(document["openrpc"]?.stringValue == "1.3.2")
        guard case .array(let methods)? = document["methods"] else { Issue.record("no methods"); return }
        #expect(methods.compactMap { $0["name"]?.stringValue } == RequestRouter.methods.map(\.name))
        let history = methods.first { $0["name"]?.stringValue == "history" }
        guard case .array(let params)? = history?["params"] else { Issue.record("history has no params"); return }
        let limit = params.first { $0["name"]?.stringValue == "limit" }
        #expect(limit?["schema"]?["type"]?.stringValue == "integer")
        #expect(limit?["schema"]?["maximum"]?.doubleValue == 10_000)
        await test.stop()
    }
}
