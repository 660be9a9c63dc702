// UtteranceListener: audio in, judged utterances out — the VAD cuts the stream and the recogniser
// hears each utterance. `.whileSpoken` feeds the decoder from the moment the VAD hears speech
// begin, so after the end-of-speech wait only the last 100 ms and the backtrace are left (the
// microphone and pipes, where a person waits for the answer); `.whole` decodes each utterance
// once it has ended (files: nobody waits, and a whole utterance gets its own cepstral mean) — or,
// with the engines that hear an utterance whole, at its pause, ending it there when nothing more
// could change the command (VoiceRecognizer+Ahead). Measured in docs/voice.md, "Speed" and
// "Decoding at the pause, ending early" (Benchmarks/voice/latency.sh).

import Foundation

public final class UtteranceListener {  // one thread at a time, like the recogniser
    public enum Decoding: String, Sendable, CaseIterable {
        case whole
        case whileSpoken = "streaming"
    }

    public typealias Heard = (utterance: VoiceActivityDetector.Utterance, heard: HeardUtterance)

    let voice: VoiceRecognizer
    private var vad: VoiceActivityDetector
    private let stream: SpeechDecoder.Stream?
    /// Samples of the current utterance given to the decoder so far.
    private var fed = 0
    /// The lone wake phrase's audio decoded in front of the current utterance (WakeWindow).
    private var wakeAudio: [Int16] = []
    /// CPU spent switching to the state's search when the current utterance began.
    private var switchSeconds = 0.0
    /// The state whose grammar should hear an utterance beginning at a time (s) in the stream
    /// (VoiceRecognizer+States); nil: the recogniser's own choice stands.
    public var stateAt: ((Double) -> ListeningState?)?

    /// The front end's output beside the raw stream: the VAD cuts the raw audio, the decoder hears
    /// the denoised samples of the same span (DenoisedStream says why).
    private let denoised: DenoisedStream?
    /// A front end the whole stream goes through before the VAD (RNNoise: its output is quiet
    /// between words, where speexdsp's residual swings; docs/voice.md, "RNNoise").
    private let beforeDetector: (any NoiseFrontEnd)?

    /// Who hears the front end's output: the decoder only (speexdsp: the VAD cuts the raw stream),
    /// both, or the VAD only (the decoder hears the raw samples of the span it cut).
    public enum FrontEndPlace: String, Sendable, CaseIterable {
        case decoder, both, detector
    }
    /// Stream index where the current utterance began.
    private var utteranceStart = 0

    /// Utterances longer than this (s) are not decoded ahead: a command is a few seconds, and a long
    /// utterance pausing often (a conversation) would be decoded whole at every pause.
    static let longestDecodedAhead = 5

    /// Quiet (s) after which an utterance heard whole is decoded, and ended at once when what was
    /// heard is a command nothing more could change (VoiceRecognizer+Ahead): longer than the
    /// gaps between a command's words, 0.2 s short of the detector's end of speech.
    public static let pauseNotice = 0.15

    /// `decodeAhead`: decode an utterance at its pause (VoiceRecognizer+Ahead) and end it there
    /// when it is complete, with the engines that hear an utterance whole; benchmarks turn it off.
    public init(voice: VoiceRecognizer, decoding: Decoding, frontEnd: (any NoiseFrontEnd)? = nil, frontEndPlace: FrontEndPlace = .decoder,
                vad: VoiceActivityDetector.Configuration = .init(), decodeAhead: Bool = true) {
        self.voice = voice
        switch frontEndPlace {
        case .decoder: (denoised, beforeDetector) = (frontEnd.map(DenoisedStream.init), nil)
        case .both: (denoised, beforeDetector) = (nil, frontEnd)
        case .detector: (denoised, beforeDetector) = (frontEnd.map { _ in DenoisedStream(RawAudio()) }, frontEnd)
        }
        // The phoneme engine hears an utterance whole: its network takes the whole waveform.
        stream = decoding == .whileSpoken ? voice.decoder.map(SpeechDecoder.Stream.init) : nil
        var vad = vad
        vad.pauseNotice = stream == nil && decodeAhead && voice.decodesAhead ? Self.pauseNotice : nil
        self.vad = VoiceActivityDetector(vad)
    }

