// `coach listen --engine hama`: hama's phoneme model under Coach's grammar (docs/voice.md, "The
// neural engine"), loaded from where `coach voice install` puts it. A missing or corrupt model falls
// back to pocketsphinx with one line; an End heard only just asks before it ends anything.
// The model comes from COACH_VOICE_MODELS (./test installs it into the checkout and exports it),
// else the user's own install; without either these tests fail and say how to install it.

import CoachVoice
import CoachWire
import Foundation
import Testing

@Suite struct PhonemeEngineTests {
    /// The directory holding `hama-1.7.0/`.
    static func models() throws -> String {
        let environment = ProcessInfo.processInfo.environment
        let candidates = [environment["COACH_VOICE_MODELS"], environment["HOME"].map { $0 + "/.local/share/coach/models" }].compactMap { $0 }
        let found = candidates.first { FileManager.default.fileExists(atPath: $0 + "/hama-1.7.0/asr_waveform.hama") }
        return try #require(found, "hama's model is not installed: run scripts/setup-tests (it sets up .models/) or coach voice install")
    }

    /// `text` said by espeak-ng into a WAV file in `dir`.
    static func wav(_ text: String, in dir: URL, name: String) async throws -> String {
        let samples = try await VoiceListenTests.said(text, in: dir)
        let path = dir.appendingPathComponent(name + ".wav").path
        try Data(WAV.encode(PCMAudio(samples: samples, rate: 16_000))).write(to: URL(fileURLWithPath: path))
        return path
    }

