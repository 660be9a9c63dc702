// Property test: thousands of random command sequences with random time advances, checked against
// a tiny reference model — no illegal transition, elapsed never decreases, and elapsed equals the
// model's running time exactly.

import CoachCore
import PropertyBased
import Testing

/// The reference: what a stopwatch with a countdown does, written as plainly as possible.
private struct ReferenceModel {
    var state: SessionState = .notStarted
    var countdownLeft: Int64 = 0      // nanoseconds
    var running: Int64 = 0            // nanoseconds of running time
    let countdown: Int64

    mutating func advance(_ nanoseconds: Int64) {
        var left = nanoseconds
        if state == .prepared {
            let used = min(left, countdownLeft)
            countdownLeft -= used
            left -= used
            if countdownLeft == 0 { state = .running }
        }
        if state == .running { running += left }
    }

    /// The code the intent must produce, and the model's new state.
    mutating func apply(_ command: Int) -> IntentCode {
        switch command {
        case 0:
            guard !state.isOngoing else { return .failureOngoingWorkout }
            state = countdown == 0 ? .running : .prepared
            countdownLeft = countdown
            running = 0
            return .success
        case 1:
            guard state == .running else { return .failureNoMatchingWorkout }
            state = .paused
            return .success
        case 2:
            guard state == .paused else { return .failureNoMatchingWorkout }
            state = .running
            return .success
        case 3, 4:
            guard state.isOngoing else { return .failureNoMatchingWorkout }
            state = .ended
            return .success
        case 5:
            return state == .running || state == .paused ? .success : .failureNoMatchingWorkout
        default:
            return .success
        }
    }
}

private let legalEdges: Set<[SessionState]> = [
    [.notStarted, .prepared], [.prepared, .running], [.running, .paused], [.paused, .running],
    [.running, .stopped], [.paused, .stopped], [.prepared, .ended], [.running, .ended], [.paused, .ended],
    [.stopped, .ended],
]

private func intent(_ command: Int) -> WorkoutIntent {
    switch command {
    case 0: return .start(StartWorkoutIntent(activity: .running))
    case 1: return .pause()
    case 2: return .resume()
    case 3: return .end()
    case 4: return .cancel(confirmed: true)
    case 5: return .lap
    default: return .status
    }
}

@Suite("Session properties")
struct SessionPropertyTests {
    /// Each step is one number: the last digit picks a command (0–6) or an advance (7–9); the rest,
    /// in milliseconds plus a sub-millisecond part, is how far time moves.
    @Test func randomSequencesMatchTheReferenceModel() async {
        await propertyCheck(count: 3000, input: Gen.int(in: 0...99_999_999).array(of: 1...60), Gen.int(in: 0...4)) { steps, countdownSeconds in
            let countdown = Int64(countdownSeconds) * 1_000_000_000
            var driver = EngineDriver(countdown: .nanoseconds(countdown))
            var model = ReferenceModel(countdown: countdown)
            var lastElapsed = 0.0
            var lastWorkout: String?

            for step in steps {
                let kind = step % 10
                if kind >= 7 {
                    let nanoseconds = Int64(step / 10) * 1_003
                    driver.advance(by: Double(nanoseconds) / 1e9)
                    model.advance(nanoseconds)
                } else {
                    let expected = model.apply(kind)
                    let outcome = driver.perform(intent(kind))
                    #expect(outcome.code == expected, "command \(kind) in \(driver.state)")
                }
                #expect(driver.state == model.state)
                let snapshot = driver.engine.snapshot(at: driver.now)
                if snapshot.workoutID != lastWorkout { lastElapsed = 0; lastWorkout = snapshot.workoutID }
                #expect(snapshot.elapsed >= lastElapsed, "elapsed went backwards")
                lastElapsed = snapshot.elapsed
                // Exact to the nanosecond, so certainly to the millisecond.
                #expect(abs(snapshot.elapsed - Double(model.running) / 1e9) < 1e-6)
            }
            for action in driver.actions {
                if case .notify(.stateChanged(let from, let to, _)) = action {
                    #expect(legalEdges.contains([from, to]), "illegal transition \(from) → \(to)")
                }
            }
        }
    }
}
