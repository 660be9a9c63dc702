// ReplSession: the conversation state of one REPL — language, JSON mode, a pending follow-up
// question, the Ctrl-D warning — as a pure state machine. Each input returns a Step that
// ReplInterpreter performs; no I/O here, so every turn of the conversation is unit-tested.

import CoachWire
import CoachCore
import CoachLanguage

struct ReplSession: Sendable {
    var language: Language
    var json: Bool
    private(set) var question: ReplQuestion?
    private(set) var warnedAboutLeaving = false

    init(language: Language = .en, json: Bool = false) {
        self.language = language
        self.json = json
    }

    enum Step: Sendable, Hashable {
        /// Blank line or comment.
        case nothing
        case submit(String)
        case answer(ReplQuestion, value: String)
        case command(ReplCommand)
        case usageError(String)
    }

    enum LeaveStep: Sendable, Hashable {
        case warn(String)
        case leave
    }

    var prompt: String { question.map { "\($0.promptLabel) > " } ?? "coach> " }

    /// A yes/no question is pending (`/listen` hears only its answers for a while).
    var isConfirming: Bool {
        if case .confirm? = question?.kind { return true }
        return false
    }

    /// Decides what a line means: a command, an answer to the pending question, or an utterance.
    mutating func interpret(_ line: String) -> Step {
        let text = line.trimmingWhitespace()
        if text.isEmpty || text.hasPrefix("#") {
            // An empty answer to "[y/N]" is the default, no.
            if text.isEmpty, let question, case .confirm = question.kind {
                self.question = nil
                return .answer(question, value: "no")
            }
            return .nothing
        }
        warnedAboutLeaving = false
        if text.hasPrefix("/") {
            do { return .command(try ReplCommand.parse(text)) } catch { return .usageError(error.message) }
        }
        guard let question else { return .submit(text) }
        // Anything that is not an answer is a new command, as the gateway treats it: "pause"
        // after "Which workout?" pauses.
        self.question = nil
        switch question.kind {
        case .confirm:
            guard let yes = Self.yesOrNo(text) else { return .submit(text) }
            return .answer(question, value: yes ? "yes" : "no")
        case .choose(_, let options):
            guard let option = Self.choose(text, from: options) else { return .submit(text) }
            return .answer(question, value: option.value)
        }
    }

    /// The language the reply to `line` (and the events it causes) will be in: an utterance's own
    /// (as the gateway detects it), else the session's. Decided without changing the session.
    func replyLanguage(for line: String) -> Language {
        var copy = self
        guard case .submit(let utterance) = copy.interpret(line) else { return copy.language }
        return Language.detect(utterance) == .ja ? .ja : .en
    }

    /// Whether `line` goes to the gateway and waits for its reply (the REPL prints the events that
    /// come meanwhile after it). `/wait` does not: what happens while time passes is shown as it
    /// happens.
    func awaitsReply(_ line: String) -> Bool {
        var copy = self
        switch copy.interpret(line) {
        case .submit, .answer: return true
        case .command(.status), .command(.sample), .command(.lock), .command(.unlock): return true
        case .command, .nothing, .usageError: return false
        }
    }

    /// A reply may ask a follow-up; anything else ends the one pending.
    mutating func received(_ reply: ReplReply) {
        question = reply.question
    }

    /// Ctrl-C drops a pending question too, as it drops a half-typed line.
    mutating func interrupted() {
        question = nil
        warnedAboutLeaving = false
    }

    /// Ctrl-D: leave, unless leaving would harm something and the user has not been told yet.
    mutating func endOfFile(warning: String?) -> LeaveStep {
        guard let warning, !warnedAboutLeaving else { return .leave }
        warnedAboutLeaving = true
        return .warn(warning)
    }

    // MARK: - Answers

    /// The same answer words as the gateway (Intents/<lang>/_answers.yaml).
    static func yesOrNo(_ text: String) -> Bool? {
        switch AnswerWords.builtIn.classify(text) {
        case .yes?: return true
        case .no?, .dismiss?: return false
        default: return nil
        }
    }

    /// By number ("2"), by the name shown or its value ("walk", "walking"), or a sentence that
    /// contains exactly one of the names ("the walk please").
    static func choose(_ text: String, from options: [ReplOption]) -> ReplOption? {
        let digits = String(text.map { $0.fullwidthDigitFolded })
        if let number = Int(digits), options.indices.contains(number - 1) { return options[number - 1] }
        let lowered = text.lowercased()
        if let exact = options.first(where: { $0.label.lowercased() == lowered || $0.value.lowercased() == lowered }) {
            return exact
        }
        let contained = options.filter { lowered.contains($0.label.lowercased()) }
        return contained.count == 1 ? contained[0] : nil
    }
}

extension String {
    func trimmingWhitespace() -> String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}

private extension Character {
    /// "２" → "2": Japanese input methods often type full-width digits.
    var fullwidthDigitFolded: Character {
        guard let scalar = unicodeScalars.first, unicodeScalars.count == 1,
              (0xFF10...0xFF19).contains(scalar.value),
              let folded = Unicode.Scalar(scalar.value - 0xFF10 + 0x30) else { return self }
        return Character(folded)
    }
}
