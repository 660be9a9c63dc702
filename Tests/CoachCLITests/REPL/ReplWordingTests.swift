// How a result becomes the REPL's follow-up question, in every mode alike (the REPL reads it from
// the reply's JSON, whether the gateway is in this process or behind the socket): options are
// labelled with the names the reply itself lists (the ResponseCatalog's `activities`), so "ride"
// answers "3) ride". And how a sample's reply is worded, and which exit status a lost gateway gives.

import CoachWire
import CoachCore
import CoachGateway
import CoachLanguage
import Testing
@testable import coach

@Suite struct ReplWordingTests {
    let catalog = ResponseCatalog.builtIn

    @Test func aStartWithoutAnActivityIsAChoiceWithNamedOptions() throws {
        let options: [ActivityType] = [.running, .walking, .cycling, .traditionalStrengthTraining]
        let reply = try IntentResult(parsing: #"{"intent":"StartWorkout","code":"needsValue","parameter":"activity","options":["running","walking","cycling","traditionalStrengthTraining"],"message":"Which workout?"}"#)
        for language in Language.allCases {
            #expect(ReplWording.question(in: reply, language: language, catalog: catalog)
                    == ReplWording.chooseActivity(options, language: language, catalog: catalog))
        }
        let english = ReplWording.chooseActivity(options, language: .en, catalog: catalog)
        #expect(english.promptLabel == "which workout?")
        #expect(english.kind == .choose(parameter: "activity", options: [
            ReplOption(value: "running", label: "run"), ReplOption(value: "walking", label: "walk"),
            ReplOption(value: "cycling", label: "ride"), ReplOption(value: "traditionalStrengthTraining", label: "strength workout"),
        ]))
        #expect(ReplWording.chooseActivity(options, language: .ja, catalog: catalog).promptLabel == "どのワークアウト？")
    }

    @Test func aCancelAsksToDiscardAndAGuessedEndWhetherSure() throws {
        let cancel = try IntentResult(parsing: #"{"intent":"CancelWorkout","code":"confirmationRequired","message":"Discard your run?"}"#)
        let end = try IntentResult(parsing: #"{"intent":"EndWorkout","code":"confirmationRequired","message":"Did you mean: end your run?"}"#)
        #expect(ReplWording.question(in: cancel, language: .en, catalog: catalog) == ReplQuestion(kind: .confirm, promptLabel: "discard? [y/N]"))
        #expect(ReplWording.question(in: cancel, language: .ja, catalog: catalog)?.promptLabel == "破棄？ [y/N]")
        #expect(ReplWording.question(in: end, language: .en, catalog: catalog)?.promptLabel == "sure? [y/N]")
        #expect(ReplWording.confirm(discarding: false, language: .ja).promptLabel == "よろしいですか？ [y/N]")
    }

    @Test func otherResultsAskNothing() throws {
        for text in [#"{"intent":"StartWorkout","code":"success"}"#, #"{"intent":null,"code":"notUnderstood"}"#,
                     #"{"intent":"PauseWorkout","code":"needsValue","parameter":"activity","options":["running"]}"#] {
            #expect(ReplWording.question(in: try IntentResult(parsing: text), language: .en, catalog: catalog) == nil, "\(text)")
        }
    }

    @Test func aSampleIsWordedFromItsOutcome() {
        #expect(ReplWording.sample(.heartRate, value: 150, unit: nil, result: SampleResult(accepted: true, outcome: "added")).text
                == "heartRate 150 recorded.")
        let rejected = ReplWording.sample(.distance, value: 1.2, unit: "km",
                                          result: SampleResult(accepted: false, outcome: "rejected", reason: "notCollecting"))
        #expect(rejected.text == "distance not recorded: notCollecting.")
        #expect(rejected.code == "failure")
        #expect(ReplWording.unknownSampleType("pulse").text.hasPrefix("unknown sample type \"pulse\" (one of heartRate"))
    }

    @Test func aLostGatewayExitsUnavailable() {
        let message = ReplTransport.lostMessage(SocketLocation(path: "/tmp/x.sock"))
        #expect(ReplFailure(code: ReplReply.unreachableCode, message: message).exitStatus == 69)
        #expect(message == "the gateway at /tmp/x.sock stopped; restart it with `coach serve` or run `coach` again")
    }
}
