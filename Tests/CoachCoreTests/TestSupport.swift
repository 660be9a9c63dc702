// Helpers shared by the core tests: moments on a made-up clock, and engines in a given state.

import CoachCore
import Foundation

/// A moment `seconds` after an arbitrary origin, with a matching wall-clock date.
func at(_ seconds: Double) -> Timestamp {
    Timestamp(monotonic: MonotonicInstant(nanoseconds: Int64((seconds * 1e9).rounded())),
              date: Date(timeIntervalSince1970: 1_767_225_600 + seconds))
}

let run = StartWorkoutIntent(activity: .running, location: .outdoor)

/// Drives an engine the way WorkoutManager does in virtual time: inputs at the current moment,
/// and timers run at their own instants while time advances.
struct EngineDriver {
    var engine: WorkoutEngine
    private(set) var now: Timestamp
    private(set) var actions: [WorkoutAction] = []
    private var nextID = 0

    init(countdown: Duration = .seconds(3), minimumSavedDuration: Duration = .zero, start: Double = 0) {
        engine = WorkoutEngine(configuration: EngineConfiguration(countdown: countdown, minimumSavedDuration: minimumSavedDuration))
        now = at(start)
    }

    @discardableResult
    mutating func perform(_ intent: WorkoutIntent) -> IntentOutcome {
        nextID += 1
        let result = engine.perform(intent, at: now, newWorkoutID: "w\(nextID)")
        actions += result.actions
        return result.outcome
    }

    mutating func advance(by seconds: Double) {
        let target = now.monotonic + .nanoseconds(Int64((seconds * 1e9).rounded()))
        while let next = engine.nextDeadline(after: now.monotonic), next <= target {
            now = now + (next - now.monotonic)
            actions += engine.tick(at: now)
        }
        now = now + (target - now.monotonic)
    }

    mutating func stopActivity() { actions += engine.stopActivity(at: now) }

    mutating func appendActions(_ more: [WorkoutAction]) { actions += more }

    var elapsed: Double { engine.snapshot(at: now).elapsed }
    var state: SessionState { engine.state }

    /// An engine whose workout is in `state`, reached through the engine's own inputs.
    static func inState(_ state: SessionState) -> EngineDriver {
        var driver = EngineDriver()
        switch state {
        case .notStarted: break
        case .prepared: driver.perform(.start(run))
        case .running: driver.perform(.start(run)); driver.advance(by: 10)
        case .paused: driver = .inState(.running); driver.perform(.pause())
        case .stopped: driver = .inState(.running); driver.stopActivity()
        case .ended: driver = .inState(.running); driver.perform(.end())
        }
        precondition(driver.state == state, "could not reach \(state), got \(driver.state)")
        return driver
    }
}
