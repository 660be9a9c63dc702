// The Live Activity lifecycle: request → update → end → dismissed, with ActivityKit's states.

import Foundation
import Testing
@testable import CoachCore

@Suite struct LiveActivityLifecycleTests {
    @Test func noWorkoutIsIdleAndDismissed() {
        let live = LiveActivity()
        let content = live.content(at: Fixture.at(0))
        #expect(content.attributes == nil)
        #expect(content.state.phase == .idle)
        #expect(content.activityState == .dismissed)
    }

    @Test func firstSnapshotOfAWorkoutRequestsTheActivity() {
        var live = LiveActivity()
        #expect(live.apply(Fixture.snapshot(.prepared, time: 0, sampledAt: nil)) == .requested)
        #expect(live.attributes?.workoutID == "w-abc")
        #expect(live.attributes?.activity == .running)
        #expect(live.activityState(at: Fixture.at(0)) == .active)
        #expect(live.content(at: Fixture.at(0)).state.phase == .countdown)
        #expect(live.content(at: Fixture.at(0)).state.countdown == 3)
    }

    @Test func laterSnapshotsUpdateAndAnEndedOneEnds() {
        var live = LiveActivity()
        live.apply(Fixture.snapshot(.prepared, time: 0, sampledAt: nil))
        #expect(live.apply(Fixture.snapshot(.running, time: 10, elapsed: 0, sampledAt: nil)) == .updated)
        #expect(live.attributes?.startDate != nil)
        #expect(live.apply(Fixture.snapshot(.ended)) == .ended)
        #expect(live.activityState(at: Fixture.at(620)) == .ended)
        #expect(live.content(at: Fixture.at(620)).state.phase == .ended)
    }

    @Test func aNewWorkoutIsANewActivity() {
        var live = LiveActivity()
        live.apply(Fixture.snapshot(.ended, workoutID: "first"))
        #expect(live.apply(Fixture.snapshot(.running, workoutID: "second")) == .requested)
        #expect(live.attributes?.workoutID == "second")
        #expect(live.activityState(at: Fixture.at(620)) == .active)
    }

    @Test func defaultDismissalKeepsTheSummaryFifteenMinutes() {
        var live = LiveActivity()
        live.apply(Fixture.snapshot(.ended, time: 620))
        #expect(live.activityState(at: Fixture.at(620 + 14 * 60 + 59)) == .ended)
        #expect(live.activityState(at: Fixture.at(620 + 15 * 60)) == .dismissed)
        #expect(live.content(at: Fixture.at(620 + 15 * 60)).state.phase == .idle)
    }

    @Test func immediateDismissalRemovesTheActivityAtOnce() {
        var live = LiveActivity(configuration: .init(dismissal: .immediate))
        live.apply(Fixture.snapshot(.ended, time: 620))
        #expect(live.activityState(at: Fixture.at(620)) == .dismissed)
    }

    @Test func dismissalAfterADateIsCappedAtFourHours() {
        var live = LiveActivity()
        live.apply(Fixture.snapshot(.running))
        live.end(dismissalPolicy: .after(Fixture.at(620 + 60).date), at: Fixture.at(620))
        #expect(live.activityState(at: Fixture.at(620 + 59)) == .ended)
        #expect(live.activityState(at: Fixture.at(620 + 60)) == .dismissed)

        var late = LiveActivity()
        late.apply(Fixture.snapshot(.ended, time: 620))
        late.end(dismissalPolicy: .after(Fixture.at(620 + 86_400).date), at: Fixture.at(620))
        #expect(late.activityState(at: Fixture.at(620 + 4 * 3600 - 1)) == .ended)
        #expect(late.activityState(at: Fixture.at(620 + 4 * 3600)) == .dismissed)
    }

    @Test func aDiscardedWorkoutLeavesNoSummary() {
        var live = LiveActivity()
        live.apply(Fixture.snapshot(.running))
        live.apply(WorkoutNotification.discarded(workoutID: "w-abc", reason: .cancelled))
        live.apply(Fixture.snapshot(.ended))
        #expect(live.activityState(at: Fixture.at(620)) == .dismissed)
    }

    @Test func aWorkoutThatDisappearsEndsImmediately() {
        var live = LiveActivity()
        live.apply(Fixture.snapshot(.running))
        #expect(live.apply(WorkoutSnapshot(at: Fixture.at(630))) == .ended)
        #expect(live.activityState(at: Fixture.at(630)) == .dismissed)
    }

    @Test func elapsedRunsOnBetweenSnapshotsOnlyWhileRunning() {
        var live = LiveActivity()
        live.apply(Fixture.snapshot(.running, time: 620, elapsed: 605))
        #expect(live.content(at: Fixture.at(632)).state.elapsed == 617)
        live.apply(Fixture.snapshot(.paused, time: 640, elapsed: 625))
        #expect(live.content(at: Fixture.at(700)).state.elapsed == 625)
    }

    @Test func timeGoalProgressMovesWithTheClock() {
        var live = LiveActivity()
        live.apply(Fixture.snapshot(.running, time: 620, elapsed: 600, goal: .time(seconds: 1200)))
        let progress = live.content(at: Fixture.at(920)).state.goalProgress
        #expect(progress == 0.75)
    }
}
