// `coach listen --lang ja` end to end (issue #39): Japanese commands said by espeak-ng's `ja` voice
// (given kana: it says "Chinese letter" for a kanji) are heard from a file with the hama engine and
// read by the Japanese text recogniser, slots included; pocketsphinx, which has no Japanese model,
// is refused with a line that says so. hama's model is found through COACH_VOICE_MODELS (./test
// installs it into the checkout's .models/), else where `coach voice install` puts it for this user.

import CoachVoice
import Foundation
import Testing

@Suite struct JapaneseListenTests {

    /// Each command as espeak-ng says it (kana), its text as written, and the intent and slots heard.
    static let commands: [(kana: String, text: String, intent: String, slots: String)] = [
        ("らんにんぐをはじめて", "ランニングを始めて", "StartWorkout", #"{"activity":"running"}"#),
        ("いちじていし", "一時停止", "PauseWorkout", "{}"),
        ("さんきろはしります", "三キロ走ります", "StartWorkout", #"{"activity":"running","goal":{"type":"distance","value":3000}}"#),
    ]

    /// `count` sentences, each said by `say(i, path)` into a WAV at `path`, joined into one 16 kHz
    /// stream with 0.5 s of quiet before and 0.8 s after each.
    static func stream(count: Int, in home: ScratchHome, say: (Int, String) async throws -> Void) async throws -> String {
        var parts: [String] = []
        for i in 0..<count {
            let raw = home.root.appendingPathComponent("raw\(i).wav").path, part = home.root.appendingPathComponent("part\(i).wav").path
            try await say(i, raw)
            let made = try await runProcess("/usr/bin/sox", [raw, "-r", "16000", "-c", "1", "-b", "16", part, "pad", "0.5", "0.8"])
            try #require(made.status == 0, "sox: \(made.stderr)")
            parts.append(part)
        }
        let wav = home.root.appendingPathComponent("ja.wav").path
        let joined = try await runProcess("/usr/bin/sox", parts + [wav])
        try #require(joined.status == 0, "sox: \(joined.stderr)")
        return wav
    }

    @Test func aJapaneseCommandIsHeardFromAFile() async throws {
        // COACH_VOICE_MODELS, else the user's own install (the scratch home hides XDG_DATA_HOME).
        let models = try PhonemeEngineTests.models()
        let home = try ScratchHome()
        let wav = try await Self.stream(count: Self.commands.count, in: home) { i, raw in
            let said = try await runProcess("/usr/bin/espeak-ng", ["-v", "ja", "-w", raw, Self.commands[i].kana])
            try #require(said.status == 0, "espeak-ng: \(said.stderr)")
        }
        var env = home.environment
        env["COACH_VOICE_MODELS"] = models
        env["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "coach-voice-test-cache"  // the compiled grammar, shared by runs
        let r = try await runProcess(try #require(CoachBinary.path()), ["listen", "--lang", "ja", "--engine", "hama", "--input", wav,
                                                                         "--no-act", "--json"], environment: env)
        try #require(r.status == 0, "coach listen --lang ja exited \(r.status): \(r.stderr)")
        let heard = try r.stdout.split(separator: "\n").map { line -> (intent: String?, slots: String) in
            let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let slots = try JSONSerialization.data(withJSONObject: o["slots"] ?? [:], options: .sortedKeys)
            return (o["intent"] as? String, String(decoding: slots, as: UTF8.self))
        }
        #expect(heard.map(\.intent) == Self.commands.map(\.intent), "\(r.stdout)")
        #expect(heard.map(\.slots) == Self.commands.map(\.slots), "\(r.stdout)")
    }

    @Test func pocketsphinxIsRefusedForJapanese() async throws {
        let home = try ScratchHome()
        let r = try await home.coach(["listen", "--lang", "ja", "--engine", "pocketsphinx", "--input", "/dev/null", "--no-act"])
        #expect(r.status == 64, "\(r.status) \(r.stderr)")
        #expect(r.stderr.contains("no Japanese model") && r.stderr.contains("--engine hama"), "\(r.stderr)")
    }
}
