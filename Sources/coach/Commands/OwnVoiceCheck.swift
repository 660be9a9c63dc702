// OwnVoiceCheck: `coach listen`'s side of never acting on Coach's own voice. Before each utterance
// it reads what Coach said in the last 10 minutes (SpokenLog, written by every speaker: one-shot
// `--speak`/`--speak-to`, `coach serve --speak`, the REPL) with the audio played, so that the
// gateway's announcements heard through the microphone and a `--speak-to` file fed to `--input`
// are both recognised as Coach's and refused (OwnVoiceGuard). A person speaking over the reply's
// tail makes one utterance with it: the reply is taken out with speexdsp's echo canceller
// (EchoCanceller, the reply's audio as the far end) and what remains is decoded again; it acts
// only if that decodes as a command through the usual refusals.

import CoachSettings
import CoachVoice
import Foundation

final class OwnVoiceCheck {
    private var guardian = OwnVoiceGuard()
    private var known: Set<String> = []
    private let speaker: Speaker?
    private var logStamp: Date?
    /// nil without libspeexdsp1 (or with `--no-echo-cancel`): a reply with speech over it stays
    /// as heard, as before.
    private let canceller: EchoCanceller?

    init(settings: CoachSettings, echoCancel: EchoCanceller.Options? = EchoCanceller.Options()) {
        // Synthesis only: the output is never played or written.
        speaker = try? Speaker(settings: settings, output: .file("/dev/null"))
        canceller = echoCancel.flatMap { options in (try? SpeexDSPLibrary.load()).map { EchoCanceller(library: $0, options: options) } }
    }

    /// `heard` judged against what Coach said: a playback of a reply refused; a reply with speech
    /// over it cancelled and the rest decoded by `decode` (the recogniser, in the same state);
    /// `note` says what the canceller did (`--verbose`).
    func judge(_ samples: [Int16], _ heard: HeardUtterance,
               decode: ([Int16]) -> HeardUtterance) -> (heard: HeardUtterance, note: String?) {
        let wouldAct = heard.heard != nil || heard.listeningUntil != nil
        // Only a canceller can do anything with a refused utterance: without one, no synthesis.
        guard wouldAct || canceller != nil else { return (heard, nil) }
        refresh()
        guard guardian.count > 0 else { return (heard, nil) }
        switch guardian.verdict(samples) {
        case .notOwn:
            return (heard, nil)
        case .own(let text):
            return (wouldAct ? heard.refused("Coach's own voice: \(text)") : heard, nil)
        case .overlapping(let placement):
            guard let canceller, let reply = guardian.audio(of: placement.text) else { return (heard, nil) }
            let played = OwnVoiceGuard.farEnd(reply, at: placement.offset, count: samples.count)
            guard let cleaned = canceller.cancel(samples, played: played) else { return (heard, nil) }
            guard let span = EchoCanceller.speechSpan(cleaned) else {
                return (heard.refused("Coach's reply taken out, nothing left"), "Coach's reply \"\(placement.text)\" taken out: nothing left")
            }
            let again = decode(Array(cleaned[span]))
            let note = String(format: "Coach's reply \"%@\" taken out at %.2f s (correlation %.2f), %.2f–%.2f s left; before: %@; after: %@",
                              placement.text, Double(placement.offset) / 16_000, placement.correlation,
                              Double(span.lowerBound) / 16_000, Double(span.upperBound) / 16_000,
                              heard.hypothesis.map(SpeechGrammar.unmarked) ?? "—", again.hypothesis.map(SpeechGrammar.unmarked) ?? "—")
            // What acted before the reply was taken out may have been the reply's own words: only
            // what remains decides.
            let acts = again.heard != nil || again.listeningUntil != nil
            return (acts ? again : again.refused("Coach's reply taken out, " + (again.refusal ?? "nothing left")), note)
        }
    }

    private func refresh() {
        let path = SpokenLog.path()
        // The log changes only when Coach speaks: stat it, re-read it only then.
        let stamp = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        guard stamp != nil, stamp != logStamp else { return }
        logStamp = stamp
        for (time, language, text) in SpokenLog.recent(within: 600) where known.insert("\(time)\t\(language)\t\(text)").inserted {
            // What was played, as the speaker kept it; else the same voice again (a log from
            // before the audio was kept), which matches the loudness but not the waveform.
            if let audio = SpokenLog.audio(text, language: language) ?? (try? speaker?.synthesize(text, language: language)) {
                guardian.add(text: text, audio: audio)
            }
        }
    }
}
