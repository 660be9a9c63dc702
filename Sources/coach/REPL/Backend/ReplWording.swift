// ReplWording: what the REPL says of a result itself — the follow-up question a reply asks (its
// options named as the reply names them, from the ResponseCatalog's `activities`), the confirm
// labels, and a sample's reply (worded from the `sample` result, which carries no message).

import CoachCore
import CoachGateway
import CoachLanguage
import CoachWire

enum ReplWording {
    // MARK: - Questions

    /// The question a reply asks: a start that needs its activity, or a confirmation; nil for
    /// anything else.
    static func question(in result: IntentResult, language: Language, catalog: ResponseCatalog) -> ReplQuestion? {
        switch result.code {
        case "needsValue" where result.parameter == "activity" && result.intent == "StartWorkout":
            guard let values = result.options else { return nil }
            return chooseActivity(values.compactMap(ActivityType.init(rawValue:)), language: language, catalog: catalog)
        case "confirmationRequired":
            return confirm(discarding: result.intent == "CancelWorkout", language: language)
        default:
            return nil
        }
    }

    /// "which workout?", answerable by number, by the name the reply listed ("ride") or the value.
    static func chooseActivity(_ options: [ActivityType], language: Language, catalog: ResponseCatalog) -> ReplQuestion {
        ReplQuestion(kind: .choose(parameter: "activity", options: options.map {
            ReplOption(value: $0.rawValue,
                       label: Wording(catalog, language: language).activity($0))
        }), promptLabel: language == .ja ? "どのワークアウト？" : "which workout?")
    }

    /// "discard? [y/N]" before a cancel, "sure? [y/N]" before anything else only guessed.
    static func confirm(discarding: Bool, language: Language) -> ReplQuestion {
        let en = language != .ja
        let label = discarding ? (en ? "discard?" : "破棄？") : (en ? "sure?" : "よろしいですか？")
        return ReplQuestion(kind: .confirm, promptLabel: label + " [y/N]")
    }

    // MARK: - Samples

    /// `/sample` with a type that is not one: the names there are.
    static func unknownSampleType(_ type: String) -> ReplReply {
        let names = QuantityType.allCases.map(\.rawValue).joined(separator: ", ")
        return failure("unknown sample type \"\(type)\" (one of \(names))")
    }

    /// "heartRate 150 recorded." or "heartRate not recorded: notCollecting.", with the socket's
    /// `outcome` beside it in the JSON form.
    /// A gateway's own words for a refusal (a type the workout does not collect) win.
    /// `result`: the gateway's answer (nil: one it could not read, said as rejected).
    static func sample(_ quantity: QuantityType, value: Double, unit: String?, result: SampleResult?) -> ReplReply {
        let accepted = result?.accepted ?? false
        let text = accepted
            ? "\(quantity.rawValue) \(JSONText.number(value))\(unit.map { " " + $0 } ?? "") recorded."
            : result?.message ?? "\(quantity.rawValue) not recorded: \(result?.reason ?? "rejected")."
        let json: JSONValue = ["accepted": .bool(accepted), "outcome": .optional(result?.outcome), "message": .string(text)]
        return ReplReply(text: text, code: accepted ? "success" : "failure", question: nil, json: json.serialized())
    }

    static func failure(_ text: String) -> ReplReply {
        let json: JSONValue = ["accepted": false, "message": .string(text)]
        return ReplReply(text: text, code: "failure", question: nil, json: json.serialized())
    }
}
