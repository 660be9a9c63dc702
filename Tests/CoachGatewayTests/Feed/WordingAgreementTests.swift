// A workout has one name per language: the reply, the status feed (`feed.render`, as coach-status
// and the bars ask for it) and the clients' own wording (widget, REPL, history) all read it from
// Intents/<lang>/_responses.yaml. Japanese once called a stair climber ステアクライマー in replies and
// 階段昇降 on the status line.

import CoachCore
import CoachWire
import Testing
@testable import CoachGateway

@Suite(.serialized) struct WordingAgreementTests {
    @Test func aJapaneseReplyAndTheStatusLineNameAStairClimberAlike() async throws {
        try await TestGateway.running { test in
            let started = await test.gateway.perform(.start(StartWorkoutIntent(activity: .stairClimbing)), language: .ja)
            #expect(started.message == "ステアクライマーを開始します", "\(started.message)")

            let router = RequestRouter(gateway: test.gateway)
            func render(_ format: String) async throws -> String {
                let request = #"{"jsonrpc":"2.0","id":1,"method":"feed.render","params":{"format":"\#(format)","lang":"ja"}}"#
                let reply = try #require(await router.reply(to: request, session: ConnectionSession()))
                return try #require(try JSONValue(parsing: reply)["result"]?.stringValue, "\(reply)")
            }
            // The pump follows the manager on its own task: wait for the started workout to show.
            var json = try await render("json")
            for _ in 0..<200 where !json.contains("stairClimbing") {
                try await Task.sleep(for: .milliseconds(10))
                json = try await render("json")
            }
            let feed = try JSONValue(parsing: json)
            #expect(feed["activityName"]?.stringValue == "ステアクライマー", "\(json)")
            #expect(feed["title"]?.stringValue == "ステアクライマー", "\(json)")
            let line = try await render("text")
            #expect(line.contains("ステアクライマー") && !line.contains("階段昇降"), "\(line)")
        }
    }

    @Test func clientsWordThingsAsTheGatewayDoes() async throws {
        try await TestGateway.running { test in
            for language in Language.allCases {
                #expect(Wording.builtIn(language) == test.gateway.displays.wording(language))
            }
            let japanese = test.gateway.displays.wording(.ja)
            #expect(ActivityType.allCases.filter { japanese.label($0) != japanese.activity($0) } == [])
            // English has titles apart from nouns: "your outdoor ride" in a reply, "outdoor cycling" on the feed.
            let english = test.gateway.displays.wording(.en)
            #expect(test.gateway.composer.workout(.cycling, .outdoor, language: .en) == english.workout(.cycling, .outdoor))
            #expect(english.title(.cycling, .outdoor) == "outdoor cycling")
        }
    }
}
