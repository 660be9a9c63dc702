// WorkoutSession: HealthKit's workout session as a pure state machine. Every input is handed the
// time and returns a transition with the actions to perform; the session never reads a clock,
// sleeps or prints, so the same inputs always give the same outputs.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// notStarted → prepared → running ⇄ paused → stopped → ended, as `HKWorkoutSession`.
///
/// Transition edges follow HealthKit's header: pause only while running, resume only while
/// paused, stop while running (and, as Apple's samples do, while paused), end from any state but
/// notStarted/ended. A countdown runs in `prepared` and starts the activity when it reaches zero.
public struct WorkoutSession: Sendable, Hashable {
    public private(set) var state: SessionState = .notStarted
    /// When the activity started running (HealthKit sets `startDate` on entering `running`).
    public private(set) var startDate: Timestamp?
    /// When the session ended.
    public private(set) var endDate: Timestamp?
    /// When the countdown started by `prepare` reaches zero; nil when no countdown runs.
    public private(set) var countdownDeadline: MonotonicInstant?
    /// Events in the order they happened. Duplicate pauses and resumes never appear.
    public private(set) var events: [WorkoutEvent] = []

    public init() {}

    /// Whole seconds left on the countdown at `now` (3, 2, 1), or nil when none runs.
    public func countdownRemaining(at now: MonotonicInstant) -> Int? {
        guard state == .prepared, let deadline = countdownDeadline else { return nil }
        let left = deadline - now
        guard left > .zero else { return 0 }
        return Int((left.seconds).rounded(.up))
    }

    public var lapCount: Int { events.count { $0.type == .lap } }

    /// Paused by auto-pause (motionPaused) rather than by the user.
    public private(set) var pausedByMotion = false

    // MARK: - Inputs

    /// Enters session mode and starts a countdown of `countdown` (zero starts the activity at once).
    public mutating func prepare(at now: Timestamp, countdown: Duration) -> SessionTransition {
        guard state == .notStarted else { return .rejected(SessionError(input: "prepare", state: state)) }
        state = .prepared
        var actions: [SessionAction] = [.changeState(from: .notStarted, to: .prepared, at: now)]
        if countdown <= .zero {
            actions += startActivityActions(at: now)
            return .applied(actions)
        }
        let deadline = now.monotonic + countdown
        countdownDeadline = deadline
        actions += [.publish, .scheduleTick(at: Self.nextCountdownTick(after: now.monotonic, deadline: deadline))]
        return .applied(actions)
    }

    /// Advances the countdown. When the deadline has passed, the activity starts at the deadline
    /// itself (not at `now`), so a late tick does not shorten or lengthen the workout.
    public mutating func tick(at now: Timestamp) -> SessionTransition {
        guard state == .prepared, let deadline = countdownDeadline else { return .ignored(.nothingDue) }
        if now.monotonic >= deadline {
            let startedAt = Timestamp(
                monotonic: deadline,
                date: now.date.addingTimeInterval(-(now.monotonic - deadline).seconds)
            )
            return .applied(startActivityActions(at: startedAt))
        }
        return .applied([.publish, .scheduleTick(at: Self.nextCountdownTick(after: now.monotonic, deadline: deadline))])
    }

    /// Starts the activity now, skipping whatever is left of a countdown.
    public mutating func startActivity(at now: Timestamp) -> SessionTransition {
        guard state == .notStarted || state == .prepared else {
            return .rejected(SessionError(input: "startActivity", state: state))
        }
        if state == .notStarted {
            state = .prepared
            return .applied([.changeState(from: .notStarted, to: .prepared, at: now)] + startActivityActions(at: now))
        }
        return .applied(startActivityActions(at: now))
    }

    public mutating func pause(at now: Timestamp) -> SessionTransition {
        switch state {
        case .paused where pausedByMotion:
            // The user pauses a workout auto-pause had paused: the pause becomes theirs (no second
            // pause event, as HealthKit ignores a pause while inactive), so movement will not resume it.
            pausedByMotion = false
            return .applied([.publish])
        case .running:
            state = .paused
            let event = WorkoutEvent(type: .pause, at: now)
            events.append(event)
            return .applied([.changeState(from: .running, to: .paused, at: now), .emit(event), .publish])
        case .paused:
            return .ignored(.alreadyPaused)
        case .notStarted, .prepared, .stopped, .ended:
            return .rejected(SessionError(input: "pause", state: state))
        }
    }

