// `coach listen` end to end on speech synthesised at test time: espeak-ng in several voices and
// speeds (130–200 words a minute), some mixed with pink noise by sox at 20 and 10 dB SNR, joined
// with silences into one WAV file and recognised with `--no-act --json`. The expected intent and
// slots are what `coach parse --json` reads from the same text. Corpora: commands.txt and
// noncommands.txt next to this file (each split into a part used for tuning and a fresh part).

import CoachVoice
import Foundation
import Testing

// Not serialized: each test has its own scratch home and files, and the one thing they share,
// the compiled grammar in XDG_CACHE_HOME, is written to a temporary name and renamed into place.
// They are most of the suite's CPU (pocketsphinx), so ./test runs them in a process of their own
// beside the rest, from the start.
@Suite struct VoiceListenTests {
    @Test func commandsAreHeardWithTheirSlots() async throws {
        let home = try ScratchHome()
        let sentences = try Self.corpus("commands.txt")
        let (wav, spoken) = try await Self.speak(sentences, into: home.root)
        let heard = try await Self.listen(wav, home: home)
        var intentsRight = 0, slotsRight = 0
        var report: [String] = []
        var bySplit: [String: (Int, Int)] = [:]
        let parsed = try await Self.parse(spoken.map(\.text), in: home.root)
        for (s, expected) in zip(spoken, parsed) {
            try #require(expected.intent != nil, "the test sentence '\(s.text)' is not a command for coach parse")
            let got = Self.results(for: s, in: heard).filter { $0.intent != nil }
            let intentOK = got.count == 1 && got[0].intent == expected.intent
            let slotsOK = intentOK && got[0].slots == expected.slots
            if intentOK { intentsRight += 1 }
            if slotsOK { slotsRight += 1 }
            let old = bySplit[s.split] ?? (0, 0)
            bySplit[s.split] = (old.0 + (intentOK ? 1 : 0), old.1 + 1)
            if !slotsOK {
                report.append("\(s.text) [\(s.condition)] → " + (got.map { "\($0.heard ?? "—") \($0.intent ?? "-") \($0.slots)" }.joined(separator: "; ")))
            }
        }
        let n = Double(spoken.count)
        let summary = String(format: "intent %d/%d (%.0f %%), slots %d/%d (%.0f %%); ", intentsRight, spoken.count,
                             100 * Double(intentsRight) / n, slotsRight, spoken.count, 100 * Double(slotsRight) / n)
            + bySplit.sorted { $0.key < $1.key }.map { "\($0.key) intent \($0.value.0)/\($0.value.1)" }.joined(separator: ", ")
        print("voice: commands: " + summary + "\n" + report.joined(separator: "\n"))
        // The issue's targets are 95 % intent and 85 % slots; this grammar (every template of
        // Intents/en) does NOT reach them yet on espeak-ng's voices with noise (docs/voice.md,
        // "Accuracy"; flite's voices, never tuned on, reach 91–95 %). These floors catch a
        // regression below what it measures (57 % / 43 % since the garbage loop holds the command
        // words, which cut non-commands acting without --wake from 29 to 13 of 45) without calling
        // that done.
        #expect(Double(intentsRight) >= 0.50 * n, "\(summary)\n\(report.joined(separator: "\n"))")
        #expect(Double(slotsRight) >= 0.35 * n, "\(summary)\n\(report.joined(separator: "\n"))")
    }

    /// The same commands in flite's four voices, clean: a synthesiser never tuned on (the held-out
    /// check of docs/voice.md). Measured 60/60 intent and 52/60 slots, which meets the issue's 95 % /
    /// 85 %; the floors (85 % / 75 %) leave room for a voice or two and catch a real regression.
    @Test func commandsInAnotherSynthesisersVoicesAreHeard() async throws {
        let (intentsRight, slotsRight, count, report) = try await Self.heardRight("commands.txt", flite: true)
        print("voice: flite: " + report)
        #expect(Double(intentsRight) >= 0.85 * Double(count), "\(report)")
        #expect(Double(slotsRight) >= 0.75 * Double(count), "\(report)")
    }

