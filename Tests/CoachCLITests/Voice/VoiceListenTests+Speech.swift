// VoiceListenTests' speech: the corpora, the voices and noise they are said in, `coach listen` and
// `coach parse` run on them, and the counts of what was heard right.

import CoachVoice
import Foundation
import Testing

extension VoiceListenTests {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let voices: [(String, Int)] = [
        ("en-us", 130), ("en", 150), ("en-us+f3", 170), ("en+m3", 185), ("en-gb-x-rp", 200), ("en-us+m7", 160), ("en+f2", 140),
    ]
    static let conditions: [Double?] = [nil, 20, 10]  // clean, SNR in dB

    struct Spoken {
        let text: String
        let split: String
        let start: Double
        let end: Double
        let condition: String
    }

    static func corpus(_ name: String) throws -> [(split: String, text: String)] {
        try String(contentsOf: here.appendingPathComponent(name), encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") && $0.contains(": ") }
            .map { line in
                let parts = line.split(separator: ":", maxSplits: 1)
                return (String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces))
            }
    }

    /// flite's voices: a second synthesiser, never used while tuning (docs/voice.md).
    static let fliteVoices = ["kal16", "awb", "rms", "slt"]

    /// Synthesises every sentence (espeak-ng's voices, or with `flite` flite's, clean), mixes noise
    /// into some (espeak-ng only), and writes one 16 kHz file.
    static func speak(_ sentences: [(split: String, text: String)], into dir: URL, offset: Int = 0,
                      flite: Bool = false) async throws -> (URL, [Spoken]) {
        var all: [Int16] = Array(repeating: 0, count: 16_000)
        var spoken: [Spoken] = []
        for (i, s) in sentences.enumerated() {
            let (voice, speed) = voices[(i + offset) % voices.count]
            let condition = flite ? nil : conditions[(i + offset) % conditions.count]
            let clean = dir.appendingPathComponent("u\(i).wav").path
            let synth = flite
                ? try await runProcess("/usr/bin/flite", ["-voice", fliteVoices[(i + offset) % fliteVoices.count], "-t", s.text, "-o", clean])
                : try await runProcess("/usr/bin/espeak-ng", ["-v", voice, "-s", "\(speed)", "-w", clean, s.text])
            try #require(synth.status == 0, "synthesis failed: \(synth.stderr)")
            var file = clean
            if let snr = condition { file = try await mixNoise(clean, snr: snr, dir: dir, index: i) }
            let audio = try WAV.decode(Array(try Data(contentsOf: URL(fileURLWithPath: file))))
            let start = Double(all.count) / 16_000
            all += audio.samples
            spoken.append(Spoken(text: s.text, split: s.split, start: start, end: Double(all.count) / 16_000,
                                 condition: condition.map { "\(Int($0)) dB" } ?? "clean"))
            all += Array(repeating: 0, count: 19_200)  // 1.2 s between utterances
        }
        let out = dir.appendingPathComponent("all.wav")
        try Data(WAV.encode(PCMAudio(samples: all, rate: 16_000))).write(to: out)
        return (out, spoken)
    }

    static func rms(_ path: String) throws -> Double {
        let audio = try WAV.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let loud = audio.samples.filter { abs(Int($0)) > 300 }  // speech, not espeak's leading/trailing silence
        let samples = loud.isEmpty ? audio.samples : loud
        return (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(max(1, samples.count))).squareRoot()
    }

    /// sox: pink noise as long as the utterance, scaled to `snr` dB below the speech, mixed in.
    static func mixNoise(_ clean: String, snr: Double, dir: URL, index: Int) async throws -> String {
        let duration = try WAV.decode(Array(try Data(contentsOf: URL(fileURLWithPath: clean))), targetRate: 22_050).duration
        let noise = dir.appendingPathComponent("n\(index).wav").path
        // -R: the same noise every run, so a result can be reproduced.
        let made = try await runProcess("/usr/bin/sox", ["-R", "-n", "-r", "22050", "-c", "1", "-b", "16", noise, "synth", String(format: "%.3f", duration), "pinknoise", "vol", "0.3"])
        try #require(made.status == 0, "sox failed: \(made.stderr)")
        let factor = try rms(clean) / (try rms(noise) * pow(10, snr / 20))
        let out = dir.appendingPathComponent("m\(index).wav").path
        let mixed = try await runProcess("/usr/bin/sox", ["-m", "-v", "1", clean, "-v", String(format: "%.4f", factor), noise, out])
        try #require(mixed.status == 0, "sox -m failed: \(mixed.stderr)")
        return out
    }

    struct Heard {
        let heard: String?
        let intent: String?
        let slots: String
        let start: Double
        let end: Double
    }

