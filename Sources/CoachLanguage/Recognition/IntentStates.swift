// IntentStates: the state as evidence (issue #28). Intents/intents.yaml says, per intent, in
// which states of the caller's context a guess can apply (`possible_when: {workout: [running]}`).
// A typo, clause or keyword match of an intent the state makes impossible ("resume" guessed
// while running) is refused rather than guessed; an exact match is kept, so a bare "resume"
// while running still reaches the handler and gets its SiriKit code.

import CoachWire

struct IntentStates: Sendable {
    /// intent → context key → the values in which it can apply.
    var possibleWhen: [String: [String: Set<String>]] = [:]

    static func load(contractFile: String) -> IntentStates {
        var table = IntentStates()
        guard let root = try? IntentDefinitions.loadYAML(contractFile), let intents = root["intents"] as? [String: Any]
        else { return table }
        for (intent, body) in intents {
            guard let rules = (body as? [String: Any])?["possible_when"] as? [String: Any] else { continue }
            for (key, values) in rules {
                table.possibleWhen[intent, default: [:]][key] = Set((values as? [Any] ?? []).map { "\($0)" })
            }
        }
        return table
    }

    /// `r`, or not understood when it is a guess the context rules out.
    func filter(_ r: Recognition, context: RecognitionContext) -> Recognition {
        guard r.method != .template, let intent = r.intent, let rules = possibleWhen[intent], !context.isEmpty else { return r }
        for (key, allowed) in rules {
            if case .string(let state)? = context[key], !allowed.contains(state) {
                return Recognition(text: r.text, language: r.language)
            }
        }
        return r
    }
}