    /// Commands wrapped in skip phrases ("could you pause my workout please", "let's go for a run"):
    /// a skip phrase costs 0.3 in the grammar (SkipPhraseTests), which must not cost the commands.
    /// Measured 19/20 in flite's voices, clean (18/20 at 0.1), and 14/20 in espeak-ng's with noise.
    @Test func politeCommandsAreHeard() async throws {
        let (intentsRight, _, count, report) = try await Self.heardRight("polite.txt", flite: true)
        print("voice: polite, flite: " + report)
        #expect(Double(intentsRight) >= 0.85 * Double(count), "\(report)")
    }

    /// With `--wake` (the microphone's default): non-commands are refused. Not perfectly: the
    /// decoder can still hear the wake phrase in other speech — a fresh CI run heard "close the
    /// window please" as "hey coach that pool interval please" (1 of 45; other runs 0 of 45). The
    /// floor is at most 1 of 45; docs/voice.md reports the same.
    @Test func nonCommandsNeverActWithWake() async throws {
        let home = try ScratchHome()
        let sentences = try Self.corpus("noncommands.txt")
        #expect(sentences.count >= 40)
        let (wav, spoken) = try await Self.speak(sentences, into: home.root, offset: 1)
        let heard = try await Self.listen(wav, home: home, extra: ["--wake"])
        let accepted = heard.filter { $0.intent != nil }
        let which = accepted.map { h in
            (spoken.first { (h.start + h.end) / 2 >= $0.start - 0.3 && (h.start + h.end) / 2 <= $0.end + 0.3 }?.text ?? "?")
                + " → \(h.heard ?? "") (\(h.intent ?? ""))"
        }
        print("voice: non-commands with --wake: \(accepted.count) of \(spoken.count) accepted\n" + which.joined(separator: "\n"))
        #expect(accepted.count <= 1, "non-commands heard as commands:\n\(which.joined(separator: "\n"))")
    }