    public mutating func resume(at now: Timestamp) -> SessionTransition {
        switch state {
        case .paused:
            state = .running
            pausedByMotion = false
            let event = WorkoutEvent(type: .resume, at: now)
            events.append(event)
            return .applied([.changeState(from: .paused, to: .running, at: now), .emit(event), .publish])
        case .running:
            return .ignored(.alreadyRunning)
        case .notStarted, .prepared, .stopped, .ended:
            return .rejected(SessionError(input: "resume", state: state))
        }
    }

    /// Auto-pause found the workout standing still (HealthKit's motionPaused event).
    public mutating func motionPause(at now: Timestamp) -> SessionTransition {
        switch state {
        case .running:
            state = .paused
            pausedByMotion = true
            let event = WorkoutEvent(type: .motionPaused, at: now)
            events.append(event)
            return .applied([.changeState(from: .running, to: .paused, at: now), .emit(event), .publish])
        case .paused:
            return .ignored(.alreadyPaused)
        case .notStarted, .prepared, .stopped, .ended:
            return .rejected(SessionError(input: "motionPause", state: state))
        }
    }

    /// Auto-pause found the workout moving again (motionResumed). It never resumes a pause the user made.
    public mutating func motionResume(at now: Timestamp) -> SessionTransition {
        switch state {
        case .paused where pausedByMotion:
            state = .running
            pausedByMotion = false
            let event = WorkoutEvent(type: .motionResumed, at: now)
            events.append(event)
            return .applied([.changeState(from: .paused, to: .running, at: now), .emit(event), .publish])
        case .paused:
            return .ignored(.pausedByUser)
        case .running:
            return .ignored(.alreadyRunning)
        case .notStarted, .prepared, .stopped, .ended:
            return .rejected(SessionError(input: "motionResume", state: state))
        }
    }

    /// Marks a lap. The lap spans from the previous lap (or the start) to now, as HealthKit's lap
    /// events may have a duration; `metadata["lap"]` numbers it from 1.
    public mutating func lap(at now: Timestamp) -> SessionTransition {
        guard state == .running || state == .paused, let start = startDate else {
            return .rejected(SessionError(input: "lap", state: state))
        }
        let previous = events.last { $0.type == .lap }.map(\.at.monotonic)
        let from = previous ?? start.monotonic
        let event = WorkoutEvent(type: .lap, at: now, duration: now.monotonic - from,
                                 metadata: ["lap": String(lapCount + 1)])
        events.append(event)
        return .applied([.emit(event), .publish])
    }

    /// Records a point of interest.
    public mutating func marker(at now: Timestamp, name: String? = nil) -> SessionTransition {
        guard state == .running || state == .paused else {
            return .rejected(SessionError(input: "marker", state: state))
        }
        let event = WorkoutEvent(type: .marker, at: now, metadata: name.map { ["name": $0] } ?? [:])
        events.append(event)
        return .applied([.emit(event), .publish])
    }

    /// Stops the activity: no more data, but the session stays until `end`.
    public mutating func stopActivity(at now: Timestamp) -> SessionTransition {
        guard state == .running || state == .paused else {
            return .rejected(SessionError(input: "stopActivity", state: state))
        }
        let from = state
        state = .stopped
        pausedByMotion = false
        return .applied([.changeState(from: from, to: .stopped, at: now), .publish])
    }

    /// Ends the session. It cannot be reused: a new workout needs a new session.
    public mutating func end(at now: Timestamp) -> SessionTransition {
        guard state.isOngoing else { return .rejected(SessionError(input: "end", state: state)) }
        let from = state
        var actions: [SessionAction] = []
        if countdownDeadline != nil { actions.append(.cancelTick) }
        countdownDeadline = nil
        state = .ended
        pausedByMotion = false
        endDate = now
        actions += [.changeState(from: from, to: .ended, at: now), .publish]
        return .applied(actions)
    }

    // MARK: - Helpers

    private mutating func startActivityActions(at now: Timestamp) -> [SessionAction] {
        let hadCountdown = countdownDeadline != nil
        countdownDeadline = nil
        state = .running
        startDate = now
        return (hadCountdown ? [.cancelTick] : []) + [.changeState(from: .prepared, to: .running, at: now), .publish]
    }

    /// Countdown ticks fall on whole seconds before the deadline (3, 2, 1, go), so the display
    /// changes exactly when the number does.
    static func nextCountdownTick(after now: MonotonicInstant, deadline: MonotonicInstant) -> MonotonicInstant {
        let left = deadline - now
        let wholeSecondsLeft = Int64((left.seconds).rounded(.up)) - 1
        let next = deadline - .seconds(max(wholeSecondsLeft, 0))
        return next > now ? next : deadline
    }
}