    func listen(_ wav: String, home: ScratchHome, models: String, _ extra: [String]) async throws -> ProcessResult {
        let coach = try #require(CoachBinary.path())
        var env = home.environment
        env["COACH_VOICE_MODELS"] = models
        env["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "coach-voice-test-cache"
        return try await runProcess(coach, ["listen", "--input", wav] + extra, environment: env)
    }

    @Test func theEngineIsLoadedFromAnInstalledModel() async throws {
        let home = try ScratchHome()
        let models = try Self.models()
        let pause = try await Self.wav("pause my workout", in: home.root, name: "pause")
        let r = try await listen(pause, home: home, models: models, ["--no-act", "--json", "--verbose"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("listening with pocketsphinx"), "\(r.stderr)")
        let heard = try JSONValue(parsing: try #require(r.stdout.split(separator: "\n").first.map(String.init)))
        #expect(heard["intent"]?.stringValue == "PauseWorkout", "\(r.stdout)")
        #expect(heard["margin"]?.doubleValue != nil, "the phoneme engine says how well the grammar fit: \(r.stdout)")
    }

    @Test func aMissingOrCorruptModelFallsBackToPocketsphinxWithOneLine() async throws {
        let home = try ScratchHome()
        let installed = try Self.models() + "/hama-1.7.0"
        let pause = try await Self.wav("pause my workout", in: home.root, name: "pause")
        // Nothing installed, a truncated model, a library that is not one.
        let missing = home.root.appendingPathComponent("missing").path
        let truncated = home.root.appendingPathComponent("truncated").path
        let notALibrary = home.root.appendingPathComponent("not-a-library").path
        for (dir, damage) in [(truncated, "asr_waveform.hama"), (notALibrary, "libhama.so")] {
            try FileManager.default.createDirectory(atPath: dir + "/hama-1.7.0", withIntermediateDirectories: true)
            for file in try FileManager.default.contentsOfDirectory(atPath: installed) {
                try FileManager.default.copyItem(atPath: installed + "/" + file, toPath: dir + "/hama-1.7.0/" + file)
            }
            let path = dir + "/hama-1.7.0/" + damage
            // The right size, the wrong bytes: what a start-up's size check cannot see.
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            for i in stride(from: bytes.count / 3, to: bytes.count, by: 997) { bytes[i] ^= 0x5a }
            try bytes.write(to: URL(fileURLWithPath: path))
        }
        for models in [missing, truncated, notALibrary] {
            let r = try await listen(pause, home: home, models: models, ["--no-act", "--json"])
            #expect(r.status == 0, "\(models): \(r.stderr)")
            let lines = r.stderr.split(separator: "\n").filter { $0.contains("listening with pocketsphinx") }
            #expect(lines.count == 1, "one line says why: \(r.stderr)")
            #expect(r.stdout.contains("\"intent\":\"PauseWorkout\""), "pocketsphinx still hears it: \(r.stdout)")
            #expect(!r.stdout.contains("\"margin\""))
        }
        let missingLine = try await listen(pause, home: home, models: missing, ["--no-act"]).stderr
        #expect(missingLine.contains("coach voice install"), "\(missingLine)")
        // Asked for by name, a missing engine is an error that says what to install.
        let explicit = try await listen(pause, home: home, models: missing, ["--no-act", "--engine", "hama"])
        #expect(explicit.status == 69, "\(explicit.stderr)")
        #expect(explicit.stderr.contains("coach voice install"), "\(explicit.stderr)")
    }

    /// End heard with a margin over `--destructive-margin` asks for a yes and ends nothing; the
    /// same audio under the default (clean speech fits closely) ends the workout.
    @Test func anEndHeardOnlyJustAsksFirst() async throws {
        let coach = try #require(CoachBinary.path())
        let home = try ScratchHome()
        let models = try Self.models()
        let gateway = try await BackgroundGateway(home: home)
        defer { gateway.killSoon() }
        let end = try await Self.wav("end my workout", in: home.root, name: "end")
        #expect(try await runProcess(coach, ["start", "running"], environment: home.environment).status == 0)

        let unsure = try await listen(end, home: home, models: models, ["--state", "running", "--destructive-margin", "0", "--json"])
        #expect(unsure.status == 0, "\(unsure.stderr)")
        let reply = try JSONValue(parsing: try #require(unsure.stdout.split(separator: "\n").first.map(String.init)))
        #expect(reply["reply"]?["code"]?.stringValue == "confirmationRequired", "\(unsure.stdout)")
        let still = try await runProcess(coach, ["status", "--format", "json"], environment: home.environment)
        #expect(still.stdout.contains("\"state\":\"running\""), "nothing ended: \(still.stdout)")

        let sure = try await listen(end, home: home, models: models, ["--state", "running", "--json"])
        #expect(sure.stdout.contains("\"EndWorkout\""), "\(sure.stdout)")
        #expect(!sure.stdout.contains("confirmationRequired"), "\(sure.stdout)")
        let ended = try await runProcess(coach, ["status", "--format", "json"], environment: home.environment)
        #expect(!ended.stdout.contains("\"state\":\"running\""), "\(ended.stdout)")
    }

    /// Decoding at the pause (VoiceRecognizer+Ahead) changes no command heard: three commands and
    /// a non-command in one file heard the same (intents, slots) with and without it — and
    /// with it, each decoded at its pause.
    @Test func decodingAheadHearsWhatTheEndWouldHear() async throws {
        let home = try ScratchHome()
        let models = try Self.models()
        var stream: [Int16] = Array(repeating: 0, count: 8_000)
        for text in ["pause my workout", "what a lovely day it is", "resume", "start a thirty minute outdoor run"] {
            stream += try await VoiceListenTests.said(text, in: home.root) + Array(repeating: 0, count: 12_800)
        }
        let path = home.root.appendingPathComponent("four.wav").path
        try Data(WAV.encode(PCMAudio(samples: stream, rate: 16_000))).write(to: URL(fileURLWithPath: path))
        let ahead = try await listen(path, home: home, models: models, ["--no-act", "--json", "--verbose", "--state", "all"])
        let after = try await listen(path, home: home, models: models, ["--no-act", "--json", "--verbose", "--state", "all", "--no-decode-ahead"])
        #expect(ahead.status == 0 && after.status == 0, "\(ahead.stderr)\n\(after.stderr)")
        // Without it, 0.25 s of quiet is kept after the speech instead of 0.15 s: the words may
        // differ ("workout" / "work out"), the commands may not.
        func heard(_ out: String) -> [String] {
            out.split(separator: "\n").map { String($0).replacing(/"heard":("[^"]*"|null),/, with: "").replacing(/,"(end|margin)":[0-9.]+/, with: "") }
        }
        let withAhead = heard(ahead.stdout)
        #expect(withAhead.count == 4, "\(ahead.stdout)")
        #expect(withAhead == heard(after.stdout))
        #expect(ahead.stdout.contains("\"PauseWorkout\"") && ahead.stdout.contains("\"StartWorkout\""), "\(ahead.stdout)")
        let early = ahead.stderr.components(separatedBy: "decoded ahead").count + ahead.stderr.components(separatedBy: "ended at the pause").count - 2
        #expect(early == 4, "\(ahead.stderr)")
        #expect(!after.stderr.contains("decoded ahead") && !after.stderr.contains("ended at the pause"), "\(after.stderr)")
    }

    /// A command nothing could change ends at a 0.15 s pause ("pause my workout": "… now",
    /// "… please" mean the same); one that more words could change waits for the end of speech:
    /// "end my workout … without saving" discards, "start a run … for thirty minutes" sets a goal.
    @Test func onlyACommandNothingCouldChangeEndsAtThePause() async throws {
        let home = try ScratchHome()
        let models = try Self.models()
        var verdicts: [String: Bool] = [:]
        for text in ["pause my workout", "end my workout", "start a run"] {
            let wav = try await Self.wav(text, in: home.root, name: text.replacingOccurrences(of: " ", with: "-"))
            let r = try await listen(wav, home: home, models: models, ["--no-act", "--json", "--verbose", "--state", "all"])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("\"intent\":\""), "\(text): \(r.stdout)")
            verdicts[text] = r.stderr.contains("ended at the pause")
        }
        #expect(verdicts == ["pause my workout": true, "end my workout": false, "start a run": false])
    }
}
