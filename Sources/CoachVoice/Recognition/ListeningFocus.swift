// ListeningFocus: which grammar the next utterance is heard with, from what the gateway says
// (pure; `coach listen` feeds it the gateway's state notifications and its own replies). The
// workout's state picks the state's search (VoiceStates); a question the gateway asked this
// listener ("Discard this workout?", confirmationRequired) turns it to the answers for a while —
// long enough to answer, not so long that an unanswered question keeps every command out.

public struct ListeningFocus: Sendable, Equatable {
    /// The workout's state, as the gateway last said it.
    public private(set) var workout: ListeningState
    /// When (s, in the audio stream) the pending question was asked, if one is.
    public private(set) var questionAt: Double?
    /// How long after a question only its answers are heard (s of audio).
    public static let answerWindow = 8.0

    public init(workout: ListeningState = .idle) { self.workout = workout }

    /// A `state` the gateway published (a status or event notification, a reply's `state`).
    public mutating func gatewayState(_ state: String) {
        if let s = ListeningState(gatewayState: state), s != .confirm { workout = s }
    }

    /// The reply to what this listener said, sent for the utterance that ended at `end`.
    public mutating func replied(code: String?, state: String?, at end: Double) {
        if let state { gatewayState(state) }
        questionAt = code == "confirmationRequired" ? end : nil
    }

    /// The search for an utterance starting at `start`.
    public func state(at start: Double) -> ListeningState {
        if let questionAt, start >= questionAt, start - questionAt <= Self.answerWindow { return .confirm }
        return workout
    }
}
