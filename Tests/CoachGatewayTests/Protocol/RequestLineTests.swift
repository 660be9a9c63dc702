// A line is read once: what it is (nothing, an utterance, JSON-RPC, broken JSON) and, for a client
// that has gone, whether it only asks (dropped) or acts (still performed).

import CoachWire
import Testing
@testable import CoachGateway

@Suite struct RequestLineTests {
    @Test func aLineIsNothingTextRPCOrUnparsable() {
        guard case .empty = RequestLine(" \t ") else { Issue.record("whitespace is nothing"); return }
        guard case .text(let text) = RequestLine("  pause my workout\t") else { Issue.record("an utterance"); return }
        #expect(text == "pause my workout")
        guard case .text(let japanese) = RequestLine("\u{3000}一時停止\u{3000}") else { Issue.record("ideographic space"); return }
        #expect(japanese == "一時停止")
        guard case .rpc(let rpc) = RequestLine(#" {"jsonrpc":"2.0","id":12345678901234567890,"method":"ping"}"#) else {
            Issue.record("JSON-RPC"); return
        }
        #expect(rpc.value["method"]?.stringValue == "ping")
        #expect(rpc.numberIDTexts[0] == "12345678901234567890", "the id's own text is kept from the one parse")
        guard case .unparsable(let why) = RequestLine(#"{"jsonrpc":"2.0","id":1"#) else { Issue.record("broken JSON"); return }
        #expect(!why.isEmpty)
    }

    @Test func aGoneClientsQuestionsAreDroppedAndItsActionsKept() async throws {
        let test = try await TestGateway.start()
        let router = RequestRouter(gateway: test.gateway)
        let asks = [#"{"jsonrpc":"2.0","id":1,"method":"status"}"#,
                    #"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"history"}]"#]
        let acts = [#"{"jsonrpc":"2.0","id":1,"method":"start","params":{"activity":"running"}}"#,
                    #"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"pause"}]"#,
                    "pause my workout", #"{"jsonrpc":"2.0","id":1"#]
        for line in asks { #expect(router.isReadOnly(RequestLine(line)), "\(line) only asks") }
        for line in acts { #expect(!router.isReadOnly(RequestLine(line)), "\(line) must still be performed") }
    }

    @Test func theRepliesAreTheSameFromTheTextOrItsParse() async throws {
        let test = try await TestGateway.start()
        let router = RequestRouter(gateway: test.gateway)
        let session = ConnectionSession()
        let line = #"  {"jsonrpc":"2.0","id":7,"method":"ping"}  "#
        let fromText = await router.reply(to: line, session: session)
        let fromParse = await router.reply(to: RequestLine(line), session: session)
        #expect(fromText == #"{"jsonrpc":"2.0","id":7,"result":"pong"}"#)
        #expect(fromParse == fromText)
        #expect(router.immediateReply(to: RequestLine(line)) == .some(fromText))
        #expect(await router.reply(to: RequestLine("   "), session: session) == nil)
    }
}
