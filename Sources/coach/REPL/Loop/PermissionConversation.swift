// PermissionConversation: the REPL's side of a client's permission request, as a pure state
// machine. A question arrives ("hr-bridge would like to write heart rate and read workouts.
// Allow? [y/N/choose]"); the next line answers it: y allows everything asked, n or Enter denies
// it, "choose" asks type by type. Questions that arrive meanwhile wait their turn.

import CoachCore
import CoachLanguage

struct PermissionConversation: Sendable {
    /// The prompt's words (Intents/<lang>/_answers.yaml, `permission:`).
    let words: AnswerWords
    private var queue: [AuthorizationQuestion] = []
    /// While choosing type by type: the allowed so far and the index of the next choice.
    private var choosing: (allowed: Set<AuthorizationAnswer.ChosenType>, next: Int)?

    indirect enum Step: Sendable, Hashable {
        /// Print this above the prompt and set the prompt.
        case ask(text: String?, prompt: String)
        /// Send the answer; then `next` (another question, or nothing).
        case answered(id: Int, AuthorizationAnswer, next: Step?)
        /// The line was not an answer: say how to answer, keep asking.
        case again(text: String, prompt: String)
    }

    init(words: AnswerWords = .builtIn) { self.words = words }

    var isAsking: Bool { !queue.isEmpty }

    /// What a typed line answers; an empty line is N, as the prompt's capital letter says.
    private func typed(_ line: String) -> AnswerWords.PermissionAnswer? {
        line.allSatisfy(\.isWhitespace) ? .deny : words.permission(line)
    }

    /// A question arrived: it is asked now, or after the ones before it.
    mutating func received(_ question: AuthorizationQuestion) -> Step? {
        queue.append(question)
        return queue.count == 1 ? ask(queue[0]) : nil
    }

    /// The user's line while a question is asked.
    mutating func answer(_ line: String) -> Step {
        guard let question = queue.first else { return .again(text: "", prompt: "coach> ") }
        if let choosing {
            let choices = question.choices
            guard choosing.next < choices.count else { return finish(.chosen(allowed: choosing.allowed)) }
            switch typed(line) {
            case .allow?, .deny?:
                var allowed = choosing.allowed
                if typed(line) == .allow {
                    allowed.insert(.init(choices[choosing.next].access, choices[choosing.next].type))
                }
                let next = choosing.next + 1
                if next == choices.count {
                    self.choosing = nil
                    return finish(.chosen(allowed: allowed))
                }
                self.choosing = (allowed, next)
                return .ask(text: nil, prompt: Self.choicePrompt(question, next))
            default:
                return .again(text: "Answer y or n.", prompt: Self.choicePrompt(question, choosing.next))
            }
        }
        switch typed(line) {
        case .allow?: return finish(.allowAll)
        case .deny?: return finish(.denyAll)
        case .choose?:
            choosing = ([], 0)
            return .ask(text: nil, prompt: Self.choicePrompt(question, 0))
        case nil:
            return .again(text: "Answer y (allow), n (don't allow) or choose (type by type).", prompt: Self.prompt(question))
        }
    }

    /// Ctrl-C answers with the default, N: the client learns nothing more than from a "no".
    mutating func dismiss() -> Step? {
        guard !queue.isEmpty else { return nil }
        return finish(.denyAll)
    }

    private mutating func finish(_ answer: AuthorizationAnswer) -> Step {
        let question = queue.removeFirst()
        choosing = nil
        let next = queue.first.map(ask)
        return .answered(id: question.id, answer, next: next)
    }

    private func ask(_ question: AuthorizationQuestion) -> Step {
        .ask(text: question.text, prompt: Self.prompt(question))
    }

    static func prompt(_ question: AuthorizationQuestion) -> String { "allow \(question.client)? [y/N/choose] > " }

    static func choicePrompt(_ question: AuthorizationQuestion, _ index: Int) -> String {
        let choices = question.choices
        guard index < choices.count else { return prompt(question) }
        return "\(question.client): \(choices[index].text) [y/N] > "
    }
}
