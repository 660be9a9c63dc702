// The widget's pure screen: exact frame sizes, big digits, redaction while locked, fallbacks.

import CoachWire
import Testing
@testable import CoachCore

@Suite struct WidgetScreenTests {
    static let sizes = [WidgetSize(columns: 80, rows: 24), WidgetSize(columns: 120, rows: 40),
                        WidgetSize(columns: 30, rows: 8), WidgetSize(columns: 1, rows: 1)]

    @Test(arguments: Fixture.Case.allCases)
    func everyFrameFillsTheTerminalExactly(state: Fixture.Case) {
        for size in Self.sizes {
            for language in Language.allCases {
                let frame = WidgetScreen.render(state.content(name: "日曜日の長距離走 Sunday long run"), size: size, language: language)
                #expect(frame.lines.count == size.rows)
                #expect(frame.lines.allSatisfy { TextWidth.columns($0) == size.columns }, "\(state) \(size) \(language)")
            }
        }
    }

    @Test func runningShowsTheElapsedTimeInBigDigits() {
        let frame = WidgetScreen.render(Fixture.Case.running.content(), size: WidgetSize(columns: 80, rows: 24))
        let screen = frame.lines.joined(separator: "\n")
        for row in BlockFont.render("10:05") { #expect(screen.contains(row)) }
        #expect(screen.contains("▶ outdoor run"))
        #expect(screen.contains("♥ 173 bpm"))
        #expect(screen.contains("Goal 10 km"))
        #expect(screen.contains("Laps 2"))
        #expect(frame.styleClass == "running")
        #expect(frame.accentRows.count == 6)
    }

    @Test func countdownShowsTheDigitBig() {
        let frame = WidgetScreen.render(Fixture.Case.countdown.content(), size: WidgetSize(columns: 80, rows: 24))
        let screen = frame.lines.joined(separator: "\n")
        for row in BlockFont.render("3") { #expect(screen.contains(row)) }
        #expect(screen.contains("Starting in 3"))
    }

    @Test func lockedHidesEveryMetric() {
        for size in Self.sizes {
            let screen = WidgetScreen.render(Fixture.Case.locked.content(name: "Tempo"), size: size).lines.joined()
            for digits in Fixture.metricDigits + ["bpm", "kcal", "Goal", "Laps", "Tempo"] {
                #expect(!screen.contains(digits), "\(size) shows \(digits)")
            }
        }
        let big = WidgetScreen.render(Fixture.Case.locked.content(), size: WidgetSize(columns: 80, rows: 24)).lines.joined()
        #expect(big.contains("Locked"))
        #expect(big.contains(BlockFont.render("10:05")[0]))
    }

    @Test func aSmallTerminalGetsThePlainClock() {
        let screen = WidgetScreen.render(Fixture.Case.running.content(), size: WidgetSize(columns: 30, rows: 8)).lines
        #expect(screen.contains { $0.contains("10:05") })
        #expect(!screen.joined().contains("██"))
    }

    @Test func theEndedSummaryStays() {
        let screen = WidgetScreen.render(Fixture.Case.ended.content(), size: WidgetSize(columns: 80, rows: 24)).lines.joined()
        #expect(screen.contains("Ended · Summary"))
        #expect(screen.contains("✓ outdoor run"))
    }

    @Test func blockFontDigitsAreFiveRowsAndDistinct() {
        let digits = (0...9).map { BlockFont.render(String($0)) }
        #expect(digits.allSatisfy { $0.count == BlockFont.rows })
        #expect(Set(digits.map { $0.joined(separator: "\n") }).count == 10)
        #expect(BlockFont.width("12:34") == 4 * 6 + 2 + 4 * 2)
    }

    @Test func textWidthCountsJapaneseAsTwoColumns() {
        #expect(TextWidth.columns("ランニング") == 10)
        #expect(TextWidth.columns("run ♥") == 5)
        #expect(TextWidth.truncate("ランニング", to: 5) == "ラン…")
        #expect(TextWidth.columns(TextWidth.center("計測中", in: 11)) == 11)
    }
}
