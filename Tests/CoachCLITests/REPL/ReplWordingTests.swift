// Both REPL backends word a follow-up the same way: the embedded one from the question its
// gateway holds, the socket one from the reply's JSON. Options are labelled with the names the
// reply itself lists (the ResponseCatalog's `activities`), so "ride" answers "3) ride".

import CoachWire
import CoachCore
import CoachGateway
import CoachLanguage
import Testing
@testable import coach

@Suite struct ReplWordingTests {
    let catalog = ResponseCatalog.builtIn

    @Test func aStartWithoutAnActivityIsAskedAlikeByBothBackends() throws {
        let options: [ActivityType] = [.running, .walking, .cycling, .traditionalStrengthTraining]
        let reply = try JSONValue(parsing: #"{"intent":"StartWorkout","code":"needsValue","parameter":"activity","options":["running","walking","cycling","traditionalStrengthTraining"]}"#)
        for language in Language.allCases {
            let embedded = ReplWording.question(.activity(StartWorkoutIntent(), options: options), language: language, catalog: catalog)
            #expect(ReplWording.question(in: reply, language: language, catalog: catalog) == embedded)
        }
        let english = ReplWording.chooseActivity(options, language: .en, catalog: catalog)
        #expect(english.promptLabel == "which workout?")
        #expect(english.kind == .choose(parameter: "activity", options: [
            ReplOption(value: "running", label: "run"), ReplOption(value: "walking", label: "walk"),
            ReplOption(value: "cycling", label: "ride"), ReplOption(value: "traditionalStrengthTraining", label: "strength workout"),
        ]))
        #expect(ReplWording.chooseActivity(options, language: .ja, catalog: catalog).promptLabel == "どのワークアウト？")
    }

    @Test func confirmationsAreAskedAlikeByBothBackends() throws {
        let cancel = try JSONValue(parsing: #"{"intent":"CancelWorkout","code":"confirmationRequired"}"#)
        let end = try JSONValue(parsing: #"{"intent":"EndWorkout","code":"confirmationRequired"}"#)
        for language in Language.allCases {
            #expect(ReplWording.question(in: cancel, language: language, catalog: catalog)
                    == ReplWording.question(.confirmation(.cancel(activity: nil, confirmed: true)), language: language, catalog: catalog))
            #expect(ReplWording.question(in: end, language: language, catalog: catalog)
                    == ReplWording.question(.confirmation(.end(activity: nil, saveShort: false)), language: language, catalog: catalog))
        }
        #expect(ReplWording.confirm(discarding: true, language: .ja).promptLabel == "破棄？ [y/N]")
        #expect(ReplWording.confirm(discarding: false, language: .en).promptLabel == "sure? [y/N]")
    }

    @Test func aSampleIsWordedFromItsOutcome() {
        #expect(ReplWording.sample(.heartRate, value: 150, unit: nil, accepted: true, reason: "", outcome: "added").text
                == "heartRate 150 recorded.")
        let rejected = ReplWording.sample(.distance, value: 1.2, unit: "km", accepted: false, reason: "notCollecting", outcome: .null)
        #expect(rejected.text == "distance not recorded: notCollecting.")
        #expect(rejected.code == "failure")
        #expect(ReplWording.unknownSampleType("pulse").text.hasPrefix("unknown sample type \"pulse\" (one of heartRate"))
    }
}
