// OwnVoiceCheck: `coach listen`'s side of never acting on Coach's own voice. Before each utterance
// it reads what Coach said in the last 10 minutes (SpokenLog, written by every speaker: one-shot
// `--speak`/`--speak-to`, `coach serve --speak`, the REPL) and synthesises what is new, so that the
// gateway's announcements heard through the microphone and a `--speak-to` file fed to `--input`
// are both recognised as Coach's and refused (OwnVoiceGuard).

import CoachSettings
import CoachVoice
import Foundation

final class OwnVoiceCheck {
    private var guardian = OwnVoiceGuard()
    private var known: Set<String> = []
    private let speaker: Speaker?
    private var logStamp: Date?

    init(settings: CoachSettings) {
        // Synthesis only: the output is never played or written.
        speaker = try? Speaker(settings: settings, output: .file("/dev/null"))
    }

    /// The text Coach said that `samples` are a playback of, or nil.
    func ownText(_ samples: [Int16]) -> String? {
        refresh()
        return guardian.count == 0 ? nil : guardian.match(samples)
    }

    private func refresh() {
        guard let speaker else { return }
        let path = SpokenLog.path()
        // The log changes only when Coach speaks: stat it, re-read it only then.
        let stamp = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
        guard stamp != nil, stamp != logStamp else { return }
        logStamp = stamp
        for (language, text) in SpokenLog.recent(within: 600) where known.insert(language + "\t" + text).inserted {
            if let audio = try? speaker.synthesize(text, language: language) { guardian.add(text: text, audio: audio) }
        }
    }
}
