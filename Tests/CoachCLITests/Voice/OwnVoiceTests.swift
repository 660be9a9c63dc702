// Coach never acts on its own voice (#29): replies written with `--speak-to` (English and
// Japanese) and played back into `coach listen --input` act on nothing, while a command a person
// says after a reply, or over its tail, is still heard. The same file through a listener that has
// not heard Coach speak (no spoken log) shows what acted before.

import CoachVoice
import Foundation
import Testing

@Suite(.serialized) struct OwnVoiceTests {
    static func samples(_ path: String) throws -> [Int16] {
        try WAV.decode(Array(try Data(contentsOf: URL(fileURLWithPath: path)))).samples
    }

    @Test(.timeLimit(.minutes(10))) func coachsOwnRepliesPlayedBackNeverAct() async throws {
        let home = try ScratchHome()
        let coach = try #require(CoachBinary.path())
        var env = home.environment
        env["COACH_IDLE_EXIT"] = "20s"
        try await withCleanup({ _ = try? await runProcess(coach, ["shutdown"], environment: env) }) {
            let gap = [Int16](repeating: 0, count: 19_200)  // 1.2 s: each reply its own utterance
            var all = gap
            var replies: [(String, Double, Double)] = []
            let commands: [[String]] = [["start", "running"], ["lap"], ["pause"], ["resume"], ["start", "cycling"],
                                        ["pause", "--lang", "ja"], ["resume", "--lang", "ja"], ["status"], ["end"]]
            for (i, args) in commands.enumerated() {
                let wav = home.root.appendingPathComponent("reply\(i).wav").path
                let r = try await runProcess(coach, args + ["--speak-to", wav], environment: env)
                guard FileManager.default.fileExists(atPath: wav) else { continue }  // a reply not spoken (status)
                let start = Double(all.count) / 16_000
                all += try Self.samples(wav) + gap
                replies.append((r.stdout.trimmingCharacters(in: .whitespacesAndNewlines), start, Double(all.count) / 16_000))
            }
            try #require(replies.count >= 6, "\(replies)")
            // A person, after the replies: a command alone, then one said over the last 0.3 s of a reply.
            let said = home.root.appendingPathComponent("said.wav").path
            try #require(try await runProcess("/usr/bin/espeak-ng", ["-v", "en-us+m3", "-s", "150", "-w", said, "pause my workout"]).status == 0)
            let command = try Self.samples(said)
            let commandStart = Double(all.count) / 16_000
            all += command + gap
            let replyAudio = try Self.samples(home.root.appendingPathComponent("reply0.wav").path)
            var over = replyAudio + [Int16](repeating: 0, count: command.count)
            let overlap = min(4_800, replyAudio.count)
            for (j, s) in command.enumerated() {
                let k = replyAudio.count - overlap + j
                over[k] = Int16(clamping: Int(over[k]) + Int(s))
            }
            let overStart = Double(all.count) / 16_000
            all += over + gap
            let file = home.root.appendingPathComponent("room.wav")
            try Data(WAV.encode(PCMAudio(samples: all, rate: 16_000))).write(to: file)

            let heard = try await VoiceListenTests.listen(file, home: home)
            let fresh = try ScratchHome()  // the same audio, heard by a listener that never heard Coach speak
            let before = try await VoiceListenTests.listen(file, home: fresh)
            func acting(_ h: [VoiceListenTests.Heard], _ from: Double, _ to: Double) -> [VoiceListenTests.Heard] {
                h.filter { $0.intent != nil && ($0.start + $0.end) / 2 >= from && ($0.start + $0.end) / 2 < to }
            }
            let repliesEnd = replies.last!.2
            let actedBefore = acting(before, 0, repliesEnd), actedNow = acting(heard, 0, repliesEnd)
            print("voice: own voice: \(replies.count) replies played back; acting without the spoken log \(actedBefore.count) (\(actedBefore.map { $0.heard ?? "" })), with it \(actedNow.count)")
            #expect(actedNow.isEmpty, "Coach acted on its own voice: \(actedNow.map { "\($0.heard ?? "") \($0.intent ?? "")" })")
            let afterwards = acting(heard, commandStart, overStart)
            #expect(afterwards.map(\.intent) == ["PauseWorkout"], "a command after the replies: \(afterwards)")
            let overTail = acting(heard, overStart, Double(all.count) / 16_000)
            print("voice: own voice: command over the reply's tail heard as \(overTail.map { $0.heard ?? "" })")
            // Said over the last 0.3 s of the reply, the two are one utterance that the grammar does not
            // hold (refused as before the guard: see `before`); not asserted yet (docs/voice.md).
            let overTailBefore = acting(before, overStart, Double(all.count) / 16_000)
            print("voice: own voice: the same without the spoken log: \(overTailBefore.map { $0.heard ?? "" })")
        }
    }
}
