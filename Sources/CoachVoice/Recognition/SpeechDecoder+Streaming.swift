// SpeechDecoder fed while the person speaks: `begin` when the VAD hears speech start, `feed` as
// audio arrives, `end` after the end-of-speech wait, which then has only the last 100 ms and the
// backtrace left to do instead of the whole utterance (docs/voice.md, "Speed"). pocketsphinx
// normalises the cepstral mean live in this mode (its prior, updated after each utterance) where a
// whole utterance gets its own mean; the level is set from the previous utterance for the same
// reason (SpeechLevel needs the whole utterance to measure it).

import CoachNative
import Foundation

extension SpeechDecoder {
    /// One utterance being decoded as it arrives. Not thread-safe, like the decoder.
    public final class Stream {
        let decoder: SpeechDecoder
        private var hiss = NoiseFloor.seed
        private var cpu = 0.0
        private var open = false
        /// The gain for the utterance under way: the last one's (a microphone's level is steady).
        private var gain: Double?
        private var heard: [Int16] = []
        /// The front end the audio goes through (the speaker's warp factor, VoiceRecognizer+Warping);
        /// nil: the decoder's own. Changed between utterances only.
        var frontEnd: WarpedFrontEnd?

        public init(_ decoder: SpeechDecoder) { self.decoder = decoder }

        /// Starts an utterance (ending one left open).
        public func begin() {
            let started = SpeechDecoder.cpuSeconds()
            if open { _ = decoder.ps.ps_end_utt(decoder.decoder) }
            _ = decoder.ps.ps_start_utt(decoder.decoder)
            frontEnd?.begin()
            open = true
            hiss = NoiseFloor.seed
            heard = []
            cpu = SpeechDecoder.cpuSeconds() - started
        }

        /// More of the utterance, decoded now.
        public func feed(_ samples: [Int16]) {
            guard open, !samples.isEmpty else { return }
            let started = SpeechDecoder.cpuSeconds()
            heard += samples
            // The first utterance is taken as it comes: its leading audio (mostly the quiet before
            // it) cannot tell its level, and a gain guessed from it clipped flite's speech.
            let g = gain ?? 1
            if gain == nil { gain = g }
            let level = SpeechLevel.applied(g, to: samples)
            let audio = decoder.noiseFloor > 0 ? NoiseFloor.added(to: level, amplitude: decoder.noiseFloor, state: &hiss) : level
            if let frontEnd {
                var cepstra = frontEnd.cepstra(ofMore: audio)
                if cepstra.count > 0 { cepstra.withRows { _ = decoder.ps.ps_process_cep(decoder.decoder, $0, Int32($1), 0, 0) } }
            } else {
                audio.withUnsafeBufferPointer { _ = decoder.ps.ps_process_raw(decoder.decoder, $0.baseAddress, $0.count, 0, 0) }
            }
            cpu += SpeechDecoder.cpuSeconds() - started
        }

        /// Ends the utterance: the words heard. `seconds` is all the CPU it took, fed and ended.
        public func end() -> Result {
            let started = SpeechDecoder.cpuSeconds()
            if open, let frontEnd {  // the last partial frame
                var tail = frontEnd.end()
                if tail.count > 0 { tail.withRows { _ = decoder.ps.ps_process_cep(decoder.decoder, $0, Int32($1), 0, 0) } }
            }
            if open { _ = decoder.ps.ps_end_utt(decoder.decoder) }
            open = false
            gain = SpeechLevel.gain(heard)
            heard = []
            let r = decoder.result(since: started)
            return Result(hypothesis: r.hypothesis, score: r.score, acousticPerFrame: r.acousticPerFrame, frames: r.frames,
                          seconds: r.seconds + cpu)
        }

        /// Forgets the utterance under way (the VAD dropped it).
        public func abandon() {
            if open { _ = decoder.ps.ps_end_utt(decoder.decoder) }
            open = false
            heard = []
        }
    }
}
