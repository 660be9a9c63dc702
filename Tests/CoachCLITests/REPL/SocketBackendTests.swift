// Client mode without a gateway: how a socket result becomes the REPL's follow-up question (the
// embedded REPL reads it from the conversation; over the socket it is read from the result), and
// which exit status a lost gateway gives.

import CoachWire
import CoachCore
import CoachGateway
import Testing
@testable import coach

@Suite struct SocketBackendTests {
    @Test func needsValueForAnActivityIsAChoiceWithNamedOptions() throws {
        let result = try JSONValue(parsing: #"{"intent":"StartWorkout","code":"needsValue","parameter":"activity","options":["running","walking"],"message":"Which workout?"}"#)
        let question = try #require(SocketBackend.question(in: result, language: .en))
        #expect(question.promptLabel == "which workout?")
        #expect(question.kind == .choose(parameter: "activity", options: [
            // The names the reply lists (Intents/en/_responses.yaml), so "walk" answers it.
            ReplOption(value: "running", label: "run"),
            ReplOption(value: "walking", label: "walk"),
        ]))
    }

    @Test func aCancelConfirmationAsksToDiscard() throws {
        let result = try JSONValue(parsing: #"{"intent":"CancelWorkout","code":"confirmationRequired","message":"Discard your run?"}"#)
        #expect(SocketBackend.question(in: result, language: .en) == ReplQuestion(kind: .confirm, promptLabel: "discard? [y/N]"))
        #expect(SocketBackend.question(in: result, language: .ja)?.promptLabel == "破棄？ [y/N]")
    }

    @Test func aGuessedEndAsksWhetherSure() throws {
        let result = try JSONValue(parsing: #"{"intent":"EndWorkout","code":"confirmationRequired","message":"Did you mean: end your run?"}"#)
        #expect(SocketBackend.question(in: result, language: .en)?.promptLabel == "sure? [y/N]")
    }

    @Test func otherResultsAskNothing() throws {
        for text in [#"{"intent":"StartWorkout","code":"success"}"#, #"{"intent":null,"code":"notUnderstood"}"#,
                     #"{"intent":"PauseWorkout","code":"needsValue","parameter":"activity","options":["running"]}"#] {
            #expect(SocketBackend.question(in: try JSONValue(parsing: text), language: .en) == nil, "\(text)")
        }
    }

    @Test func aLostGatewayExitsUnavailable() {
        let failure = ReplFailure(code: ReplReply.unreachableCode, message: SocketBackend.lostMessage(SocketLocation(path: "/tmp/x.sock")))
        #expect(failure.exitStatus == 69)
        #expect(SocketBackend.lostMessage(SocketLocation(path: "/tmp/x.sock"))
                == "the gateway at /tmp/x.sock stopped; restart it with `coach serve` or run `coach` again")
    }
}
