// Speaker: says replies without ever blocking the caller. One background thread synthesises and
// plays; a new utterance cuts off the one playing (a stale "paused" must not talk over "resumed").
// Audio goes to an ALSA device, or to a WAV file (`--speak-to`, for tests and recordings).
// English is said by the Piper voice when `coach voice install --tts` put it there and `voice.tts`
// does not say "espeak" (Speaker+Neural.swift), by espeak-ng otherwise; Japanese as before.

import CoachNative
import CoachSettings
import Foundation

public final class Speaker: @unchecked Sendable {  // mutable state behind `lock`
    public enum Output: Sendable {
        case device(String)
        case file(String)
        /// Every utterance, in order, to DIR/001.wav (and its text to DIR/001.txt): a record of a
        /// gateway's spoken announcements, nothing cut off (`coach serve --speak-to DIR`).
        case directory(String)
    }

    let settings: CoachSettings
    private let output: Output
    let english: EspeakEngine?
    private let alsa: AlsaLibrary?
    private let lock = NSCondition()
    private var queue: [(String, String)] = []
    private var generation = 0
    private var busy = false
    private var thread: Thread?
    private var written = 0
    /// Notes for the user (a missing Japanese voice), each said once.
    public private(set) var notes: [String] = []

    /// Called (on the speaking thread) with each note when it is first made: a gateway logs it.
    private let onNote: (@Sendable (String) -> Void)?

    /// The neural English voice, loaded once off the caller's thread (Speaker+Neural.swift).
    let neural = NeuralSlot()

    public init(settings: CoachSettings, output: Output, onNote: (@Sendable (String) -> Void)? = nil) throws {
        self.settings = settings
        self.output = output
        self.onNote = onNote
        english = try EspeakEngine(library: try EspeakLibrary.load())
        if case .device = output { alsa = try AlsaLibrary.load() } else { alsa = nil }
        // A gateway or REPL speaker loads the voice now; one writing a file (a one-shot reply, a
        // listener's own-voice check) only when it first says English: a process that never
        // does must not exit with ONNX Runtime half loaded on another thread.
        if case .file = output {} else { startLoadingNeuralVoice() }
    }

    /// Speech for `text` in `language` ("en" or "ja") as samples.
    public func synthesize(_ text: String, language: String) throws -> PCMAudio {
        if language == "ja" {
            if FileManager.default.isExecutableFile(atPath: "/usr/bin/open_jtalk"),
               FileManager.default.fileExists(atPath: JapaneseSpeech.dictionaryDirectory),
               let voice = JapaneseSpeech.findVoice(configured: settings.voice.japaneseVoiceFile) {
                return try JapaneseSpeech.openJTalk(text, voiceFile: voice)
            }
            note("no Open JTalk HTS voice found: Japanese is spoken by espeak-ng from kana readings, flatter than Open JTalk (docs/voice.md, `coach doctor`)")
            let kana = JapaneseReadings.builtIn.espeakText(text)
            // A user's own response text may hold a word the table lacks: espeak-ng would say
            // "Chinese letter" for it, so the user is told once rather than left to wonder.
            if JapaneseSpeech.hasKanji(kana) { note("some kanji have no reading in Intents/ja/_readings.tsv and are not read") }
            return try english!.synthesize(kana, voice: settings.voice.voices["ja"] ?? "ja")
        }
        if language == "en", let piper = neuralVoice() {
            do { return try piper.synthesize(text) } catch {
                note("the Piper voice could not say a reply (\(error)): espeak-ng said it")
            }
        }
        return try english!.synthesize(text, voice: settings.voice.voices[language] ?? "en-us")
    }

    func note(_ text: String) {
        lock.lock()
        let isNew = !notes.contains(text)
        if isNew { notes.append(text) }
        lock.unlock()
        if isNew { onNote?(text) }
    }

    /// Queues `text`, cutting off whatever is being said; returns at once.
    public func say(_ text: String, language: String) {
        lock.lock()
        generation += 1
        if case .directory = output { queue.append((text, language)) } else { queue = [(text, language)] }
        if thread == nil {
            let t = Thread { [weak self] in self?.run() }
            t.name = "coach-speaker"
            thread = t
            t.start()
        }
        lock.signal()
        lock.unlock()
    }

    /// Waits until everything queued has been said (one-shot commands, before exiting).
    public func finish() {
        lock.lock()
        while !queue.isEmpty || busy { lock.wait() }
        lock.unlock()
    }

    private func run() {
        while true {
            lock.lock()
            while queue.isEmpty { lock.wait() }
            let (text, language) = queue.removeFirst()
            let mine = generation
            busy = true
            lock.unlock()
            if let audio = try? synthesize(text, language: language) {
                // Before playing: a listener must know the words by the time they reach a microphone.
                // The samples too: the echo canceller needs exactly what is played (SpokenLog).
                SpokenLog.append(text, language: language, audio: audio)
                play(audio, text: text, generation: mine)
            }
            lock.lock()
            busy = false
            lock.broadcast()
            lock.unlock()
        }
    }

    private func isCurrent(_ g: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return g == generation && queue.isEmpty
    }

    private func play(_ audio: PCMAudio, text: String, generation g: Int) {
        switch output {
        case .file(let path):
            _ = FileManager.default.createFile(atPath: path, contents: Data(WAV.encode(audio)))
        case .directory(let dir):
            written += 1  // only this thread writes
            let base = (dir as NSString).appendingPathComponent(String(format: "%03d", written))
            _ = FileManager.default.createFile(atPath: base + ".wav", contents: Data(WAV.encode(audio)))
            _ = FileManager.default.createFile(atPath: base + ".txt", contents: Data(text.utf8))
        case .device(let device):
            guard let alsa else { return }
            let pcm: AlsaPCM
            do { pcm = try AlsaPCM(alsa: alsa, device: device, capture: false, rate: audio.rate) } catch {
                note("cannot speak: \(error)")  // no speaker: said once, and the gateway goes on
                return
            }
            var rest = audio.samples[...]
            let chunk = audio.rate / 20  // 50 ms: a newer utterance cuts in within that
            while !rest.isEmpty {
                guard isCurrent(g) else { pcm.stop(); return }
                pcm.write(rest.prefix(chunk))
                rest = rest.dropFirst(chunk)
            }
            pcm.drain()
        }
    }
}
