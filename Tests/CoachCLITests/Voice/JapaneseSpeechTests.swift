// Japanese speech out on a stock Debian (#29): with no HTS voice, espeak-ng says the reply from its
// kana readings (Intents/ja/_readings.tsv), so the audio lasts about as long as the reading —
// before, each kanji was said as the English words "Chinese letter" (a reply of 21 morae took 8.2 s
// instead of 2.5 s). And `coach doctor` says what is missing instead of "ok".

import CoachVoice
import Foundation
import Testing

@Suite(.serialized) struct JapaneseSpeechTests {
    /// Morae of a kana text: each kana but the small ones that join the one before (ゃ, ゅ, ょ …).
    static func morae(_ kana: String) -> Int {
        kana.unicodeScalars.filter { (0x3041...0x309F).contains($0.value) || $0 == "ー" }
            .filter { !"ぁぃぅぇぉゃゅょゎ".unicodeScalars.contains($0) }.count
    }

    static let hasHTSVoice = JapaneseSpeech.findVoice(configured: nil) != nil

    @Test(.timeLimit(.minutes(6))) func aJapaneseReplyLastsAboutAsLongAsItsReading() async throws {
        let home = try ScratchHome()
        let coach = try #require(CoachBinary.path())
        var env = home.environment
        env["COACH_IDLE_EXIT"] = "15s"
        try await withCleanup({ _ = try? await runProcess(coach, ["shutdown"], environment: env) }) {
            // Replies with kanji in each part: 一時停止, 開始, 屋外 + 水泳 (an activity name in kanji), 記録中.
            for args in [["pause"], ["start", "swimming", "--location", "outdoor"], ["resume"]] {
                let wav = home.root.appendingPathComponent("ja.wav").path
                try? FileManager.default.removeItem(atPath: wav)
                let r = try await runProcess(coach, args + ["--lang", "ja", "--speak-to", wav], environment: env)
                let reply = r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
                try #require(JapaneseSpeech.hasKanji(reply), "the reply should hold kanji: \(reply) \(r.stderr)")
                let kana = JapaneseReadings.builtIn.espeakText(reply)
                #expect(!JapaneseSpeech.hasKanji(kana), "\(kana)")
                let n = Self.morae(kana)
                let audio = try WAV.decode(Array(try Data(contentsOf: URL(fileURLWithPath: wav))))
                let perMora = audio.duration / Double(max(n, 1))
                print("voice: ja reply '\(reply)': \(n) morae, \(String(format: "%.2f", audio.duration)) s, \(String(format: "%.3f", perMora)) s/mora")
                // espeak-ng's ja speaks ~0.12 s a mora (Open JTalk ~0.1); "Chinese letter" for a kanji
                // made it 0.3–0.4 s a mora.
                #expect(perMora > 0.05 && perMora < 0.2, "\(reply) → \(kana): \(audio.duration) s for \(n) morae")
            }
        }
    }

    @Test func doctorDoesNotCallJapaneseVoiceOutOkWithoutAnHTSVoice() async throws {
        let home = try ScratchHome()
        let coach = try #require(CoachBinary.path())
        let r = try await runProcess(coach, ["doctor"], environment: home.environment)
        #expect(r.status == 0)
        if Self.hasHTSVoice {
            #expect(r.stdout.contains("ok       voice out, Japanese"), "\(r.stdout)")
        } else {
            #expect(r.stdout.contains("limited  voice out, Japanese"), "\(r.stdout)")
            #expect(r.stdout.contains("✗ Open JTalk HTS voice") && r.stdout.contains("~/.local/share/coach/voices/"), "\(r.stdout)")
            // What it adds, not only that it is missing; and no apt-get line for a package that does not exist.
            #expect(r.stdout.contains("natural accent"), "\(r.stdout)")
            #expect(!r.stdout.contains("htsvoice)"), "\(r.stdout)")
        }
    }
}
