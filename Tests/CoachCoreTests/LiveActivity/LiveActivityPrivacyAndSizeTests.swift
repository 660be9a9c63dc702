// Privacy (locked content carries no metric) and ActivityKit's 4 KB payload cap.

import Foundation
import Testing
@testable import CoachCore

@Suite struct LiveActivityPrivacyAndSizeTests {
    @Test func lockedContentKeepsOnlyActivityAndElapsed() {
        var live = LiveActivity(locked: true)
        live.apply(Fixture.snapshot(.running, name: "Knee rehab"))
        let content = live.content(at: Fixture.at(620))
        #expect(content.state.isLocked)
        #expect(content.state.metrics.isEmpty)
        #expect(content.state.goalProgress == nil)
        #expect(content.state.laps == nil)
        #expect(content.attributes?.goal == nil)
        #expect(content.attributes?.workoutName == nil)
        #expect(content.attributes?.activity == .running)
        #expect(content.state.elapsed == 605)
        #expect(content.styleClass == "locked")
    }

    @Test func unlockingShowsMetricsAgain() {
        var live = LiveActivity(locked: true)
        live.apply(Fixture.snapshot(.running))
        live.setLocked(false)
        #expect(live.content(at: Fixture.at(620)).state.metric(.heartRate)?.value == Fixture.heartRate)
    }

    @Test(arguments: ["Long run ", "日曜日の長距離走"])
    func hugeNamesAreCutToFitFourKilobytes(unit: String) throws {
        let name = String(repeating: unit, count: 2000)
        for state in [SessionState.prepared, .running, .paused, .stopped, .ended] {
            var live = LiveActivity()
            live.apply(Fixture.snapshot(state, name: name))
            let content = live.content(at: Fixture.at(620))
            #expect(content.encodedSize <= LiveActivityContent.payloadLimit)
            let kept = try #require(content.attributes?.workoutName)
            #expect(kept.hasSuffix("…"))
            #expect(name.hasPrefix(kept.dropLast()))
            // Cut no more than needed: the name still fills most of the budget.
            #expect(kept.utf8.count > 2000)
        }
    }

    @Test func shortNamesAreKeptWhole() {
        var live = LiveActivity()
        live.apply(Fixture.snapshot(.running, name: "Sunday long run"))
        #expect(live.content(at: Fixture.at(620)).attributes?.workoutName == "Sunday long run")
    }
}