    /// A room is never silent: pink noise 20 dB below the speech runs through the whole file, the
    /// pauses too. The VAD must still cut one utterance per command (it judged single 10 ms frames
    /// and merged them into 12 s blocks: 1 of 60 espeak-ng commands heard; now 40/60 — flite's
    /// voices, never tuned on, 3 → 45/60). The first 14 tune lines, espeak-ng en-us.
    @Test func commandsInContinuousNoiseAreCutAndHeard() async throws {
        let home = try ScratchHome()
        let sentences = Array(try Self.corpus("commands.txt").filter { $0.split == "tune" }.prefix(14))
        let (audio, spoken) = try await Self.saidOneByOne(sentences, in: home.root, condition: "20 dB")
        let noiseFile = home.root.appendingPathComponent("noise.wav").path
        let made = try await runProcess("/usr/bin/sox", ["-R", "-n", "-r", "16000", "-c", "1", "-b", "16", noiseFile, "synth",
                                                   String(format: "%.3f", Double(audio.count) / 16_000), "pinknoise", "vol", "0.3"])
        try #require(made.status == 0, "sox failed: \(made.stderr)")
        let noise = try WAV.decode(Array(try Data(contentsOf: URL(fileURLWithPath: noiseFile))), targetRate: 16_000).samples
        func rms(_ x: [Int16]) -> Double { (x.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, x.count))).squareRoot() }
        let factor = rms(audio.filter { abs(Int($0)) > 300 }) / (rms(noise) * pow(10, 20.0 / 20))
        let mixed = audio.indices.map { i in
            Int16(max(-32_768, min(32_767, (Double(audio[i]) + factor * Double(i < noise.count ? noise[i] : 0)).rounded())))
        }
        let wav = home.root.appendingPathComponent("noisy-room.wav")
        try Data(WAV.encode(PCMAudio(samples: mixed, rate: 16_000))).write(to: wav)
        let heard = try await Self.listen(wav, home: home)
        let cutRight = spoken.filter { s in Self.results(for: s, in: heard).count == 1 }.count
        let right = try await Self.intentsRight(spoken, heard, in: home.root)
        let summary = "continuous noise: \(heard.count) utterances for \(spoken.count) commands, \(cutRight) cut alone, \(right) heard right\n"
            + heard.map { String(format: "%.2f–%.2f ", $0.start, $0.end) + ($0.heard ?? "—") }.joined(separator: "\n")
        print("voice: " + summary)
        #expect(cutRight >= spoken.count - 2, "\(summary)")
        #expect(right >= spoken.count / 2, "\(summary)")
    }

    /// A quiet microphone: the same commands 30 dB down (speech peaks about -33 dBFS). Before quiet
    /// utterances were raised (SpeechLevel) and the VAD's absolute floor lowered to -65 dBFS, the
    /// fixed hiss drowned them: flite's commands 5/60 heard, now 56/60 (20 dB down: 20 → 58/60).
    @Test func aQuietRecordingIsHeard() async throws {
        let home = try ScratchHome()
        let sentences = Array(try Self.corpus("commands.txt").filter { $0.split == "tune" }.prefix(10))
        let (audio, spoken) = try await Self.saidOneByOne(sentences, in: home.root, condition: "-30 dB", gain: 1 / 31.6)
        let wav = home.root.appendingPathComponent("quiet.wav")
        try Data(WAV.encode(PCMAudio(samples: audio, rate: 16_000))).write(to: wav)
        let heard = try await Self.listen(wav, home: home)
        let right = try await Self.intentsRight(spoken, heard, in: home.root)
        let summary = "quiet: \(right)/\(spoken.count) heard right\n" + heard.map { String(format: "%.2f–%.2f ", $0.start, $0.end) + ($0.heard ?? "—") }.joined(separator: "\n")
        print("voice: " + summary)
        #expect(right >= spoken.count * 7 / 10, "\(summary)")
    }

    /// "hey coach" … (a pause) … "pause my workout": the wake phrase alone opens a window
    /// (WakeWindow) in which the next utterance is a command without its own wake phrase; one
    /// command per wake phrase, and a command long after it is refused. Measured over the 60
    /// commands said this way: espeak-ng with noise 30/60, flite 56/60, Festival 57/60 (0/60 before).
    @Test func theWakePhraseAloneThenACommandIsHeard() async throws {
        let home = try ScratchHome()
        func say(_ text: String) async throws -> [Int16] { try await Self.said(text, in: home.root) }
        func silence(_ seconds: Double) -> [Int16] { Array(repeating: 0, count: Int(seconds * 16_000)) }
        // 0.5 s, "hey coach", 1.2 s, "pause my workout", 1.2 s, "resume my workout" 10 s later,
        // "hey coach", 1.2 s, "end my workout".
        var audio = silence(0.5) + (try await say("hey coach")) + silence(1.2)
        let pauseStart = Double(audio.count) / 16_000
        audio += try await say("pause my workout")
        audio += silence(WakeWindow.seconds + 4)
        let resumeStart = Double(audio.count) / 16_000
        audio += try await say("resume my workout")
        audio += silence(1.2) + (try await say("hey coach")) + silence(1.2)
        let endStart = Double(audio.count) / 16_000
        audio += try await say("end my workout")
        audio += silence(1)
        let wav = home.root.appendingPathComponent("twostep.wav")
        try Data(WAV.encode(PCMAudio(samples: audio, rate: 16_000))).write(to: wav)
        let heard = try await Self.listen(wav, home: home, extra: ["--wake"])
        let commands = heard.filter { $0.intent != nil }
        let summary = heard.map { "\($0.start)–\($0.end): \($0.heard ?? "—") \($0.intent ?? "-")" }.joined(separator: "\n")
        #expect(commands.map(\.intent) == ["PauseWorkout", "EndWorkout"], "\(summary)")
        #expect(commands.first.map { $0.start >= pauseStart - 0.3 } == true, "\(summary)")
        #expect(commands.last.map { $0.start >= endStart - 0.3 } == true, "\(summary)")
        #expect(!heard.contains { $0.intent != nil && abs($0.start - resumeStart) < 0.5 }, "a command long after the wake phrase acted:\n\(summary)")
        #expect(heard.filter { $0.intent == nil }.count >= 3, "the lone wake phrases and the late resume are refused:\n\(summary)")
    }

    /// Without the wake phrase (audio handed over as a file) the garbage loop and the plausible-goal
    /// rule refuse most non-commands, not all: docs/voice.md gives the figures. Before the loop held
    /// the command words, 28–32 of 45 acted; the floor (at most a third) fails that design.
    @Test func nonCommandsAreMostlyRefusedWithoutWake() async throws {
        let home = try ScratchHome()
        let sentences = try Self.corpus("noncommands.txt")
        let (wav, spoken) = try await Self.speak(sentences, into: home.root, offset: 1)
        let heard = try await Self.listen(wav, home: home)
        let accepted = heard.filter { $0.intent != nil }
        print("voice: non-commands without --wake: \(accepted.count) of \(spoken.count) accepted: "
              + accepted.map { $0.heard ?? "" }.joined(separator: "; "))
        #expect(accepted.count * 3 <= spoken.count, "\(accepted.count) of \(spoken.count) non-commands acted")
    }

    @Test func aSentenceAddedToUserIntentsIsHeard() async throws {
        let home = try ScratchHome()
        let phrase = "coffee break time"
        let (wav, spoken) = try await Self.speak([("tune", phrase)], into: home.root)
        let before = try await Self.listen(wav, home: home)
        #expect(before.allSatisfy { $0.intent != "PauseWorkout" }, "heard before it was added: \(before)")
        let dir = home.root.appendingPathComponent("config/coach/intents/en")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try """
            language: en
            intents:
              PauseWorkout:
                data:
                  - sentences:
                      - "coffee break time"
            """.write(to: dir.appendingPathComponent("mine.yaml"), atomically: true, encoding: .utf8)
        let after = try await Self.listen(wav, home: home)
        let got = Self.results(for: spoken[0], in: after)
        #expect(got.map(\.intent) == ["PauseWorkout"], "\(after)")
        #expect(got.first?.heard == phrase)
    }

    @Test func unusableAudioExits64() async throws {
        let home = try ScratchHome()
        let coach = try #require(CoachBinary.path())
        let text = home.root.appendingPathComponent("notes.wav")
        try "not audio".write(to: text, atomically: true, encoding: .utf8)
        let r = try await runProcess(coach, ["listen", "--input", text.path, "--no-act", "--json"], environment: home.environment)
        #expect(r.status == 64)
        #expect(r.stderr.contains("not a WAV file"))
        // µ-law WAV: refused, naming the format.
        let ulaw = home.root.appendingPathComponent("ulaw.wav").path
        let made = try await runProcess("/usr/bin/sox", ["-n", "-r", "8000", "-c", "1", "-e", "u-law", ulaw, "synth", "0.5", "sine", "440"])
        try #require(made.status == 0)
        let r2 = try await runProcess(coach, ["listen", "--input", ulaw, "--no-act", "--json"], environment: home.environment)
        #expect(r2.status == 64)
        #expect(r2.stderr.contains("µ-law"))
        // A file that is not there: the reason, not just "cannot read".
        let missing = home.root.appendingPathComponent("nowhere.wav").path
        let r3 = try await runProcess(coach, ["listen", "--input", missing, "--no-act", "--json"], environment: home.environment)
        #expect(r3.status == 64)
        #expect(r3.stderr.contains("cannot read \(missing): No such file or directory"), "\(r3.stderr)")
    }

    @Test func withoutPocketsphinxListenExits69NamingThePackages() async throws {
        let r = try await ScratchHome().coach(["listen", "--input", "/dev/null", "--no-act"], environment: ["COACH_NATIVE_LIBS": "none"])
        #expect(r.status == 69)
        #expect(r.stderr.contains("apt-get install libpocketsphinx3 pocketsphinx-en-us"))
    }

    /// A microphone that is not there: one line that says what to do, not libasound's own chatter
    /// ("ALSA lib confmisc.c:855:(parse_card) cannot find card '0'" …), and 69.
    @Test func aMissingMicrophoneIsOneHelpfulLine() async throws {
        let r = try await ScratchHome().coach(["listen", "--no-act", "--device", "coach_test_no_such_pcm"],
                                              environment: ["XDG_CACHE_HOME": NSTemporaryDirectory() + "coach-voice-test-cache"])
        #expect(r.status == 69)
        #expect(!r.stderr.contains("ALSA lib"), "\(r.stderr)")
        #expect(r.stderr.contains("'coach_test_no_such_pcm'") && r.stderr.contains("--device") && r.stderr.contains("--input"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
    }

    @Test func rawStandardInputIsRecognised() async throws {
        let home = try ScratchHome()
        let (wav, _) = try await Self.speak([("tune", "pause my workout")], into: home.root)
        let audio = try WAV.decode(Array(try Data(contentsOf: wav)))
        let raw = audio.samples.withUnsafeBytes { Data($0) }
        let coach = try #require(CoachBinary.path())
        let rawFile = home.root.appendingPathComponent("in.raw")
        try raw.write(to: rawFile)
        var env = home.environment
        env["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "coach-voice-test-cache"
        let r = try await runProcess("/bin/sh", ["-c", "'\(coach)' listen --input - --no-act --json < '\(rawFile.path)'"], environment: env)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"intent\":\"PauseWorkout\""), "\(r.stdout)")
    }

    @Test func speakToWritesEnglishAndJapaneseSpeech() async throws {
        let home = try ScratchHome()
        let coach = try #require(CoachBinary.path())
        var env = home.environment
        env["COACH_IDLE_EXIT"] = "15s"
        try await withCleanup({ _ = try? await runProcess(coach, ["shutdown"], environment: env) }) {
            let en = home.root.appendingPathComponent("en.wav").path
            let r = try await runProcess(coach, ["start", "running", "--speak-to", en], environment: env)
            #expect(r.status == 0, "\(r.stderr)")
            let enAudio = try WAV.decode(Array(try Data(contentsOf: URL(fileURLWithPath: en))))
            // "Starting your run." is about a second of speech at 175 words a minute.
            #expect(enAudio.duration > 0.5 && enAudio.duration < 4, "\(enAudio.duration) s")
            #expect(try Self.rms(en) > 500)
            let ja = home.root.appendingPathComponent("ja.wav").path
            // The reply is spoken whatever its code (here: nothing to pause yet, status 5).
            _ = try await runProcess(coach, ["pause", "--lang", "ja", "--speak-to", ja], environment: env)
            let jaAudio = try WAV.decode(Array(try Data(contentsOf: URL(fileURLWithPath: ja))))
            #expect(jaAudio.duration > 0.5 && jaAudio.duration < 15, "\(jaAudio.duration) s")
            #expect(try Self.rms(ja) > 500)
        }
    }

    /// `--speak` where no speaker is: the command still does its work and exits as it would, and
    /// says once why nothing was heard and what to do (not silence).
    @Test func speakingWithoutASpeakerSaysWhy() async throws {
        let home = try ScratchHome()
        let coach = try #require(CoachBinary.path())
        var env = home.environment
        env["COACH_IDLE_EXIT"] = "15s"
        try await withCleanup({ _ = try? await runProcess(coach, ["shutdown"], environment: env) }) {
            try home.writeSettings("voice:\n  output_device: coach_test_no_such_pcm\n")
            let r = try await runProcess(coach, ["start", "running", "--speak"], environment: env)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.contains("run"), "\(r.stdout)")
            #expect(r.stderr.contains("cannot speak") && r.stderr.contains("'coach_test_no_such_pcm'") && r.stderr.contains("--speak-to"), "\(r.stderr)")
            #expect(!r.stderr.contains("ALSA lib"), "\(r.stderr)")
        }
    }
}
