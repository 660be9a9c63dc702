// NormalizerTests: case, width, punctuation, whitespace and CJK spacing, and the offset map.

import Testing
@testable import CoachLanguage

@Suite struct NormalizerTests {
    func norm(_ s: String, cjk: Bool = false) -> String { Normalizer.normalize(s, cjkSpacing: cjk).string }

    @Test func caseFolding() { #expect(norm("START A Run") == "start a run") }

    @Test func punctuationIsDropped() {
        #expect(norm("Pause, please!") == "pause please")
        #expect(norm("pause?!…") == "pause")
        #expect(norm("一時停止。") == "一時停止")
    }

    @Test func decimalSeparatorsSurvive() {
        #expect(norm("run 2.5 km") == "run 2.5 km")
        #expect(norm("run 2,5 km") == "run 2.5 km")
    }

    @Test func whitespaceCollapses() { #expect(norm("  start \t  a\nrun  ") == "start a run") }

    @Test func hyphensBreakWords() { #expect(norm("twenty-five") == "twenty five") }

    @Test func typographicApostrophe() { #expect(norm("I’m done") == "i'm done") }

    @Test func fullWidthASCIIBecomesHalfWidth() {
        #expect(norm("ＳＴＡＲＴ　ａ　ｒｕｎ") == "start a run")
        #expect(norm("３０分") == "30分")
    }

    @Test func halfWidthKatakanaBecomesFullWidth() {
        #expect(norm("ﾗﾝﾆﾝｸﾞ", cjk: true) == "ランニング")
        #expect(norm("ﾊﾟﾜｰ", cjk: true) == "パワー")
    }

    @Test func spacesBetweenCJKAreRemoved() {
        #expect(norm("ランニング を 開始", cjk: true) == "ランニングを開始")
        #expect(norm("5 キロ", cjk: true) == "5キロ")
        #expect(norm("ランニング を 開始", cjk: false) == "ランニング を 開始")
    }

    @Test func offsetsPointIntoTheOriginal() {
        let n = Normalizer.normalize("  Start, a RUN", cjkSpacing: false)
        #expect(n.string == "start a run")
        let run = n.originalSpan(8, 11)
        #expect(run == 11 ..< 14)
    }

    @Test func skipWordsAreRemovedAsWholeWords() {
        let words = [Array("please".unicodeScalars.map(\.value))]
        let n = Normalizer.normalize("please pause pleased", cjkSpacing: false)
        #expect(n.removingSkipWords(words, cjkSpacing: false)?.string == "pause pleased")
        #expect(Normalizer.normalize("pause", cjkSpacing: false).removingSkipWords(words, cjkSpacing: false) == nil)
    }
}
