// What ReplBackend hands the REPL: a reply in both the forms the REPL can show, the follow-up
// question it asks, an event. The REPL owns the conversation (prompts, follow-up questions,
// numbering of options); the gateway owns recognition, intents and wording.

import CoachWire
import CoachCore

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
    /// The workout's state after it ("running", "paused" …), when the gateway said it.
    var state: String? = nil

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
    /// The workout's state the event leaves it in, when it says.
    var state: String? = nil
}
