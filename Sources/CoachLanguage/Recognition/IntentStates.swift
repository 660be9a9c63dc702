// IntentStates: the state as evidence (issue #28). Intents/intents.yaml says, per intent, in
// which states of the caller's context a guess can apply (`possible_when: {workout: [running]}`).
// A typo, clause or keyword match of an intent the state makes impossible ("resume" guessed
// while running) is refused rather than guessed; an exact match is kept, so a bare "resume"
// while running still reaches the handler and gets its SiriKit code.
// `bare_in_state` (#40): a bare command (no slots) of an intent the state rules out that the
// state reads as one other intent ("start" while paused → ResumeWorkout).

import CoachWire

struct IntentStates: Sendable {
    /// intent → context key → the values in which it can apply.
    var possibleWhen: [String: [String: Set<String>]] = [:]
    /// intent → context key → state → the intent a bare command means in that state.
    var bareInState: [String: [String: [String: String]]] = [:]

    init() {}

    init(_ contract: VocabularyContract) {
        bareInState = contract.bareInState
        possibleWhen = contract.possibleWhen.mapValues { $0.mapValues(Set.init) }
    }

    /// `r`, or not understood when it is a guess the context rules out.
    func filter(_ r: Recognition, context: RecognitionContext) -> Recognition {
        if let intent = r.intent, r.slots.isEmpty, let byKey = bareInState[intent] {
            for (key, meant) in byKey {
                if case .string(let state)? = context[key], let other = meant[state] {
                    var read = r
                    read.intent = other
                    read.response = "default"
                    read.needsConfirmation = false
                    return read
                }
            }
        }
        guard r.method != .template, let intent = r.intent, let rules = possibleWhen[intent], !context.isEmpty else { return r }
        for (key, allowed) in rules {
            if case .string(let state)? = context[key], !allowed.contains(state) {
                return Recognition(text: r.text, language: r.language)
            }
        }
        return r
    }
}
