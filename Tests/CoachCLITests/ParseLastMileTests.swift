// `coach parse --json` on issue #40's categories, through the built binary: slots said outside
// the command clause, equipment that implies indoors, discards with their reason, idioms and bare
// verbs answered by the state (`--context`), requests in question form, and messages to someone
// else, which are never commands.

import Foundation
import Testing

@Suite struct ParseLastMileTests {
    func parse(_ lines: [String], lang: String, context: String? = nil) async throws -> [[String: Any]] {
        let binary = try #require(CoachBinary.path(), "coach is not built")
        let home = try ScratchHome()
        let input = home.root.appendingPathComponent("lines.txt")
        try (lines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        let extra = context.map { " --context \($0)" } ?? ""
        let result = try await runProcess(
            "/bin/sh", ["-c", "\"$0\" parse --json --stdin --lang \(lang)\(extra) < \"$1\"", binary, input.path],
            environment: home.environment)
        return try result.stdout.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func slots(_ answer: [String: Any]) -> [String: Any] { answer["slots"] as? [String: Any] ?? [:] }

    @Test func slotsComeFromTheWholeLineAndUnitsFromTheirWords() async throws {
        let en = try await parse([
            "begin a ride, forty minutes", "start a run, no goal today", "start a walk with a 200 kcal target",
            "start the rowing machine", "start a run for an hour and a half",
        ], lang: "en", context: "workout=idle")
        #expect(en.allSatisfy { $0["intent"] as? String == "StartWorkout" })
        #expect((slots(en[0])["goal"] as? [String: Any])?["value"] as? Double == 2400)
        #expect(slots(en[1])["open"] as? Bool == true)
        #expect((slots(en[2])["goal"] as? [String: Any])?["type"] as? String == "energy")
        #expect((slots(en[2])["goal"] as? [String: Any])?["value"] as? Double == 200)
        #expect(slots(en[3])["location"] as? String == "indoor")
        #expect((slots(en[4])["goal"] as? [String: Any])?["value"] as? Double == 5400)
        let ja = try await parse(["500キロカロリー消費するまでバイクを開始", "ランニング開始、時間は決めずに", "エアロバイク開始"],
                                 lang: "ja", context: "workout=idle")
        #expect((slots(ja[0])["goal"] as? [String: Any])?["type"] as? String == "energy")
        #expect((slots(ja[0])["goal"] as? [String: Any])?["value"] as? Double == 500)
        #expect(slots(ja[1])["open"] as? Bool == true)
        #expect(slots(ja[2])["location"] as? String == "indoor")
    }

    @Test func discardsQuestionsAndTheStateAreUnderstood() async throws {
        let running = try await parse(["cancel, I hit start by accident", "could you pause for me?"], lang: "en", context: "workout=running")
        #expect(running.map { $0["intent"] as? String } == ["CancelWorkout", "PauseWorkout"])
        let paused = try await parse(["let's go", "start"], lang: "en", context: "workout=paused")
        #expect(paused.map { $0["intent"] as? String } == ["ResumeWorkout", "ResumeWorkout"])
        // A bare 止めて ends (and is asked about); ちょっと止めて pauses — asked as a question too.
        let ja = try await parse(["誤操作なので破棄して", "ちょっと止めてもらえる？"], lang: "ja", context: "workout=running")
        #expect(ja.map { $0["intent"] as? String } == ["CancelWorkout", "PauseWorkout"])
    }

    @Test func messagesToSomeoneElseAreNeverCommands() async throws {
        for state in ["idle", "running", "paused"] {
            let en = try await parse(["tell Ana I'm starting my run", "send my trainer a message: cancel the workout",
                                      "could you pause the video for me?", "shoot Dana a message that I'm done with my run",
                                      "shoot my brother a text, I'm done with the workout"], lang: "en", context: "workout=\(state)")
            let ja = try await parse(["妻に今から走るって送って", "動画を止めてもらえる？"], lang: "ja", context: "workout=\(state)")
            for answer in en + ja { #expect(answer["intent"] is NSNull, "\(answer["text"] ?? "") while \(state)") }
        }
    }

    /// Idioms and everyday status in the state where they can mean one thing (#40, second round):
    /// nothing with no workout on.
    @Test func idiomsAndEverydayStatusInTheirState() async throws {
        let paused = try await parse(["and off we go again", "back to work", "keep moving", "break's done", "so, back at it"],
                                     lang: "en", context: "workout=paused")
        #expect(paused.allSatisfy { $0["intent"] as? String == "ResumeWorkout" }, "\(paused)")
        let running = try await parse(["quick breather", "hang on a sec", "need a quick rest"], lang: "en", context: "workout=running")
        #expect(running.allSatisfy { $0["intent"] as? String == "PauseWorkout" }, "\(running)")
        let status = try await parse(["where do I stand", "talk me through my numbers", "so how am I doing", "how far have I got"],
                                     lang: "en", context: "workout=running")
        #expect(status.allSatisfy { $0["intent"] as? String == "WorkoutStatus" }, "\(status)")
        let jaPaused = try await parse(["休憩はここまで", "もう一回いこう", "オッケー、再開", "続けるよ"], lang: "ja", context: "workout=paused")
        #expect(jaPaused.allSatisfy { $0["intent"] as? String == "ResumeWorkout" }, "\(jaPaused)")
        // ちょっとストップして is a pause (it used to end the workout: ちょっと was cut off as a hesitation).
        let jaRunning = try await parse(["ちょっとストップして", "一回止めて", "ここまでの調子は？", "ランの様子はどう？", "いまの記録は？"],
                                        lang: "ja", context: "workout=running")
        #expect(jaRunning.map { $0["intent"] as? String }
            == ["PauseWorkout", "PauseWorkout", "WorkoutStatus", "WorkoutStatus", "WorkoutStatus"])
        let idle = try await parse(["back to work", "quick breather", "where do I stand"], lang: "en", context: "workout=idle")
        #expect(idle.allSatisfy { $0["intent"] is NSNull }, "\(idle)")
    }

    /// Discards with their reason, bare starts asked politely or after "since", open goals in
    /// words, goals before まで, equipment that implies indoors (#40, second round).
    @Test func discardReasonsPoliteBareStartsAndOpenGoals() async throws {
        let cancel = try await parse(["discard this workout, it shouldn't be recorded", "cancel this workout, I'll start a new one",
                                      "throw it away, this workout was a mistake"], lang: "en", context: "workout=running")
        #expect(cancel.allSatisfy { $0["intent"] as? String == "CancelWorkout" }, "\(cancel)")
        let jaCancel = try await parse(["テストなので破棄でいい", "やり直すので今のは破棄", "これは本番じゃないから破棄"],
                                       lang: "ja", context: "workout=running")
        #expect(jaCancel.allSatisfy { $0["intent"] as? String == "CancelWorkout" }, "\(jaCancel)")
        let en = try await parse(["since I'm on the bike now, start recording", "I'm about to go swimming, could you start tracking?",
                                  "start a run, don't set a goal", "start a swim, no time limit"], lang: "en", context: "workout=idle")
        #expect(en.map { slots($0)["activity"] as? String } == ["cycling", "swimming", "running", "swimming"])
        #expect(en.allSatisfy { $0["intent"] as? String == "StartWorkout" && (slots($0)["goal"] == nil) })
        #expect(slots(en[2])["open"] as? Bool == true && slots(en[3])["open"] as? Bool == true)
        // 記録お願い beside its activity starts it (it used to ask for the figure 記録).
        let ja = try await parse(["泳ぎに行くので記録お願い", "300キロカロリー燃やすまでランニング開始", "スピニングのクラスを開始",
                                  "水泳開始、時間は決めない"], lang: "ja", context: "workout=idle")
        #expect(ja.map { $0["intent"] as? String } == ["StartWorkout", "StartWorkout", "StartWorkout", "StartWorkout"])
        #expect(slots(ja[0])["activity"] as? String == "swimming")
        #expect((slots(ja[1])["goal"] as? [String: Any])?["type"] as? String == "energy")
        #expect((slots(ja[1])["goal"] as? [String: Any])?["value"] as? Double == 300)
        #expect(slots(ja[2])["location"] as? String == "indoor" && slots(ja[2])["activity"] as? String == "cycling")
        #expect(slots(ja[3])["open"] as? Bool == true)
    }

    /// Dismissals and sighs are never End or Cancel, in any state (#40): the holdout4 templates
    /// "never mind", "forget it", "that's all", もう終わりだ named no workout.
    @Test func dismissalsAreNeverEndOrCancel() async throws {
        for state in ["idle", "running", "paused"] {
            let en = try await parse(["never mind", "forget it", "that's all, thanks", "forget it, I'll call later",
                                      "never mind the weather", "delete that one"], lang: "en", context: "workout=\(state)")
            let ja = try await parse(["もう終わりだ", "もう終わりだね、私たち", "これ捨てて", "これ要らない"], lang: "ja", context: "workout=\(state)")
            for answer in en + ja { #expect(answer["intent"] is NSNull, "\(answer["text"] ?? "") while \(state)") }
        }
        let named = try await parse(["never mind the workout", "that's it for today"], lang: "en", context: "workout=running")
        #expect(named.map { $0["intent"] as? String } == ["CancelWorkout", "EndWorkout"])
    }

    /// Round 3 (#40): halves and hours-and-minutes are the whole goal said, equipment names, a
    /// machine after the activity, gerund requests, 止められる (an End like 止める, asked first),
    /// discard reasons, idioms and status — and the lines that must stay refused.
    @Test func roundThreeGoalsEquipmentRequestsAndIdioms() async throws {
        let en = try await parse(["start a walk, 3 and a half miles", "start a ride for 1 hour 30 minutes", "start a 2k on the erg",
                                  "start the ergometer", "start a run and make it 8 km"], lang: "en", context: "workout=idle")
        #expect(en.allSatisfy { $0["intent"] as? String == "StartWorkout" }, "\(en)")
        #expect((slots(en[0])["goal"] as? [String: Any])?["value"] as? Double == 5632.704)
        #expect((slots(en[1])["goal"] as? [String: Any])?["value"] as? Double == 5400)
        #expect(slots(en[2])["activity"] as? String == "rowing" && slots(en[2])["location"] as? String == "indoor")
        #expect((slots(en[2])["goal"] as? [String: Any])?["value"] as? Double == 2000)
        #expect(slots(en[3])["activity"] as? String == "rowing" && slots(en[3])["location"] as? String == "indoor")
        #expect((slots(en[4])["goal"] as? [String: Any])?["value"] as? Double == 8000)
        let ja = try await parse(["2時間半のハイキング開始", "ウォーキングを1時間30分で開始"], lang: "ja", context: "workout=idle")
        #expect(ja.allSatisfy { $0["intent"] as? String == "StartWorkout" }, "\(ja)")
        #expect((slots(ja[0])["goal"] as? [String: Any])?["value"] as? Double == 9000)
        #expect((slots(ja[1])["goal"] as? [String: Any])?["value"] as? Double == 5400)

        let running = try await parse(["would you mind ending the workout?", "scrap this workout, my kid pressed start",
                                       "remind me how long I've been going", "hold the clock"], lang: "en", context: "workout=running")
        #expect(running.map { $0["intent"] as? String } == ["EndWorkout", "CancelWorkout", "WorkoutStatus", "PauseWorkout"])
        let jaRunning = try await parse(["止められる？", "重複してるから削除", "少し止まる", "順調かな？"], lang: "ja", context: "workout=running")
        #expect(jaRunning.map { $0["intent"] as? String } == ["EndWorkout", "CancelWorkout", "PauseWorkout", "WorkoutStatus"])
        let jaPaused = try await parse(["さっきの続きから", "休憩終わったよ"], lang: "ja", context: "workout=paused")
        #expect(jaPaused.allSatisfy { $0["intent"] as? String == "ResumeWorkout" }, "\(jaPaused)")

        // Refused: a timer, a question about calories in general, 行くよ said to someone, and
        // the idioms with nothing running.
        let refusedEn = try await parse(["stop the timer", "how many calories does running burn"], lang: "en", context: "workout=running")
        let refusedJa = try await parse(["ほら、行くよ", "いまからいくね"], lang: "ja", context: "workout=paused")
        let idle = try await parse(["さっきの続きから", "休憩終わったよ", "少し止まる"], lang: "ja", context: "workout=idle")
        for answer in refusedEn + refusedJa + idle { #expect(answer["intent"] is NSNull, "\(answer["text"] ?? "")") }
    }

    /// Round 6 (#40): a request after its reason is the reason beside the plain command; a
    /// hyphen between spaces is a dash that cuts clauses (inside a word it joins: "45-minute");
    /// Japanese requests asking permission (お願いしてもいいですか) or as a casual imperative (くれ).
    /// A request about another thing stays refused, in every state.
    @Test func roundSixRequestsAfterTheirReasonAndDashes() async throws {
        let running = try await parse(["my knee hurts, could you pause the workout?", "ok I'm spent, would you be able to end the workout?",
                                       "is there any way to pause my run?"], lang: "en", context: "workout=running")
        #expect(running.map { $0["intent"] as? String } == ["PauseWorkout", "EndWorkout", "PauseWorkout"])
        let idle = try await parse(["begin a ride - aim for 30 minutes", "start a 45-minute walk"], lang: "en", context: "workout=idle")
        #expect(idle.map { slots($0)["activity"] as? String } == ["cycling", "walking"])
        #expect(idle.map { (slots($0)["goal"] as? [String: Any])?["value"] as? Double } == [1800, 2700])
        let ja = try await parse(["ラップをお願いしてもいいですか？", "終了してくれ"], lang: "ja", context: "workout=running")
        #expect(ja.map { $0["intent"] as? String } == ["MarkLap", "EndWorkout"])
        for state in ["idle", "running", "paused"] {
            let refused = try await parse(["I'm bored, could you pause the video?", "it's late, can you cancel my booking?",
                                           "dinner's at 7 - can you start the oven?"], lang: "en", context: "workout=\(state)")
            for answer in refused { #expect(answer["intent"] is NSNull, "\(answer["text"] ?? "") while \(state)") }
        }
    }

    /// Round 7 (#40): equipment after a bare session naming its activity, the goal after the verb
    /// phrase, ja request plain forms; an idiom pause before its reason still speaks to someone.
    @Test func roundSevenInterruptionsEquipmentAndGoals() async throws {
        let running = try await parse(["can I get a lap marked?", "I've got a stitch, hang on"], lang: "en", context: "workout=running")
        #expect(running.map { $0["intent"] as? String } == ["MarkLap", "PauseWorkout"])
        let idle = try await parse(["start a session on the turbo trainer", "row 5000 meters this morning", "burn 250 kcal on a walk"],
                                   lang: "en", context: "workout=idle")
        #expect(idle.map { slots($0)["activity"] as? String } == ["cycling", "rowing", "walking"])
        #expect(slots(idle[0])["location"] as? String == "indoor")
        #expect(idle.map { (slots($0)["goal"] as? [String: Any])?["value"] as? Double } == [nil, 5000, 250])
        let ja = try await parse(["休憩入れてもらえますか？", "今の記録、削除しておいて"], lang: "ja", context: "workout=running")
        #expect(ja.map { $0["intent"] as? String } == ["PauseWorkout", "CancelWorkout"])
        for state in ["idle", "running", "paused"] {
            let refused = try await parse(["hang on, phone call", "hang on, let me grab a pen"], lang: "en", context: "workout=\(state)")
            for answer in refused { #expect(answer["intent"] is NSNull, "\(answer["text"] ?? "") while \(state)") }
        }
    }

    @Test func aBadContextIsAUsageError() async throws {
        let binary = try #require(CoachBinary.path(), "coach is not built")
        let home = try ScratchHome()
        let result = try await runProcess(binary, ["parse", "--context", "workout", "pause"], environment: home.environment)
        #expect(result.status == 64)
        #expect(result.stderr.contains("KEY=VALUE"))
    }
}
