// The Speaker's neural English voice (PiperVoice): chosen by `voice.tts` ("auto": when installed;
// "piper": the same, with a note when it is not; "espeak": never), loaded once on a thread of its
// own (~1.3 s of CPU) — as soon as a gateway's or REPL's Speaker is made, else when English is first
// said — so neither `say` nor its caller waits for it; a reply asked for before it is loaded waits
// on the speaking thread. A voice that is
// missing, damaged or fails to load leaves English to espeak-ng, with one note saying why.

import CoachSettings
import Foundation

/// The loaded voice or why there is none, behind a condition the loading thread signals.
final class NeuralSlot: @unchecked Sendable {  // state behind `condition`
    enum State { case notAsked, loading, loaded(PiperVoice), none }
    let condition = NSCondition()
    var state = State.notAsked
}

extension Speaker {
    /// Starts loading the Piper voice when the settings want it and it is installed.
    func startLoadingNeuralVoice() {
        neural.condition.lock()
        defer { neural.condition.unlock() }
        guard case .notAsked = neural.state else { return }
        guard settings.voice.tts != "espeak", let english else {
            neural.state = .none
            return
        }
        guard let installed = VoiceModels.speechVoice(check: .sizes) else {
            if settings.voice.tts == "piper" {
                note("voice.tts is piper but the Piper voice is not installed: English replies are said by espeak-ng; run `\(VoiceModels.installSpeechCommand)`")
            }
            neural.state = .none
            return
        }
        guard installed.isUsable, let library = installed.runtimeLibraryPath, let model = installed.modelPath,
              let config = installed.configPath else {
            note("the Piper voice cannot be used (\(installed.problem ?? "incomplete")): English replies are said by espeak-ng")
            neural.state = .none
            return
        }
        neural.state = .loading
        let slot = neural
        let t = Thread { [weak self] in
            let loaded: NeuralSlot.State
            do {
                loaded = .loaded(try PiperVoice(runtimeLibrary: library, model: model, config: config, espeak: english))
            } catch {
                self?.note("the Piper voice could not be loaded (\(error)): English replies are said by espeak-ng")
                loaded = .none
            }
            slot.condition.lock()
            slot.state = loaded
            slot.condition.broadcast()
            slot.condition.unlock()
        }
        t.name = "coach-voice-load"
        t.start()
    }

    /// The Piper voice, waiting for it while it loads; nil when English goes to espeak-ng.
    func neuralVoice() -> PiperVoice? {
        startLoadingNeuralVoice()  // nothing when asked before
        neural.condition.lock()
        defer { neural.condition.unlock() }
        while case .loading = neural.state { neural.condition.wait() }
        if case .loaded(let voice) = neural.state { return voice }
        return nil
    }

    /// Which engine says English replies now ("piper" or "espeak-ng"): for `coach doctor` and tests.
    public var englishEngine: String { neuralVoice() == nil ? "espeak-ng" : "piper" }
}
