// Coach never acts on its own voice (#29): replies written with `--speak-to` (English and
// Japanese) and played back into `coach listen`, from a file or through a pipe, act on nothing,
// while a command a person says after a reply, or over its tail, is still heard — the latter with
// the reply taken out by the echo canceller. The same audio through a listener that has not heard
// Coach speak (no spoken log), or with `--no-echo-cancel`, shows what happened before.

import CoachVoice
import Foundation
import Testing

@Suite(.serialized) struct OwnVoiceTests {
    static func samples(_ path: String) throws -> [Int16] {
        try WAV.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path)))).samples
    }

    /// 1.2 s of silence: each reply its own utterance.
    static let gap = [Int16](repeating: 0, count: 19_200)

    /// `command` laid over `reply`, starting `overlap` samples before the reply's end.
    static func over(_ reply: [Int16], _ command: [Int16], overlap: Int) -> [Int16] {
        let start = max(0, reply.count - overlap)
        var out = reply + [Int16](repeating: 0, count: max(0, start + command.count - reply.count))
        for (j, s) in command.enumerated() { out[start + j] = Int16(clamping: Int(out[start + j]) + Int(s)) }
        return out
    }

    /// What would act, by the middle of the utterance, in [from, to) s.
    static func acting(_ h: [VoiceListenTests.Heard], _ from: Double, _ to: Double) -> [VoiceListenTests.Heard] {
        h.filter { $0.intent != nil && ($0.start + $0.end) / 2 >= from && ($0.start + $0.end) / 2 < to }
    }

    /// "pause my workout" in another espeak-ng voice than Coach's.
    static func person(_ home: ScratchHome) async throws -> [Int16] {
        let said = home.root.appendingPathComponent("said.wav").path
        try #require(try await runProcess("/usr/bin/espeak-ng", ["-v", "en-us+m3", "-s", "150", "-w", said, "pause my workout"]).status == 0)
        return try samples(said)
    }

    @Test(.timeLimit(.minutes(10))) func coachsOwnRepliesPlayedBackNeverActFromAFileOrAPipe() async throws {
        let home = try ScratchHome()
        let coach = try #require(CoachBinary.path())
        var env = home.environment
        env["COACH_IDLE_EXIT"] = "20s"
        try await withCleanup({ _ = try? await runProcess(coach, ["shutdown"], environment: env) }) {
            var all = Self.gap
            var replies: [(String, Double, Double)] = []
            let commands: [[String]] = [["start", "running"], ["lap"], ["pause"], ["resume"], ["start", "cycling"],
                                        ["pause", "--lang", "ja"], ["resume", "--lang", "ja"], ["status"], ["end"]]
            for (i, args) in commands.enumerated() {
                let wav = home.root.appendingPathComponent("reply\(i).wav").path
                let r = try await runProcess(coach, args + ["--speak-to", wav], environment: env)
                guard FileManager.default.fileExists(atPath: wav) else { continue }  // a reply not spoken (status)
                let start = Double(all.count) / 16_000
                all += try Self.samples(wav) + Self.gap
                replies.append((r.stdout.trimmingCharacters(in: .whitespacesAndNewlines), start, Double(all.count) / 16_000))
            }
            try #require(replies.count >= 6, "\(replies)")
            // A person, after the replies: a command alone.
            let commandStart = Double(all.count) / 16_000
            all += try await Self.person(home) + Self.gap
            let file = home.root.appendingPathComponent("room.wav")
            try Data(WAV.encode(PCMAudio(samples: all, rate: 16_000))).write(to: file)

            let heard = try await VoiceListenTests.listen(file, home: home)
            let piped = try await VoiceListenTests.listen(file, home: home, pipe: true)
            let fresh = try ScratchHome()  // the same audio, heard by a listener that never heard Coach speak
            let before = try await VoiceListenTests.listen(file, home: fresh)
            let repliesEnd = replies.last!.2
            let actedBefore = Self.acting(before, 0, repliesEnd)
            print("voice: own voice: \(replies.count) replies played back; acting without the spoken log \(actedBefore.count) (\(actedBefore.map { $0.heard ?? "" }))")
            for (how, h) in [("a file", heard), ("a pipe", piped)] {
                let acted = Self.acting(h, 0, repliesEnd)
                #expect(acted.isEmpty, "Coach acted on its own voice through \(how): \(acted.map { "\($0.heard ?? "") \($0.intent ?? "")" })")
                let afterwards = Self.acting(h, commandStart, Double(all.count) / 16_000)
                #expect(afterwards.map(\.intent) == ["PauseWorkout"], "a command after the replies, through \(how): \(afterwards)")
            }
        }
    }

    /// "pause my workout" said from 0.3 s before "Starting your run." ends: one utterance with the
    /// reply. Before the echo canceller the grammar refused it and the command was lost; with the
    /// reply taken out, the rest is heard — from a file and through a pipe.
    @Test(.timeLimit(.minutes(10))) func aCommandSaidOverTheRepliesTailIsHeard() async throws {
        let home = try ScratchHome()
        let coach = try #require(CoachBinary.path())
        var env = home.environment
        env["COACH_IDLE_EXIT"] = "20s"
        try await withCleanup({ _ = try? await runProcess(coach, ["shutdown"], environment: env) }) {
            let wav = home.root.appendingPathComponent("reply.wav").path
            let r = try await runProcess(coach, ["start", "running", "--speak-to", wav], environment: env)
            try #require(r.status == 0 && FileManager.default.fileExists(atPath: wav), "\(r.stderr)")
            let reply = try Self.samples(wav)
            let both = Self.over(reply, try await Self.person(home), overlap: 4_800)
            let all = Self.gap + both + Self.gap
            let file = home.root.appendingPathComponent("over.wav")
            try Data(WAV.encode(PCMAudio(samples: all, rate: 16_000))).write(to: file)
            let span = (Double(Self.gap.count) / 16_000, Double(Self.gap.count + both.count) / 16_000)

            let lost = Self.acting(try await VoiceListenTests.listen(file, home: home, extra: ["--no-echo-cancel"]), span.0, span.1)
            print("voice: own voice: a command over the reply's tail, without the canceller: \(lost.map { $0.heard ?? "" })")
            #expect(lost.isEmpty, "without the canceller the utterance was refused: \(lost)")
            for pipe in [false, true] {
                let heard = Self.acting(try await VoiceListenTests.listen(file, home: home, pipe: pipe), span.0, span.1)
                print("voice: own voice: a command over the reply's tail, \(pipe ? "piped" : "from a file"): \(heard.map { $0.heard ?? "" })")
                #expect(heard.map(\.intent) == ["PauseWorkout"], "\(pipe ? "a pipe" : "a file"): \(heard)")
            }
        }
    }
}
