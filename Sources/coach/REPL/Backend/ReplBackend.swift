// ReplBackend: what the REPL needs from a gateway, whether the gateway runs inside this process
// (embedded) or behind the Unix socket (client). The REPL owns the conversation (prompts,
// follow-up questions, numbering of options); the backend owns recognition, intents and wording.

import CoachWire
import CoachCore

protocol ReplBackend: Sendable {
    /// The banner's second half: "gateway embedded, listening on …" or "connected to the gateway at …".
    var modeDescription: String { get }

    /// One utterance, recognised and performed.
    func submit(_ utterance: String, language: Language) async -> ReplReply

    /// Answers the question the last reply asked: `value` is the chosen option's `value`, or
    /// "yes" / "no" for a confirmation.
    func answer(_ question: ReplQuestion, with value: String, language: Language) async -> ReplReply

    /// Ctrl-C: the pending question, if any, is dropped with the line.
    func forgetQuestion()

    func status(language: Language) async -> ReplReply
    func sample(type: String, value: Double, unit: String?, language: Language) async -> ReplReply
    func setLocked(_ locked: Bool, language: Language) async -> ReplReply

    /// Lets time pass: on a virtual clock it moves the clock (timers fire on the way); on the real
    /// clock it sleeps.
    func wait(_ duration: Duration) async

    /// Things that happened without this REPL asking: countdown, state changes, goals, other
    /// clients' commands — worded in `language` (the REPL subscribes again after /lang).
    func events(language: Language) -> AsyncStream<ReplEvent>

    /// What leaving would do to an ongoing workout, if it matters (an embedded gateway ends with
    /// the REPL). Nil: leaving is harmless.
    func leaveWarning(language: Language) async -> String?

    /// Stops the gateway if this process hosts it. Called once, on the way out.
    func shutdown() async

    /// Yields once, with what to tell the user, if the gateway goes away under the REPL (client
    /// mode); an embedded gateway cannot, so its stream just finishes.
    var gatewayLost: AsyncStream<String> { get }

    /// Permission questions from clients (`authorization.request`), for the interactive REPL to
    /// ask the user; subscribing says the REPL can answer them.
    func permissionQuestions() -> AsyncStream<AuthorizationQuestion>

    /// The user's answer to a permission question; returns what to print.
    func answerPermission(_ id: Int, _ answer: AuthorizationAnswer) async -> String
}

extension ReplBackend {
    var gatewayLost: AsyncStream<String> { AsyncStream { $0.finish() } }
}

/// How the REPL words the outcome of a permission answer.
enum PermissionAnswerText {
    static func text(_ answer: AuthorizationAnswer) -> String {
        switch answer {
        case .allowAll: return "Allowed. `coach permissions` shows and changes it."
        case .denyAll: return "Not allowed. `coach permissions grant NAME …` allows it later."
        case .chosen(let allowed): return allowed.isEmpty ? text(.denyAll)
            : "Allowed: " + allowed.map { "\($0.access == .share ? "write" : "read") \($0.type.name)" }.sorted().joined(separator: ", ") + "."
        }
    }
}

/// The answer to one request, in both forms the REPL can show.
struct ReplReply: Sendable, Hashable {
    /// The spoken-style response, already in the requested language, with any options listed.
    var text: String
    /// The SiriKit code (`success`, `failureOngoingWorkout`, `needsValue` …); nil when the utterance
    /// was not understood.
    var code: String?
    /// A follow-up the user must answer on the next line.
    var question: ReplQuestion?
    /// Exactly the object the socket returns for this request, as one line of JSON.
    var json: String

    /// The code of a reply to a request the gateway never answered because it went away.
    static let unreachableCode = "gatewayUnreachable"

    /// Whether a script carries on after this reply: success or ready, or a question to answer.
    var isSuccess: Bool { code == "success" || code == "ready" || question != nil }
}

/// A follow-up question: which value (needsValue, disambiguation) or whether to go ahead.
struct ReplQuestion: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case choose(parameter: String, options: [ReplOption])
        case confirm
    }
    var kind: Kind
    /// Short form for the prompt: "which workout?".
    var promptLabel: String
}

struct ReplOption: Sendable, Hashable {
    /// What goes back to the backend ("cycling").
    var value: String
    /// What the user sees and may type ("cycling", "サイクリング").
    var label: String
}

/// Something that happened, worded by the backend; `json` is the socket's event object.
struct ReplEvent: Sendable, Hashable {
    var text: String
    var json: String
}
