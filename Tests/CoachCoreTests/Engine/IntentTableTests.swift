// Every cell of the table state × intent → next state and code, written out by hand from
// SiriKit's and HealthKit's rules (reference/apple-workouts.md §1.4 and §2.1).

import CoachCore
import Testing

struct Cell: CustomTestStringConvertible, Sendable {
    let state: SessionState
    let intent: WorkoutIntent
    let next: SessionState
    let code: IntentCode
    var testDescription: String { "\(state) × \(intent.kind.rawValue)\(suffix) → \(next), \(code)" }
    private var suffix: String {
        switch intent {
        case .cancel(_, let confirmed): return confirmed ? " (confirmed)" : " (unconfirmed)"
        case .start(let start): return start.activity == nil ? " (no activity)" : ""
        default: return ""
        }
    }
}

private let ongoing: [SessionState] = [.prepared, .running, .paused, .stopped]
private let idle: [SessionState] = [.notStarted, .ended]

/// The table. Each line is one cell; the expectations are SiriKit's, not computed by the code under test.
let intentTable: [Cell] = [
    // StartWorkout: only with nothing ongoing.
    Cell(state: .notStarted, intent: .start(run), next: .prepared, code: .success),
    Cell(state: .prepared, intent: .start(run), next: .prepared, code: .failureOngoingWorkout),
    Cell(state: .running, intent: .start(run), next: .running, code: .failureOngoingWorkout),
    Cell(state: .paused, intent: .start(run), next: .paused, code: .failureOngoingWorkout),
    Cell(state: .stopped, intent: .start(run), next: .stopped, code: .failureOngoingWorkout),
    Cell(state: .ended, intent: .start(run), next: .prepared, code: .success),
    // StartWorkout without an activity: ask, unless the start would fail anyway.
    Cell(state: .notStarted, intent: .start(StartWorkoutIntent()), next: .notStarted, code: .needsValue),
    Cell(state: .prepared, intent: .start(StartWorkoutIntent()), next: .prepared, code: .failureOngoingWorkout),
    Cell(state: .running, intent: .start(StartWorkoutIntent()), next: .running, code: .failureOngoingWorkout),
    Cell(state: .paused, intent: .start(StartWorkoutIntent()), next: .paused, code: .failureOngoingWorkout),
    Cell(state: .stopped, intent: .start(StartWorkoutIntent()), next: .stopped, code: .failureOngoingWorkout),
    Cell(state: .ended, intent: .start(StartWorkoutIntent()), next: .ended, code: .needsValue),
    // PauseWorkout: only while running.
    Cell(state: .notStarted, intent: .pause(), next: .notStarted, code: .failureNoMatchingWorkout),
    Cell(state: .prepared, intent: .pause(), next: .prepared, code: .failureNoMatchingWorkout),
    Cell(state: .running, intent: .pause(), next: .paused, code: .success),
    Cell(state: .paused, intent: .pause(), next: .paused, code: .failureNoMatchingWorkout),
    Cell(state: .stopped, intent: .pause(), next: .stopped, code: .failureNoMatchingWorkout),
    Cell(state: .ended, intent: .pause(), next: .ended, code: .failureNoMatchingWorkout),
    // ResumeWorkout: only while paused.
    Cell(state: .notStarted, intent: .resume(), next: .notStarted, code: .failureNoMatchingWorkout),
    Cell(state: .prepared, intent: .resume(), next: .prepared, code: .failureNoMatchingWorkout),
    Cell(state: .running, intent: .resume(), next: .running, code: .failureNoMatchingWorkout),
    Cell(state: .paused, intent: .resume(), next: .running, code: .success),
    Cell(state: .stopped, intent: .resume(), next: .stopped, code: .failureNoMatchingWorkout),
    Cell(state: .ended, intent: .resume(), next: .ended, code: .failureNoMatchingWorkout),
    // EndWorkout: anything ongoing ends (and is saved).
    Cell(state: .notStarted, intent: .end(), next: .notStarted, code: .failureNoMatchingWorkout),
    Cell(state: .prepared, intent: .end(), next: .ended, code: .success),
    Cell(state: .running, intent: .end(), next: .ended, code: .success),
    Cell(state: .paused, intent: .end(), next: .ended, code: .success),
    Cell(state: .stopped, intent: .end(), next: .ended, code: .success),
    Cell(state: .ended, intent: .end(), next: .ended, code: .failureNoMatchingWorkout),
    // CancelWorkout, unconfirmed: asks first, changes nothing.
    Cell(state: .notStarted, intent: .cancel(), next: .notStarted, code: .failureNoMatchingWorkout),
    Cell(state: .prepared, intent: .cancel(), next: .prepared, code: .confirmationRequired),
    Cell(state: .running, intent: .cancel(), next: .running, code: .confirmationRequired),
    Cell(state: .paused, intent: .cancel(), next: .paused, code: .confirmationRequired),
    Cell(state: .stopped, intent: .cancel(), next: .stopped, code: .confirmationRequired),
    Cell(state: .ended, intent: .cancel(), next: .ended, code: .failureNoMatchingWorkout),
    // CancelWorkout, confirmed: discards.
    Cell(state: .notStarted, intent: .cancel(confirmed: true), next: .notStarted, code: .failureNoMatchingWorkout),
    Cell(state: .prepared, intent: .cancel(confirmed: true), next: .ended, code: .success),
    Cell(state: .running, intent: .cancel(confirmed: true), next: .ended, code: .success),
    Cell(state: .paused, intent: .cancel(confirmed: true), next: .ended, code: .success),
    Cell(state: .stopped, intent: .cancel(confirmed: true), next: .ended, code: .success),
    Cell(state: .ended, intent: .cancel(confirmed: true), next: .ended, code: .failureNoMatchingWorkout),
    // WorkoutStatus: always answers, changes nothing.
    Cell(state: .notStarted, intent: .status, next: .notStarted, code: .success),
    Cell(state: .prepared, intent: .status, next: .prepared, code: .success),
    Cell(state: .running, intent: .status, next: .running, code: .success),
    Cell(state: .paused, intent: .status, next: .paused, code: .success),
    Cell(state: .stopped, intent: .status, next: .stopped, code: .success),
    Cell(state: .ended, intent: .status, next: .ended, code: .success),
    // MarkLap: while the activity is running or paused.
    Cell(state: .notStarted, intent: .lap, next: .notStarted, code: .failureNoMatchingWorkout),
    Cell(state: .prepared, intent: .lap, next: .prepared, code: .failureNoMatchingWorkout),
    Cell(state: .running, intent: .lap, next: .running, code: .success),
    Cell(state: .paused, intent: .lap, next: .paused, code: .success),
    Cell(state: .stopped, intent: .lap, next: .stopped, code: .failureNoMatchingWorkout),
    Cell(state: .ended, intent: .lap, next: .ended, code: .failureNoMatchingWorkout),
    // A plan (docs/plans.md): started like any workout; without one, nothing to skip or ask about.
    Cell(state: .notStarted, intent: .start(plannedRun), next: .prepared, code: .success),
    Cell(state: .prepared, intent: .start(plannedRun), next: .prepared, code: .failureOngoingWorkout),
    Cell(state: .running, intent: .start(plannedRun), next: .running, code: .failureOngoingWorkout),
    Cell(state: .paused, intent: .start(plannedRun), next: .paused, code: .failureOngoingWorkout),
    Cell(state: .stopped, intent: .start(plannedRun), next: .stopped, code: .failureOngoingWorkout),
    Cell(state: .ended, intent: .start(plannedRun), next: .prepared, code: .success),
    Cell(state: .notStarted, intent: .skipStep, next: .notStarted, code: .failureNoMatchingWorkout),
    Cell(state: .prepared, intent: .skipStep, next: .prepared, code: .failureNoMatchingWorkout),
    Cell(state: .running, intent: .skipStep, next: .running, code: .failureNoMatchingWorkout),
    Cell(state: .paused, intent: .skipStep, next: .paused, code: .failureNoMatchingWorkout),
    Cell(state: .stopped, intent: .skipStep, next: .stopped, code: .failureNoMatchingWorkout),
    Cell(state: .ended, intent: .skipStep, next: .ended, code: .failureNoMatchingWorkout),
    Cell(state: .notStarted, intent: .stepStatus, next: .notStarted, code: .failureNoMatchingWorkout),
    Cell(state: .prepared, intent: .stepStatus, next: .prepared, code: .failureNoMatchingWorkout),
    Cell(state: .running, intent: .stepStatus, next: .running, code: .failureNoMatchingWorkout),
    Cell(state: .paused, intent: .stepStatus, next: .paused, code: .failureNoMatchingWorkout),
    Cell(state: .stopped, intent: .stepStatus, next: .stopped, code: .failureNoMatchingWorkout),
    Cell(state: .ended, intent: .stepStatus, next: .ended, code: .failureNoMatchingWorkout),
]

