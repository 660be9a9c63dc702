// VoiceStates: what can be heard in each state of the gateway (issue #29: only what can apply
// competes). From data (the Vocabulary), not listed in Swift: an intent's `possible_when: {workout: […]}` in
// Intents/intents.yaml — the rule the text recogniser already uses to refuse guesses
// (IntentStates) — and, while a question is pending, the spoken answers of `answers:` in
// Intents/en/*.yaml (yes / no / never mind), the list the gateway itself reads them with.

import CoachLanguage
import CoachWire
import Foundation

/// The search `coach listen` decodes with: one per workout state, one for a pending question.
public enum ListeningState: String, CaseIterable, Sendable {
    case idle, running, paused
    /// A question is pending ("Discard this workout?"): only its answers are heard.
    case confirm

    /// The gateway's workout state (`state` of a result or an event), as the gateway's own
    /// recognition context reads it (Gateway.context: notStarted, prepared, stopped, ended → idle).
    public init?(gatewayState: String) {
        switch gatewayState {
        case "running": self = .running
        case "paused": self = .paused
        case "notStarted", "prepared", "stopped", "ended", "idle": self = .idle
        default: return nil
        }
    }
}

public struct VoiceStates: Sendable, Equatable {
    /// intent → the workout states it applies in (an intent not listed applies in every state).
    public var possibleWhen: [String: Set<String>] = [:]
    /// Spoken answers to a question, English. One-letter answers ("y", "n") are typed, not said.
    public var answers: [String] = []

    public init(possibleWhen: [String: Set<String>] = [:], answers: [String] = []) {
        self.possibleWhen = possibleWhen
        self.answers = answers
    }

    /// The contract's `possible_when: {workout: …}`, and the `answers:` of `language` (the user's
    /// files extend them, as the gateway's AnswerWords reads them).
    public init(_ vocabulary: Vocabulary, language: Language = .en) {
        for (name, rules) in vocabulary.contract.possibleWhen {
            if let workout = rules["workout"] { possibleWhen[name] = Set(workout) }
        }
        var seen: Set<String> = []
        for phrase in (vocabulary.languages[language]?.answerWords ?? []).map({ $0.lowercased() })
        where phrase.count > 1 && seen.insert(phrase).inserted {
            answers.append(phrase)
        }
    }

    public static func load(intentsDirectory: String, userDirectory: String?, language: Language = .en) throws -> VoiceStates {
        VoiceStates(try Vocabulary.load(intentsDirectory: intentsDirectory, userDirectory: userDirectory), language: language)
    }

    /// The intents heard in `state`, of `all` (nil for `confirm`: answers only).
    public func intents(in state: ListeningState, of all: [String]) -> Set<String>? {
        guard state != .confirm else { return nil }
        return Set(all.filter { possibleWhen[$0]?.contains(state.rawValue) ?? true })
    }
}
