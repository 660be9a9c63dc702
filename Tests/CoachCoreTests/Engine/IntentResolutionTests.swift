// Resolve → confirm → handle: what each phase asks of the user, and that nothing happens before handle.

import CoachWire
import CoachCore
import Testing

@Suite("Resolution")
struct IntentResolutionTests {
    @Test func startWithoutActivityAsksWhichWorkoutWithSuggestions() {
        var driver = EngineDriver()
        let outcome = driver.perform(.start(StartWorkoutIntent(location: .outdoor)))
        #expect(outcome.phase == .resolve)
        #expect(outcome.code == .needsValue)
        #expect(outcome.parameter == "activity")
        #expect(outcome.options.prefix(3) == ["running", "walking", "cycling"])
    }

    @Test func cancelAsksForConfirmationInConfirmPhase() {
        var driver = EngineDriver.inState(.running)
        let outcome = driver.perform(.cancel())
        #expect(outcome.phase == .confirm)
        #expect(outcome.code == .confirmationRequired)
        #expect(outcome.parameter == "confirmation")
    }

    @Test func ongoingWorkoutIsReportedInConfirmPhase() {
        var driver = EngineDriver.inState(.running)
        let outcome = driver.perform(.start(StartWorkoutIntent(activity: .cycling)))
        #expect(outcome.phase == .confirm)
        #expect(outcome.code == .failureOngoingWorkout)
    }

    @Test(arguments: [
        WorkoutGoal.time(seconds: 0), .time(seconds: 9 * 3600), .distance(meters: -5), .energy(kilocalories: 50_000),
    ])
    func implausibleGoalsAreUnsupported(goal: WorkoutGoal) {
        var driver = EngineDriver()
        let outcome = driver.perform(.start(StartWorkoutIntent(activity: .running, goal: goal)))
        #expect(outcome.code == .unsupported)
        #expect(outcome.parameter == "goal")
        #expect(driver.state == .notStarted)
    }

    @Test func goalAndOpenEndedConflict() {
        var driver = EngineDriver()
        let outcome = driver.perform(.start(StartWorkoutIntent(activity: .running, goal: .time(seconds: 600), isOpenEnded: true)))
        #expect(outcome.code == .unsupported)
    }

    @Test func deprecatedActivityIsUnsupported() {
        var driver = EngineDriver()
        #expect(driver.perform(.start(StartWorkoutIntent(activity: .dance))).code == .unsupported)
    }

    @Test func missingLocationAndGoalResolveToDefaults() {
        var driver = EngineDriver()
        let outcome = driver.perform(.start(StartWorkoutIntent(activity: .yoga)))
        guard case .start(let resolved)? = outcome.resolved else {
            Issue.record("no resolved intent")
            return
        }
        #expect(resolved.location == .unknown)
        #expect(resolved.goal == .open)
    }

    @Test func namingAnotherWorkoutIsNoMatch() {
        var driver = EngineDriver.inState(.running)
        let outcome = driver.perform(.pause(activity: .cycling))
        #expect(outcome.code == .failureNoMatchingWorkout)
        #expect(driver.state == .running)
        #expect(driver.perform(.pause(activity: .running)).code == .success)
    }

    @Test func veryShortWorkoutIsDiscardedUnlessAskedToSave() {
        var driver = EngineDriver(countdown: .zero, minimumSavedDuration: .seconds(5))
        driver.perform(.start(run))
        driver.advance(by: 2)
        let outcome = driver.perform(.end())
        #expect(outcome.code == .success)
        #expect(outcome.discardReason == .tooShort)
        #expect(!driver.actions.contains { if case .save = $0 { return true } else { return false } })

        var keep = EngineDriver(countdown: .zero, minimumSavedDuration: .seconds(5))
        keep.perform(.start(run))
        keep.advance(by: 2)
        #expect(keep.perform(.end(saveShort: true)).discardReason == nil)
        #expect(keep.actions.contains { if case .save = $0 { return true } else { return false } })
    }
}
