// VoiceRecognizer+Warping: `--warp auto`, the factor chosen by how well each decode fits
// (WarpChoice). A whole utterance (files: nobody waits) is decoded at every factor and the best
// fit kept. Decoded while spoken (the microphone, pipes: a person waits, ~0.5 s CPU a command),
// the first utterances of the session are decoded again whole at every factor, the best kept,
// until the speaker's factor is learnt (SpeakerWarp); from then on the stream is fed through that
// factor's front end alone, at no cost beyond the unwarped decode. Off unless asked for
// (WarpMode.byDefault). docs/voice.md, "lower and higher voices".

import Foundation

extension WarpMode {
    /// pocketsphinx's options for the decoder's own front end: a fixed factor only.
    var decoderOptions: [String] {
        guard case .fixed(let f) = self else { return [] }
        return ["-warp_type", "inverse_linear", "-warp_params", String(f)]
    }
}

extension VoiceRecognizer {
    /// `--warp auto`'s front ends (one per factor of WarpMode.factors) and what the session has
    /// learnt of its speaker.
    final class Warping: @unchecked Sendable {  // the recogniser's thread only
        let frontEnds: [WarpedFrontEnd]
        var speaker: SpeakerWarp

        /// Nil unless `mode` is auto.
        init?(_ mode: WarpMode, decoder: SpeechDecoder, learning: Int) throws(SpeechDecoderError) {
            guard mode == .auto else { return nil }
            speaker = SpeakerWarp(learning: learning)
            var built: [WarpedFrontEnd] = []
            for f in WarpMode.factors {
                built.append(try WarpedFrontEnd(library: decoder.ps, factor: f, featureParameters: decoder.featureParametersFile))
            }
            frontEnds = built
        }
    }

    /// A whole utterance decoded: at every factor with `--warp auto` (the best fit kept), else once.
    func decodeWhole(_ samples: [Int16]) -> SpeechDecoder.Result {
        let decoder: SpeechDecoder
        switch acoustic {
        case .phonemes(let phonemes): return phonemes.decode(samples)
        case .julius(let julius): return julius.decode(samples)
        case .pocketsphinx(let d): decoder = d
        }
        guard let warping else { return decoder.decode(samples) }
        let best = decoder.decodeBest(samples, among: warping.frontEnds)
        printWarp(best.fits, chosen: best.index)
        return best.result
    }

    /// An utterance decoded while spoken, with `--warp auto` and the speaker's factor not yet
    /// learnt: decoded again whole at every factor, the best fit kept and learnt from; once
    /// learnt, `stream` is fed through that factor from the next utterance on. Else `streamed`.
    func learningSpeaker(_ streamed: SpeechDecoder.Result, audio: [Int16], stream: SpeechDecoder.Stream) -> SpeechDecoder.Result {
        guard let warping, warping.speaker.chosen == nil, let decoder else { return streamed }
        let best = decoder.decodeBest(audio, among: warping.frontEnds)
        printWarp(best.fits, chosen: best.index)
        warping.speaker.heard(best.fits)
        var seconds = best.result.seconds + streamed.seconds
        if let f = warping.speaker.chosen {
            stream.frontEnd = f == 1 ? nil : warping.frontEnds.first { $0.factor == f }
            // Once more at the kept factor, whose cepstral mean then starts the stream's running
            // mean (the unwarped one was left behind): one decode, once a session.
            if let fe = stream.frontEnd { seconds += decoder.decode(audio, warpedBy: fe).seconds }
            if Self.printsScores { FileHandle.standardError.write(Data(String(format: "warp: the speaker's factor is %.2f\n", f).utf8)) }
        }
        let r = best.result
        return SpeechDecoder.Result(hypothesis: r.hypothesis, score: r.score, acousticPerFrame: r.acousticPerFrame, frames: r.frames,
                                    seconds: seconds)
    }

    /// `COACH_VOICE_SCORES=1`: every factor's score per frame, the chosen one marked.
    private func printWarp(_ fits: [WarpChoice.Fit], chosen: Int) {
        guard Self.printsScores else { return }
        let line = fits.indices.map { i in String(format: "%@%.2f %.1f", i == chosen ? "*" : "", fits[i].factor, fits[i].perFrame) }
        FileHandle.standardError.write(Data(("warp: " + line.joined(separator: ", ") + "\n").utf8))
    }
}
