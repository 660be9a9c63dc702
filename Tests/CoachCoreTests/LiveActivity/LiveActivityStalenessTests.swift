// Staleness: readings that stopped arriving are shown as unavailable, never as the last old number.

import Foundation
import Testing
@testable import CoachCore

@Suite struct LiveActivityStalenessTests {
    @Test func freshSamplesAreShown() {
        var live = LiveActivity()
        live.apply(Fixture.snapshot(.running, sampledAt: 615))
        let content = live.content(at: Fixture.at(620))
        #expect(content.activityState == .active)
        #expect(content.state.isStale == false)
        #expect(content.state.metric(.heartRate)?.value == Fixture.heartRate)
        #expect(content.state.metric(.distance)?.value == Fixture.distance)
        #expect(content.staleDate == Fixture.at(645).date)
    }

    @Test func thirtySecondsWithoutASampleWhileRunningIsStale() {
        var live = LiveActivity()
        live.apply(Fixture.snapshot(.running, sampledAt: 615))
        #expect(live.activityState(at: Fixture.at(645)) == .active)
        let content = live.content(at: Fixture.at(645.5))
        #expect(content.activityState == .stale)
        #expect(content.state.isStale)
        #expect(content.styleClass == "stale")
        #expect(!content.state.metrics.isEmpty)
        #expect(content.state.metrics.allSatisfy { $0.value == nil })
        #expect(content.staleDate == nil)
    }

    @Test func aPausedWorkoutIsNotStaleButOldReadingsAreHidden() {
        var live = LiveActivity()
        live.apply(Fixture.snapshot(.paused, time: 700, sampledAt: 615))
        let content = live.content(at: Fixture.at(700))
        #expect(content.activityState == .active)
        #expect(content.state.metric(.heartRate)?.value == nil)
        // A total stays true while paused: the distance done is still the distance done.
        #expect(content.state.metric(.distance)?.value == Fixture.distance)
    }

    @Test func aWorkoutWithoutSensorsIsNotStaleItsMetricsAreUnavailable() {
        var live = LiveActivity()
        live.apply(Fixture.snapshot(.running, sampledAt: nil))
        let content = live.content(at: Fixture.at(900))
        #expect(content.activityState == .active)
        #expect(content.state.metric(.heartRate)?.value == nil)
        #expect(content.state.metric(.activeEnergy)?.value == nil)
    }

    @Test func theEndedSummaryShowsTheAverageHeartRate() {
        var live = LiveActivity()
        var snapshot = Fixture.snapshot(.ended, sampledAt: 100)
        snapshot.statistics[.heartRate]?.add(QuantitySample(type: .heartRate, value: 151, at: Fixture.at(110)))
        live.apply(snapshot)
        let content = live.content(at: Fixture.at(1000))
        #expect(content.state.metric(.heartRate)?.value == 162)
        #expect(content.activityState == .ended)
    }

    @Test func paceComesFromDistanceAndElapsed() {
        var live = LiveActivity()
        live.apply(Fixture.snapshot(.paused, elapsed: 1827, sampledAt: 615))
        let pace = live.content(at: Fixture.at(620)).state.metric(.pace)?.value
        #expect(pace.map { abs($0 - 1827 / 4.567) < 0.001 } == true)
        var cycling = LiveActivity()
        cycling.apply(Fixture.snapshot(.paused, elapsed: 1827, activity: .cycling))
        #expect(cycling.content(at: Fixture.at(620)).state.metric(.speed)?.value != nil)
        #expect(cycling.content(at: Fixture.at(620)).state.metric(.pace) == nil)
    }
}
