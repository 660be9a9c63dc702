// `coach listen --lang ja --engine julius` end to end (issue #39): Japanese commands said by Open
// JTalk with the mei HTS voice heard from a file by Julius over the grammar made from Intents/ja,
// read by the Japanese text recogniser with their slots; everyday sentences refused by the margin
// over the free syllable loop; and without Julius, `--lang ja` listens with hama and says so in one
// line. Julius, hama and mei are found through COACH_VOICE_MODELS (scripts/setup-tests puts them in
// the checkout's .models/; mei in .models/voices/, Debian 12 has no HTS voice in main), else where
// `coach voice install` puts them. espeak-ng's formant `ja` fits Julius's model too poorly for a
// test of the refusal: its commands' margins sit near the ceiling (docs/voice.md).

import Foundation
import Testing

@Suite struct JapaneseJuliusTests {
    static func models() throws -> String {
        let root = try PhonemeEngineTests.models()
        try #require(FileManager.default.fileExists(atPath: root + "/PySegmentKit-0.2.1/julius"),
                     "Julius is not installed in \(root): run scripts/setup-tests (it sets up .models/) or coach voice install")
        return root
    }

    static func mei() throws -> String {
        let voice = try PhonemeEngineTests.models() + "/voices/mei_normal.htsvoice"
        try #require(FileManager.default.fileExists(atPath: voice), "no \(voice): run scripts/setup-tests")
        return voice
    }

    /// Each sentence said by Open JTalk with mei into its own WAV, joined into one stream with 0.5 s
    /// before and 0.8 s after each.
    static func stream(_ sentences: [String], in home: ScratchHome) async throws -> String {
        let voice = try mei()
        return try await JapaneseListenTests.stream(count: sentences.count, in: home) { i, raw in
            let textFile = home.root.appendingPathComponent("text\(i).txt")
            try Data((sentences[i] + "\n").utf8).write(to: textFile)
            let said = try await runProcess("/usr/bin/open_jtalk", ["-x", "/var/lib/mecab/dic/open-jtalk/naist-jdic", "-m", voice,
                                                                     "-ow", raw, textFile.path])
            try #require(said.status == 0, "open_jtalk: \(said.stderr)")
        }
    }

    /// `coach listen --lang ja` over `wav` with `extra`, each utterance's JSON line as (intent, slots).
    static func listen(_ wav: String, models: String, home: ScratchHome, _ extra: [String]) async throws
        -> (heard: [(intent: String?, slots: String)], result: ProcessResult) {
        var env = home.environment
        env["COACH_VOICE_MODELS"] = models
        env["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "coach-voice-test-cache"  // the compiled grammar, shared by runs
        let r = try await runProcess(try #require(CoachBinary.path()), ["listen", "--lang", "ja", "--input", wav, "--no-act", "--json"] + extra,
                                     environment: env)
        let heard = try r.stdout.split(separator: "\n").map { line -> (intent: String?, slots: String) in
            let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let slots = try JSONSerialization.data(withJSONObject: o["slots"] ?? [:], options: .sortedKeys)
            return (o["intent"] as? String, String(decoding: slots, as: UTF8.self))
        }
        return (heard, r)
    }

    static let commands: [(text: String, intent: String, slots: String)] = [
        ("ランニングを始めて", "StartWorkout", #"{"activity":"running"}"#),
        ("再開", "ResumeWorkout", "{}"),
        ("三キロ走ります", "StartWorkout", #"{"activity":"running","goal":{"type":"distance","value":3000}}"#),
    ]

    @Test func japaneseCommandsAreHeardByJulius() async throws {
        let models = try Self.models()
        let home = try ScratchHome()
        let wav = try await Self.stream(Self.commands.map(\.text), in: home)
        let (heard, r) = try await Self.listen(wav, models: models, home: home, ["--engine", "julius"])
        try #require(r.status == 0, "coach listen --lang ja --engine julius exited \(r.status): \(r.stderr)")
        #expect(heard.map(\.intent) == Self.commands.map(\.intent), "\(r.stdout)")
        #expect(heard.map(\.slots) == Self.commands.map(\.slots), "\(r.stdout)")
    }

    @Test func everydaySentencesDoNotAct() async throws {
        let models = try Self.models()
        let home = try ScratchHome()
        let wav = try await Self.stream(["昨日の夕方友達と映画を見に行きました", "駅前の本屋で雑誌を買いました"], in: home)
        let (heard, r) = try await Self.listen(wav, models: models, home: home, ["--engine", "julius"])
        try #require(r.status == 0, "\(r.stderr)")
        #expect(!heard.isEmpty, "the sentence was not even cut as speech")
        #expect(heard.allSatisfy { $0.intent == nil }, "\(r.stdout)")
    }

    /// An End heard with a margin over the destructive ceiling asks first (`unsure`, which the
    /// gateway turns into a question): forced here with a ceiling under any margin, as
    /// PhonemeEngineTests.anEndHeardOnlyJustAsksFirst forces hama's.
    @Test func anEndHeardOnlyJustAsksFirst() async throws {
        let models = try Self.models()
        let home = try ScratchHome()
        let wav = try await Self.stream(["ワークアウトを終了"], in: home)
        let (heard, r) = try await Self.listen(wav, models: models, home: home, ["--engine", "julius", "--destructive-margin=-1"])
        try #require(r.status == 0, "\(r.stderr)")
        #expect(heard.map(\.intent) == ["EndWorkout"], "\(r.stdout)")
        #expect(r.stdout.contains("\"unsure\":true"), "\(r.stdout)")
        let sure = try await Self.listen(wav, models: models, home: home, ["--engine", "julius", "--destructive-margin", "1000"])
        #expect(sure.heard.map(\.intent) == ["EndWorkout"], "\(sure.result.stdout)")
        #expect(!sure.result.stdout.contains("unsure"), "\(sure.result.stdout)")
    }

    @Test func withoutJuliusJapaneseIsHeardByHamaWithOneLine() async throws {
        let installed = try Self.models()
        let home = try ScratchHome()
        // A models folder with hama only.
        let models = home.root.appendingPathComponent("models").path
        try FileManager.default.createDirectory(atPath: models, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: models + "/hama-1.7.0", withDestinationPath: installed + "/hama-1.7.0")
        let wav = try await Self.stream(["一時停止"], in: home)
        let (heard, r) = try await Self.listen(wav, models: models, home: home, [])
        try #require(r.status == 0, "\(r.stderr)")
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("listening with hama") && lines[0].contains("coach voice install"), "\(r.stderr)")
        #expect(heard.count == 1, "\(r.stdout)")
        let explicit = try await Self.listen(wav, models: models, home: home, ["--engine", "julius"])
        #expect(explicit.result.status == 69 && explicit.result.stderr.contains("coach voice install"), "\(explicit.result.stderr)")
    }
}