    /// Feeds a chunk of 16 kHz samples; the utterances that ended in it, heard.
    public func feed(_ samples: [Int16]) -> [Heard] {
        let detected = beforeDetector?.process(samples) ?? samples
        denoised?.feed(samples)
        return heard(vad.events(detected))
    }

    /// Ends the stream: an utterance in progress is heard.
    public func finish() -> [Heard] {
        let rest = beforeDetector.map { heard(vad.events($0.finish())) } ?? []
        denoised?.finish()
        return rest + heard(vad.finishEvents())
    }

    /// The utterances `events` end, heard. The detector stops at a pause (`.paused`, the last
    /// event of its batch), so an utterance complete there ends there, and is fed on after.
    private func heard(_ events: [VoiceActivityDetector.Event]) -> [Heard] {
        var out: [Heard] = []
        var batch = events
        while true {
            if let stream {
                out += batch.compactMap { handle($0, stream) }
            } else {
                out += batch.compactMap(whole)
            }
            guard case .paused = batch.last else { return out }
            if voice.aheadEndsHere, let ended = vad.endNow() {
                var early = whole(ended)
                early.heard.endedAtPause = true
                out.append(early)
            }
            batch = vad.events([])
        }
    }

    /// An utterance heard whole when it ends, decoded ahead at its pause.
    private func whole(_ event: VoiceActivityDetector.Event) -> Heard? {
        switch event {
        case .paused(let raw):
            // Only samples the end will have too: the front end's, once it has them all.
            guard denoised == nil || denoised?.samples(from: raw.start, count: raw.samples.count) != nil else { return nil }
            // Not a long utterance with many pauses: each would be decoded whole again.
            guard raw.samples.count <= Self.longestDecodedAhead * 16_000 else { return nil }
            let u = denoised?.denoised(raw) ?? raw
            if let stateAt { voice.listen(in: stateAt(seconds(u.start))) }
            voice.decodeAhead(u.samples, start: seconds(u.start), end: seconds(u.end))
            return nil
        case .ended(let raw):
            return whole(raw)
        case .began, .audio, .dropped:
            return nil
        }
    }

    private func whole(_ raw: VoiceActivityDetector.Utterance) -> Heard {
        let u = denoised?.denoised(raw) ?? raw
        if let stateAt { voice.listen(in: stateAt(seconds(u.start))) }
        return (u, voice.recognize(u.samples, start: seconds(u.start), end: seconds(u.end)))
    }

    private func handle(_ event: VoiceActivityDetector.Event, _ stream: SpeechDecoder.Stream) -> Heard? {
        switch event {
        case .began(let start):
            // The search is chosen before any audio goes in: it cannot change mid-utterance.
            if let stateAt { voice.listen(in: stateAt(seconds(start))) }
            switchSeconds = voice.switchSearch()
            wakeAudio = voice.wakeAudio(at: seconds(start))
            utteranceStart = start
            fed = 0
            stream.begin()
            if !wakeAudio.isEmpty { stream.feed(wakeAudio + VoiceRecognizer.gap) }
        case .audio(let samples):
            stream.feed(denoised?.samples(from: utteranceStart + fed, count: samples.count) ?? samples)
            fed += samples.count
        case .ended(let raw):
            let u = denoised?.denoised(raw) ?? raw
            if u.samples.count > fed { stream.feed(Array(u.samples[fed...])) }
            let result = voice.learningSpeaker(stream.end(), audio: wakeAudio.isEmpty ? u.samples : wakeAudio + VoiceRecognizer.gap + u.samples,
                                               stream: stream)
            return (u, voice.judged(result, samples: u.samples, wakeAudio: wakeAudio, start: seconds(u.start), end: seconds(u.end),
                                    extraSeconds: switchSeconds))
        case .dropped:
            stream.abandon()
        case .paused:
            break  // fed while spoken: only the last 100 ms are left at the end
        }
        return nil
    }

    private func seconds(_ sample: Int) -> Double { Double(sample) / 16_000 }
}
