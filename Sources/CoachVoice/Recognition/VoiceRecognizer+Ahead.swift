// VoiceRecognizer+Ahead: decoding an utterance during the end-of-speech wait. The detector ends an
// utterance after 0.35 s of quiet and keeps 0.25 s of it, so once 0.25 s of quiet has passed the
// utterance's samples are final unless speech resumes. The listener decodes them then
// (`decodeAhead`), and `recognize` takes that result when the utterance ends with the same
// samples: the person waits for the end of the wait, not for the wait and then the decode. The
// result is the very one `recognize` would have computed — the same samples, search and wake
// audio — and nothing is judged before the end (docs/voice.md, "Decoding ahead").

extension VoiceRecognizer {
    /// An utterance decoded before its end, and what the decode needed to know.
    struct DecodedAhead {
        let start: Double
        let samples: [Int16]
        let result: SpeechDecoder.Result
        let wakeAudio: [Int16]
        let switchSeconds: Double
    }

    /// Decodes `samples`, the utterance beginning at `start` (s) as it will end if no speech
    /// follows; `recognize` uses the result for an utterance with the same start and samples.
    public func decodeAhead(_ samples: [Int16], start: Double) {
        if let unused = ahead { unusedAheadSeconds += unused.result.seconds + unused.switchSeconds }
        ahead = decodeNow(samples, start: start)
    }

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
}
