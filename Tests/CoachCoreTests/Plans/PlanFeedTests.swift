// The plan's step in the feed: "Interval 3/5 · 400 m · 1:32 left · target 4:00–4:10/km" in tmux,
// waybar and JSON, the time left counting down between snapshots, and the lock hiding the values
// but not which step it is.

import CoachWire
import Foundation
import Testing
@testable import CoachCore

@Suite("Plan feed")
struct PlanFeedTests {
    static let interval3 = PlannedStep(
        step: PlanStep(purpose: .work, goal: .distance(meters: 400), alert: PlanAlert(metric: .pace, target: .range(low: 240, high: 250))),
        block: 0, iteration: 3, iterations: 5)

    static func content(locked: Bool = false, step: PlannedStep = interval3, remaining: Double = 92, at time: Double = 620) -> LiveActivityContent {
        var snapshot = Fixture.snapshot(.running)
        snapshot.step = PlanStepStatus(planName: "knee rehab", index: 5, count: 12, planned: step, remaining: remaining,
                                       target: 240...250)
        var live = LiveActivity()
        live.apply(snapshot)
        live.setLocked(locked)
        return live.content(at: Fixture.at(time))
    }

    @Test func theStepIsInEveryFormat() {
        let line = "Interval 3/5 · 400 m · 92 m left · target 4:00–4:10/km"
        #expect(Self.content().render(presentation: .compact, format: .text).hasSuffix(" · " + line))
        #expect(Self.content().render(presentation: .compact, format: .tmux).contains(line))
        #expect(Self.content().render(presentation: .compact, format: .waybar).contains(line))
        let json = try? JSONValue(parsing: Self.content().render(presentation: .compact, format: .json))
        #expect(json?["step"]?["label"] == "Interval 3/5")
        #expect(json?["step"]?["text"]?.stringValue == line)
        #expect(json?["step"]?["remaining"]?.doubleValue == 92)
    }

    @Test func aTimeStepCountsDownBetweenSnapshots() {
        let rest = PlannedStep(step: PlanStep(purpose: .recovery, goal: .time(seconds: 90)), block: 0, iteration: 3, iterations: 5)
        // The snapshot (elapsed 605) said 1:32 left; 5 s later the feed says 1:27.
        let text = Self.content(step: rest, remaining: 92, at: 625).render(presentation: .compact, format: .text)
        #expect(text.hasSuffix("Recovery 3/5 · 1:30 · 1:27 left"), "\(text)")
    }

    @Test func theLockHidesTheValuesButNotTheStep() {
        let content = Self.content(locked: true)
        for format in FeedFormat.allCases {
            let text = content.render(presentation: .expanded, format: format)
            #expect(text.contains("Interval 3/5"), "\(format): \(text)")
            for leak in ["400", "92", "4:00", "knee"] { #expect(!text.contains(leak), "\(format) leaks \(leak): \(text)") }
        }
        let json = try? JSONValue(parsing: content.render(presentation: .compact, format: .json))
        #expect(json?["step"]?["remaining"] == .null)
        #expect(json?["step"]?["target"] == .null)
    }

    @Test func anAlertShowsWhichSideOfTheRange() {
        var snapshot = Fixture.snapshot(.running)
        snapshot.step = PlanStepStatus(planName: "t", index: 5, count: 12, planned: Self.interval3, remaining: 92,
                                       target: 240...250, outOfRange: .above)
        var live = LiveActivity()
        live.apply(snapshot)
        let text = live.content(at: Fixture.at(620)).render(presentation: .compact, format: .text)
        #expect(text.hasSuffix("target 4:00–4:10/km ▲"), "\(text)")
    }
}
