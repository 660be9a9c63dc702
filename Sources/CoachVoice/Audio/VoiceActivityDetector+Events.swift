// VoiceActivityDetector's events: what the detector found, as it finds it, so a decoder can start
// on an utterance when speech begins instead of after the end-of-speech wait (docs/voice.md,
// "Speed"). `.audio` holds back the last 100 ms (the quiet an ending may trim), so the samples
// handed out are always a prefix of the utterance `.ended` returns.

extension VoiceActivityDetector {
    public enum Event: Sendable, Equatable {
        /// Speech began; `start` is the utterance's first sample (with its leading padding).
        case began(start: Int)
        /// More samples of the current utterance, in order, starting with its leading padding.
        case audio([Int16])
        /// The utterance ended: all its samples (the `.audio` handed out are a prefix of them).
        case ended(Utterance)
        /// The utterance ended too short to be speech (a click, a knock): forget it.
        case dropped
        /// `pauseNotice` of quiet in the current utterance: the utterance as it would end now. The
        /// detector stops there: the rest of what was fed waits for the next `events`.
        case paused(Utterance)

        var utterance: Utterance? {
            if case .ended(let u) = self { return u }
            return nil
        }
    }

    /// Feeds samples and returns what happened in them, in order.
    public mutating func events(_ samples: [Int16]) -> [Event] {
        consume(samples)
        defer { happened = [] }
        return happened
    }

    /// Ends the stream: an utterance in progress ends (or is dropped).
    /// The frames a pause left unread are read first, their pauses passed over: the stream ends.
    public mutating func finishEvents() -> [Event] {
        var out: [Event] = []
        while true {
            out += events([]).filter { if case .paused = $0 { false } else { true } }
            if noFramePending { break }
        }
        consumeEnd()
        defer { happened = [] }
        return out + happened
    }
}
