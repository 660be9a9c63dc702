// VoiceRecognizer+Ahead: hearing an utterance at its pause instead of after the end-of-speech wait.
// The detector ends an utterance after 0.35 s of quiet; with a pause notice it keeps only 0.15 s
// of that quiet, so once 0.15 s has passed the utterance's samples are final unless speech
// resumes. The listener decodes them then (`decodeAhead`), and:
// - when the words heard are a command that nothing the grammar lets follow could change
//   ("pause my workout": "… now", "… session", "… please" mean the same; "start a run" is not
//   complete — "… for thirty minutes" adds a goal, and "end my workout" is not — "… without
//   saving" discards), the utterance ends there (`aheadEndsHere`): the reply comes 0.2 s sooner;
// - otherwise `recognize` takes the result when the utterance ends with the same samples.
// Either way the result is the one `recognize` would compute — the same samples, search and wake
// audio — and it is judged the same (docs/voice.md, "Decoding at the pause, ending early").

import CoachLanguage

extension VoiceRecognizer {
    /// An utterance decoded before its end, and what the decode needed to know.
    struct DecodedAhead {
        let start: Double
        let samples: [Int16]
        let result: SpeechDecoder.Result
        let wakeAudio: [Int16]
        let switchSeconds: Double
        /// A command complete as heard: the utterance may end at the pause.
        var endsHere = false
    }

    /// Whether the engine hears an utterance whole (not pocketsphinx, which is fed while spoken
    /// from a microphone, and whose files keep the detector's cut as before).
    var decodesAhead: Bool {
        if case .pocketsphinx = acoustic { return false }
        return true
    }

    /// Decodes `samples`, the utterance from `start` to `end` (s) as it will end if no speech
    /// follows; `recognize` uses the result for an utterance with the same start and samples.
    public func decodeAhead(_ samples: [Int16], start: Double, end: Double) {
        if let unused = ahead { unusedAheadSeconds += unused.result.seconds + unused.switchSeconds }
        var decoded = decodeNow(samples, start: start)
        decoded.endsHere = isComplete(decoded, start: start, end: end)
        ahead = decoded
    }

    /// The utterance decoded ahead is a complete command: end it now.
    public var aheadEndsHere: Bool { ahead?.endsHere ?? false }

    /// The state's search (a switch asked for since the last utterance), then the decode, with the
    /// wake phrase's audio in front when its window is open at `start`.
    func decodeNow(_ samples: [Int16], start: Double) -> DecodedAhead {
        let switchSeconds = switchSearch()
        let wakeAudio = wakeAudio(at: start)
        let result = decodeWhole(wakeAudio.isEmpty ? samples : wakeAudio + Self.gap + samples)
        return DecodedAhead(start: start, samples: samples, result: result, wakeAudio: wakeAudio, switchSeconds: switchSeconds)
    }

    /// The decode ahead of exactly this utterance, if there is one (taken: it serves once).
    func takeAhead(_ samples: [Int16], start: Double) -> DecodedAhead? {
        guard let decoded = ahead else { return nil }
        ahead = nil
        guard decoded.start == start, decoded.samples == samples else {
            unusedAheadSeconds += decoded.result.seconds + decoded.switchSeconds
            return nil
        }
        return decoded
    }

    /// CPU of decodes ahead that went unused since the last utterance heard (and now counted).
    func takeUnusedAheadSeconds() -> Double {
        defer { unusedAheadSeconds = 0 }
        return unusedAheadSeconds
    }

    /// The same command: the same slots, but for the workout's name on a command to the workout
    /// under way ("resume" / "resume my run"): it says which session is meant (SiriKit's
    /// `workoutName`), and there is one. A start takes its activity as what to do.
    static func sameCommand(_ a: RecognizedSlots, _ b: RecognizedSlots, intent: String?) -> Bool {
        guard intent != "StartWorkout" && intent != "StartPlannedWorkout" else { return a == b }
        var a = a, b = b
        a.activity = nil
        b.activity = nil
        return a == b
    }

    /// Accepted as a command (not refused, not an End or Cancel that asks first), and every way the
    /// grammar may go on from the words heard reads as the same intent with the same slots, or as
    /// no command at all. Not with a wake phrase: judging moves its window, and this judgement may
    /// be thrown away.
    private func isComplete(_ decoded: DecodedAhead, start: Double, end: Double) -> Bool {
        guard wakeWords == nil, let continuations = decoded.result.continuations else { return false }
        let heard = judged(decoded.result, samples: decoded.samples, wakeAudio: decoded.wakeAudio, start: start, end: end)
        guard let words = heard.heard, heard.refusal == nil, !heard.unsure, let recognition = heard.recognition else { return false }
        for more in continuations where !more.isEmpty {
            let longer = text.recognize(words + " " + SpeechGrammar.unmarked(more.joined(separator: " ")), language: language)
            guard longer.intent == nil || (longer.intent == recognition.intent && Self.sameCommand(longer.slots, recognition.slots, intent: longer.intent))
            else { return false }
        }
        return true
    }
}
