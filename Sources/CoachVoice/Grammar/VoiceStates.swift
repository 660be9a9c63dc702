// VoiceStates: what can be heard in each state of the gateway (issue #29: only what can apply
// competes). Read from data, not listed in Swift: an intent's `possible_when: {workout: […]}` in
// Intents/intents.yaml — the rule the text recogniser already uses to refuse guesses
// (IntentStates) — and, while a question is pending, the spoken answers of `answers:` in
// Intents/en/*.yaml (yes / no / never mind), the list the gateway itself reads them with.

import Foundation
import Yams

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

    /// `intents.yaml` of the built-in directory, and the `answers:` of every English file of both
    /// directories (the user's extend them, as the gateway's AnswerWords reads them).
    public static func load(intentsDirectory: String, userDirectory: String?, language: String = "en") -> VoiceStates {
        var states = VoiceStates()
        let contract = (intentsDirectory as NSString).appendingPathComponent("intents.yaml")
        if let text = try? String(contentsOfFile: contract, encoding: .utf8),
           let root = (try? Yams.load(yaml: text)) as? [String: Any], let intents = root["intents"] as? [String: Any] {
            for (name, body) in intents {
                guard let rules = (body as? [String: Any])?["possible_when"] as? [String: Any],
                      let workout = rules["workout"] as? [Any] else { continue }
                states.possibleWhen[name] = Set(workout.map { "\($0)" })
            }
        }
        var seen: Set<String> = []
        for dir in [intentsDirectory] + (userDirectory.map { [$0] } ?? []) {
            let en = (dir as NSString).appendingPathComponent(language)
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: en)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
            for file in files {
                guard let text = try? String(contentsOfFile: (en as NSString).appendingPathComponent(file), encoding: .utf8),
                      text.contains("answers:"),
                      let root = (try? Yams.load(yaml: text)) as? [String: Any], let answers = root["answers"] as? [String: Any]
                else { continue }
                for key in ["yes", "no", "dismiss"] {
                    for phrase in (answers[key] as? [Any] ?? []).map({ "\($0)".lowercased() })
                    where phrase.count > 1 && seen.insert(phrase).inserted {
                        states.answers.append(phrase)
                    }
                }
            }
        }
        return states
    }

    /// The intents heard in `state`, of `all` (nil for `confirm`: answers only).
    public func intents(in state: ListeningState, of all: [String]) -> Set<String>? {
        guard state != .confirm else { return nil }
        return Set(all.filter { possibleWhen[$0]?.contains(state.rawValue) ?? true })
    }
}