private let plannedRun = StartWorkoutIntent(activity: .running, plan: WorkoutPlan(name: "easy", activity: .running, kind: .singleGoal(.time(seconds: 600))))

@Suite("State × intent table")
struct IntentTableTests {
    @Test(arguments: intentTable)
    func cell(_ cell: Cell) {
        var driver = EngineDriver.inState(cell.state)
        let outcome = driver.perform(cell.intent)
        #expect(outcome.code == cell.code)
        #expect(driver.state == cell.next)
        #expect(outcome.snapshot.state == cell.next)
    }

    @Test func tableCoversEveryStateForEveryIntent() {
        for kind in IntentKind.allCases {
            let states = Set(intentTable.filter { $0.intent.kind == kind }.map(\.state))
            #expect(states == Set(SessionState.allCases), "\(kind) is missing states")
        }
    }

    @Test func failedIntentsChangeNothingAndJournalNothing() {
        for cell in intentTable where !cell.code.isSuccess {
            var driver = EngineDriver.inState(cell.state)
            let before = driver.actions.count
            driver.perform(cell.intent)
            #expect(driver.actions.count == before, "\(cell.testDescription) produced actions")
        }
    }

    @Test func siriKitRawValuesFollowTheHeaders() {
        #expect(IntentCode.failureOngoingWorkout.siriKitRawValue(for: .startWorkout) == 5)
        #expect(IntentCode.success.siriKitRawValue(for: .startWorkout) == 8)
        #expect(IntentCode.failureNoMatchingWorkout.siriKitRawValue(for: .startWorkout) == 6)
        #expect(IntentCode.failureNoMatchingWorkout.siriKitRawValue(for: .pauseWorkout) == 5)
        #expect(IntentCode.success.siriKitRawValue(for: .cancelWorkout) == 7)
        #expect(IntentCode.failureOngoingWorkout.siriKitRawValue(for: .endWorkout) == nil)
    }
}
