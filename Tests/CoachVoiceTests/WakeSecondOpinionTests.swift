// WakeSecondOpinion, the pure half of the second decode after the wake phrase (#29): the grammar's
// words against the general model's transcript of the same audio. Transcripts here are of the
// kinds measured (docs/voice.md): the free model hears a command's words, splits "workout", drops
// the little words, or hears the non-command that was really said.

import CoachVoice
import Foundation
import Testing

@Suite struct WakeSecondOpinionTests {
    static let intents = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Intents").path
    static func opinion() throws -> WakeSecondOpinion {
        let lexicon = try VoiceLexicon.load(directories: [intents + "/en"])
        return WakeSecondOpinion(ignored: lexicon.secondOpinionIgnores.union(["hey", "coach"]))
    }

    @Test func theIgnoredWordsAreLanguageData() throws {
        let o = try Self.opinion()
        #expect(o.ignored.contains("the"))
        #expect(o.ignored.contains("please"))
        #expect(!o.ignored.contains("pause"))
    }

    @Test func aCommandTheFreeModelRepeatsIsConfirmed() throws {
        let o = try Self.opinion()
        let v = o.verdict(heard: "hey coach begin an outdoor walk", free: "hey coach begin an outdoor walk")
        #expect(v.confirmed && v.agreement == 1 && v.missing.isEmpty)
    }

    @Test func aWordSplitInTwoStillCounts() throws {
        let o = try Self.opinion()
        let v = o.verdict(heard: "hey coach cancel my workout", free: "hey coach cancel my work out")
        #expect(v.confirmed, "\(v)")
    }

    @Test func aForcedReadingOfOtherSpeechIsRefused() throws {
        let o = try Self.opinion()
        // "hey coach, read me my emails", forced onto the grammar as a status question.
        let v = o.verdict(heard: "hey coach read me my mileage", free: "hey coach read me my emails")
        #expect(!v.confirmed)
        #expect(v.missing == ["mileage"])
        #expect(abs(v.agreement - 0.5) < 1e-9)
    }

    @Test func theThresholdIsInclusive() throws {
        let o = try Self.opinion()
        // 4 counted words (start, thirty, minute, run): 3 of 4 repeated is over 0.7, 2 of 4 under.
        #expect(o.verdict(heard: "start a thirty minute run", free: "start a dirty minute run").confirmed)
        #expect(!o.verdict(heard: "start a thirty minute run", free: "start a dirty minute fun").confirmed)
        let exact = WakeSecondOpinion(ignored: [], threshold: 0.5).verdict(heard: "pause workout", free: "pause")
        #expect(exact.confirmed && exact.agreement == 0.5)
    }

    @Test func nothingToConfirmOrNoTranscriptRefuses() throws {
        let o = try Self.opinion()
        #expect(!o.verdict(heard: "hey coach please", free: "hey coach please").confirmed)
        #expect(!o.verdict(heard: "hey coach pause my workout", free: nil).confirmed)
        #expect(!o.verdict(heard: "hey coach pause my workout", free: "").confirmed)
    }
}
