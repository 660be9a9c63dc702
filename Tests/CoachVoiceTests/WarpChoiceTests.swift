// WarpChoice and SpeakerWarp: the factor whose decode fit best, per utterance and per speaker,
// and how `--warp` is read.

import CoachVoice
import Testing

@Suite struct WarpChoiceTests {
    typealias Fit = WarpChoice.Fit

    @Test func theBestFitPerFrameWins() {
        let fits = [Fit(factor: 1.0, score: -3_000, frames: 100), Fit(factor: 0.8, score: -2_600, frames: 100),
                    Fit(factor: 1.2, score: -2_800, frames: 100)]
        #expect(WarpChoice.best(fits) == 1)
        #expect(WarpChoice.best([]) == nil)
    }

    @Test func aTieKeepsTheFirstListedAndNoFramesNeverWins() {
        let tie = [Fit(factor: 1.0, score: -2_000, frames: 100), Fit(factor: 0.9, score: -2_000, frames: 100)]
        #expect(WarpChoice.best(tie) == 0)
        let empty = [Fit(factor: 1.0, score: 0, frames: 0), Fit(factor: 0.9, score: -2_000, frames: 100)]
        #expect(WarpChoice.best(empty) == 1)
    }

    @Test func theSpeakersFactorIsLearntFromTheFirstUtterancesThenKept() {
        var speaker = SpeakerWarp(factors: [1.0, 0.8], learning: 2, margin: 0)
        speaker.heard([Fit(factor: 1.0, score: -2_000, frames: 100), Fit(factor: 0.8, score: -2_100, frames: 100)])
        #expect(speaker.chosen == nil)
        // Over both utterances 0.8 fits better (-4 000 against -4 100 over 200 frames), though not in the first.
        speaker.heard([Fit(factor: 1.0, score: -2_100, frames: 100), Fit(factor: 0.8, score: -1_900, frames: 100)])
        #expect(speaker.chosen == 0.8)
        speaker.heard([Fit(factor: 1.0, score: -100, frames: 100), Fit(factor: 0.8, score: -9_000, frames: 100)])
        #expect(speaker.chosen == 0.8)
    }

    @Test func aFactorMustFitBetterThanNoneByTheMarginToBeKept() {
        var close = SpeakerWarp(factors: [1.0, 0.8], learning: 1, margin: 1.5)
        close.heard([Fit(factor: 1.0, score: -3_000, frames: 100), Fit(factor: 0.8, score: -2_900, frames: 100)])
        #expect(close.chosen == 1.0, "1 per frame better is within the margin")
        var far = SpeakerWarp(factors: [1.0, 0.8], learning: 1, margin: 1.5)
        far.heard([Fit(factor: 1.0, score: -3_000, frames: 100), Fit(factor: 0.8, score: -2_800, frames: 100)])
        #expect(far.chosen == 0.8)
    }

    @Test func utterancesThatTeachNothingStillEndTheLearning() {
        var speaker = SpeakerWarp(factors: [1.0, 0.8], learning: 1, margin: 0)
        speaker.heard([Fit(factor: 1.0, score: -2_000, frames: 100), Fit(factor: 0.8, score: 0, frames: 0)])
        #expect(speaker.chosen == 1.0, "a factor that matched nothing is not compared; learning ends unwarped")
    }

    @Test func theOptionIsAutoOffOrAFactor() {
        #expect(WarpMode(parsing: "auto") == .auto)
        #expect(WarpMode(parsing: "off") == .off)
        #expect(WarpMode(parsing: "1") == .off)
        #expect(WarpMode(parsing: "0.8") == .fixed(0.8))
        #expect(WarpMode(parsing: "3") == nil)
        #expect(WarpMode(parsing: "low") == nil)
    }
}
