// ReplListener: the REPL's ears (`/listen on [FILE]`, `/listen off`). Audio is read and decoded on
// a thread of its own (reading the microphone blocks), cut into utterances by the same VAD as
// `coach listen`, and each command heard is handed to the REPL's loop, which shows it as if typed
// and runs it exactly as a typed line (same replies, questions and confirmations). The microphone
// needs the wake phrase ("hey coach, pause"), as `coach listen` does; a FILE is taken as commands.
// Only what can apply now is heard, as with `coach listen` (#29): the REPL's loop tells the
// listener the workout's state and whether a yes/no question is pending (ListeningFocus decides).

import CoachSettings
import CoachVoice
import CoachWire
import Foundation
import Synchronization

final class ReplListener: Sendable {
    /// A command heard (its text; `unsure`: heard only just, so an End or Cancel asks first), or a
    /// note for the user (the file ended, the device failed).
    enum Heard: Sendable, Hashable {
        case line(String, unsure: Bool = false)
        case note(String)
    }

    private let deliver: @Sendable (Heard) -> Void
    /// Bumped by every start and stop: a listening thread whose generation is old stops at its
    /// next chunk of audio and delivers nothing more.
    private let generation = Atomic<Int>(0)
    private let settings: CoachSettings
    /// What can apply now, and where the audio is (s): a question is timed from the last utterance.
    private let focus = Mutex((ListeningFocus(), heardUntil: 0.0))
    private let listening = Atomic(false)

    /// Whether a `/listen` is on (the loop only keeps the state current then).
    var isListening: Bool { listening.load(ordering: .relaxed) }

    /// The workout's state, as the gateway said it.
    func workoutState(_ state: String) {
        focus.withLock { $0.0.gatewayState(state) }
    }

    /// After each reply: a yes/no question pending (its answers are heard for a while) or none.
    func confirmationPending(_ pending: Bool) {
        focus.withLock { $0.0.replied(code: pending ? "confirmationRequired" : nil, state: nil, at: $0.heardUntil) }
    }

    init(settings: CoachSettings = (try? CoachSettings.load()) ?? CoachSettings(),
         deliver: @escaping @Sendable (Heard) -> Void) {
        self.settings = settings
        self.deliver = deliver
    }

    /// Starts listening to the microphone (nil) or a WAV file; returns what to tell the user, or
    /// throws what went wrong (nothing is listening then).
    /// The decoder is built on the listening thread: the first build after an install compiles the
    /// grammar (seconds on a busy machine), and the prompt must not wait for it.
    /// `language`: the REPL's (Japanese: heard with the hama engine).
    func start(input: String?, language: Language = .en) throws(VoiceSetupError) -> String {
        // The microphone is read from now, while the decoder is built (ReadAheadAudioInput).
        let opened = try VoiceSetup.audioInput(path: input, device: nil, settings: settings)
        let source: any AudioInput = input == nil ? ReadAheadAudioInput(opened) : opened
        let mine = generation.add(1, ordering: .acquiringAndReleasing).newValue
        listening.store(true, ordering: .relaxed)
        let handed = HandedOver(source: source)
        let settings = self.settings
        let thread = Thread { [self] in
            let voice: VoiceRecognizer
            var tuning = VoiceRecognizer.Options()
            tuning.state = self.focus.withLock { $0.0.state(at: $0.heardUntil) }
            do { voice = try VoiceSetup.recognizer(settings: settings, wake: nil, fromMicrophone: input == nil, language: language, tuning: tuning) } catch {
                (handed.source as? ReadAheadAudioInput)?.stop()
                if self.isCurrent(mine) { self.deliver(.note("Stopped listening: \(error)")) }
                return
            }
            self.listen(voice: voice, source: handed.source, generation: mine, input: input)
        }
        thread.name = "coach-listen"
        thread.start()
        if let input { return "Listening to \(input)." }
        return "Listening. Say \"\(settings.voice.wakePhrase), …\" before a command (\"\(settings.voice.wakePhrase), pause\")."
    }

    /// Stops listening (a thread in the middle of a read stops after it).
    func stop() {
        listening.store(false, ordering: .relaxed)
        generation.add(1, ordering: .acquiringAndReleasing)
    }

    private func isCurrent(_ mine: Int) -> Bool { generation.load(ordering: .acquiring) == mine }

    private func listen(voice: VoiceRecognizer, source: any AudioInput, generation mine: Int, input: String?) {
        defer { (source as? ReadAheadAudioInput)?.stop() }  // the microphone let go with the listening
        let front = VoiceSetup.frontEnd(settings: settings, explicit: nil, fromMicrophone: input == nil,
                                        engine: voice.engineName)
        if let note = front.note, isCurrent(mine) { deliver(.note(note)) }
        voice.prepareStates()
        let listener = UtteranceListener(voice: voice, decoding: VoiceSetup.decoding(input: input), frontEnd: front.frontEnd,
                                         frontEndPlace: front.place)
        // Each utterance is heard with the state at its start. Each source's audio starts at 0 s,
        // so its times are counted on from where the last one ended (a question's answer window).
        let base = focus.withLock { $0.heardUntil }
        listener.stateAt = { [self] start in
            focus.withLock { f in
                f.heardUntil = max(f.heardUntil, base + start)
                return f.0.state(at: base + start)
            }
        }
        func hear(_ heard: HeardUtterance) {
            focus.withLock { $0.heardUntil = max($0.heardUntil, base + heard.end) }
            if heard.listeningUntil != nil, isCurrent(mine) { deliver(.note("Listening: say the command.")) }
            if let text = heard.heard, isCurrent(mine) { deliver(.line(text, unsure: heard.unsure)) }
        }
        do {
            while isCurrent(mine), let chunk = try source.next() {
                for (_, heard) in listener.feed(chunk) where isCurrent(mine) { hear(heard) }
            }
        } catch {
            if isCurrent(mine) { deliver(.note("Stopped listening: \(error.description)")) }
            return
        }
        guard isCurrent(mine) else { return }
        for (_, heard) in listener.finish() { hear(heard) }
        if let input, isCurrent(mine) { deliver(.note("Finished listening to \(input).")) }
    }
}

/// The audio source, moved to the listening thread, which alone uses it from then on (it is not
/// Sendable: it wraps an ALSA handle).
private struct HandedOver: @unchecked Sendable {
    let source: any AudioInput
}
