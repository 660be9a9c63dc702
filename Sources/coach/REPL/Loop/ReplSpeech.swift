// ReplSpeech: the REPL's voice (`/speak on|off`, started on by --speak, --speak-to FILE or the
// settings' voice.speak). Replies and announcements are handed to a Speaker, whose own thread
// synthesises and plays them: the prompt never waits, and a new line cuts off a stale one.

import CoachWire
import CoachCore
import CoachLanguage
import CoachSettings
import CoachVoice
import Synchronization

final class ReplSpeech: Sendable {
    private let on: Atomic<Bool>
    private let speaker: Mutex<Speaker?>
    private let output: Speaker.Output
    private let settings: CoachSettings
    /// Where the speaker's notes go (no speaker, no Japanese voice): above the prompt, once each.
    private let noteSink = Mutex<(@Sendable (String) -> Void)?>(nil)

    init(initiallyOn: Bool, output: Speaker.Output, settings: CoachSettings) {
        on = Atomic(initiallyOn)
        speaker = Mutex(nil)
        self.output = output
        self.settings = settings
    }

    /// From the command line and the settings file, as one-shot commands decide.
    convenience init(options: GatewayOptions, settings: CoachSettings) {
        self.init(initiallyOn: options.speak || options.speakTo != nil || settings.voice.speak,
                  output: options.speakTo.map { .file($0) } ?? .device(settings.voice.outputDevice), settings: settings)
    }

    var isOn: Bool { on.load(ordering: .relaxed) }

    /// Turns speech on or off; nil when it cannot be on (the message says why and what to install).
    func set(_ value: Bool) -> String? {
        guard value else { on.store(false, ordering: .relaxed); return nil }
        if let problem = ensureSpeaker() { return problem }
        on.store(true, ordering: .relaxed)
        return nil
    }

    /// Sends the speaker's notes to `show` from now on.
    func showNotes(_ show: @escaping @Sendable (String) -> Void) { noteSink.withLock { $0 = show } }

    /// Says `text` when speech is on; returns at once.
    func say(_ text: String) {
        guard isOn, !text.isEmpty, ensureSpeaker() == nil else { return }
        speaker.withLock { $0?.say(text, language: Language.detect(text).rawValue) }
    }

    private func ensureSpeaker() -> String? {
        speaker.withLock { current -> String? in
            if current != nil { return nil }
            do {
                current = try Speaker(settings: settings, output: output,
                                      onNote: { [weak self] note in self?.noteSink.withLock { $0 }?(note) })
                return nil
            } catch {
                return "cannot speak (\(error)); install espeak-ng with: sudo apt-get install libespeak-ng1"
            }
        }
    }
}