    /// `coach listen --no-act --json` on `wav`, given by name or, with `pipe`, on standard input
    /// (`--input -`: read as it arrives and decoded while spoken).
    static func listen(_ wav: URL, home: ScratchHome, extra: [String] = [], pipe: Bool = false) async throws -> [Heard] {
        let coach = try #require(CoachBinary.path())
        var env = home.environment
        env["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "coach-voice-test-cache"  // the compiled grammar, shared by runs
        let tuning = ProcessInfo.processInfo.environment["COACH_TEST_LISTEN_EXTRA"].map { $0.split(separator: " ").map(String.init) } ?? []
        let args = ["listen", "--input", pipe ? "-" : wav.path, "--no-act", "--json"] + extra + tuning
        let r = pipe
            ? try await runProcess("/bin/sh", ["-c", "exec " + ([coach] + args).map { "'\($0)'" }.joined(separator: " ") + " < '\(wav.path)'"], environment: env)
            : try await runProcess(coach, args, environment: env)
        try #require(r.status == 0, "coach listen exited \(r.status): \(r.stderr)")
        return try r.stdout.split(separator: "\n").map { line in
            let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let slots = try JSONSerialization.data(withJSONObject: o["slots"] ?? [:], options: .sortedKeys)
            return Heard(heard: o["heard"] as? String, intent: o["intent"] as? String, slots: String(decoding: slots, as: UTF8.self),
                         start: o["start"] as? Double ?? -1, end: o["end"] as? Double ?? -1)
        }
    }

    /// What `coach parse --json` reads from each text (one process for all of them).
    static func parse(_ texts: [String], in dir: URL) async throws -> [(intent: String?, slots: String)] {
        let coach = try #require(CoachBinary.path())
        let file = dir.appendingPathComponent("texts.txt")
        try (texts.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        let r = try await runProcess("/bin/sh", ["-c", "'\(coach)' parse --lang en --json --stdin < '\(file.path)'"])
        let lines = r.stdout.split(separator: "\n")
        try #require(lines.count == texts.count, "coach parse --stdin: \(r.stdout) \(r.stderr)")
        return try lines.map { line in
            let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let slots = try JSONSerialization.data(withJSONObject: o["slots"] ?? [:], options: .sortedKeys)
            return (o["intent"] as? String, String(decoding: slots, as: UTF8.self))
        }
    }

    /// The results whose middle falls within an utterance (VAD may pad either side).
    static func results(for s: Spoken, in heard: [Heard]) -> [Heard] {
        heard.filter { h in
            let mid = (h.start + h.end) / 2
            return mid >= s.start - 0.3 && mid <= s.end + 0.3
        }
    }

    /// A corpus spoken (flite's voices, or espeak-ng's with noise) and heard: intents right, slots
    /// right, of how many, and a line per miss.
    static func heardRight(_ corpus: String, flite: Bool, extra: [String] = []) async throws -> (intents: Int, slots: Int, count: Int, report: String) {
        let home = try ScratchHome()
        let (wav, spoken) = try await speak(try Self.corpus(corpus), into: home.root, flite: flite)
        let heard = try await listen(wav, home: home, extra: extra)
        let parsed = try await parse(spoken.map(\.text), in: home.root)
        var intentsRight = 0, slotsRight = 0
        var misses: [String] = []
        for (s, expected) in zip(spoken, parsed) {
            let got = results(for: s, in: heard).filter { $0.intent != nil }
            let intentOK = got.count == 1 && got[0].intent == expected.intent
            if intentOK { intentsRight += 1 }
            if intentOK && got[0].slots == expected.slots { slotsRight += 1 } else {
                misses.append("\(s.text) → " + got.map { "\($0.heard ?? "—") \($0.intent ?? "-")" }.joined(separator: "; "))
            }
        }
        let report = "intent \(intentsRight)/\(spoken.count), slots \(slotsRight)/\(spoken.count)\n" + misses.joined(separator: "\n")
        return (intentsRight, slotsRight, spoken.count, report)
    }

    /// `text` said by espeak-ng en-us at 160 words a minute, as 16 kHz samples.
    static func said(_ text: String, in dir: URL) async throws -> [Int16] {
        let file = dir.appendingPathComponent("said.wav").path
        let r = try await runProcess("/usr/bin/espeak-ng", ["-v", "en-us", "-s", "160", "-w", file, text])
        try #require(r.status == 0, "espeak-ng failed: \(r.stderr)")
        return try WAV.decode(Array(try Data(contentsOf: URL(fileURLWithPath: file))), targetRate: 16_000).samples
    }

    /// The sentences said one by one (espeak-ng en-us, times `gain`), after 1 s and 1.2 s apart.
    static func saidOneByOne(_ sentences: [(split: String, text: String)], in dir: URL, condition: String,
                             gain: Double = 1) async throws -> ([Int16], [Spoken]) {
        var audio = [Int16](repeating: 0, count: 16_000)
        var spoken: [Spoken] = []
        for s in sentences {
            let start = Double(audio.count) / 16_000
            audio += try await said(s.text, in: dir).map { gain == 1 ? $0 : Int16((Double($0) * gain).rounded()) }
            spoken.append(Spoken(text: s.text, split: s.split, start: start, end: Double(audio.count) / 16_000, condition: condition))
            audio += [Int16](repeating: 0, count: 19_200)
        }
        return (audio, spoken)
    }

    /// How many of the spoken commands were heard, alone, as the intent `coach parse` reads.
    static func intentsRight(_ spoken: [Spoken], _ heard: [Heard], in dir: URL) async throws -> Int {
        let parsed = try await parse(spoken.map(\.text), in: dir)
        return zip(spoken, parsed).filter { s, e in
            let got = results(for: s, in: heard).filter { $0.intent != nil }
            return got.count == 1 && got[0].intent == e.intent
        }.count
    }
}
