// UtteranceListener: audio in, judged utterances out — the VAD cuts the stream and the recogniser
// hears each utterance. `.whileSpoken` feeds the decoder from the moment the VAD hears speech
// begin, so after the end-of-speech wait only the last 100 ms and the backtrace are left (the
// microphone and pipes, where a person waits for the answer); `.whole` decodes each utterance
// once it has ended (files: nobody waits, and a whole utterance gets its own cepstral mean).
// Measured in docs/voice.md, "Speed" (Benchmarks/voice/latency.sh).

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
    /// Stream index where the current utterance began.
    private var utteranceStart = 0

    public init(voice: VoiceRecognizer, decoding: Decoding, frontEnd: SpeechFrontEnd? = nil,
                vad: VoiceActivityDetector.Configuration = .init()) {
        self.voice = voice
        self.vad = VoiceActivityDetector(vad)
        self.denoised = frontEnd.map(DenoisedStream.init)
        // The phoneme engine hears an utterance whole: its network takes the whole waveform.
        stream = decoding == .whileSpoken ? voice.decoder.map(SpeechDecoder.Stream.init) : nil
    }

    /// Feeds a chunk of 16 kHz samples; the utterances that ended in it, heard.
    public func feed(_ samples: [Int16]) -> [Heard] {
        denoised?.feed(samples)
        guard let stream else { return vad.feed(samples).map(whole) }
        return vad.events(samples).compactMap { handle($0, stream) }
    }

    /// Ends the stream: an utterance in progress is heard.
    public func finish() -> [Heard] {
        denoised?.finish()
        guard let stream else { return vad.finish().map(whole) }
        return vad.finishEvents().compactMap { handle($0, stream) }
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
        }
        return nil
    }

    private func seconds(_ sample: Int) -> Double { Double(sample) / 16_000 }
}
