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
    /// Where the session is, with what only that state has (postgres-nio's pattern): a countdown's
    /// deadline exists only while prepared, a start date from running on, an end date once ended,
    /// and "paused by motion" only while paused. No field can disagree with the state.
    enum Phase: Sendable, Hashable {
        case notStarted
        /// `countdownDeadline`: when the countdown reaches zero (nil: the activity starts at once).
        case prepared(countdownDeadline: MonotonicInstant?)
        case running(started: Timestamp)
        /// `byMotion`: paused by auto-pause (motionPaused) rather than by the user.
        case paused(started: Timestamp, byMotion: Bool)
        case stopped(started: Timestamp)
        /// `started` is nil for a session ended during its countdown.
        case ended(started: Timestamp?, ended: Timestamp)
    }

    private(set) var phase: Phase = .notStarted
    /// Events in the order they happened. Duplicate pauses and resumes never appear.
    public private(set) var events: [WorkoutEvent] = []

    public init() {}

    public var state: SessionState {
        switch phase {
        case .notStarted: return .notStarted
        case .prepared: return .prepared
        case .running: return .running
        case .paused: return .paused
        case .stopped: return .stopped
        case .ended: return .ended
        }
    }

    /// When the activity started running (HealthKit sets `startDate` on entering `running`).
    public var startDate: Timestamp? {
        switch phase {
        case .notStarted, .prepared: return nil
        case .running(let started), .paused(let started, _), .stopped(let started): return started
        case .ended(let started, _): return started
        }
    }

    /// When the session ended.
    public var endDate: Timestamp? {
        guard case .ended(_, let ended) = phase else { return nil }
        return ended
    }

    /// When the countdown started by `prepare` reaches zero; nil when no countdown runs.
    public var countdownDeadline: MonotonicInstant? {
        guard case .prepared(let deadline) = phase else { return nil }
        return deadline
    }

    /// Paused by auto-pause (motionPaused) rather than by the user.
    public var pausedByMotion: Bool {
        guard case .paused(_, let byMotion) = phase else { return false }
        return byMotion
    }

    /// Whole seconds left on the countdown at `now` (3, 2, 1), or nil when none runs.
    public func countdownRemaining(at now: MonotonicInstant) -> Int? {
        guard let deadline = countdownDeadline else { return nil }
        let left = deadline - now
        guard left > .zero else { return 0 }
        return Int((left.seconds).rounded(.up))
    }

    public var lapCount: Int { events.count { $0.type == .lap } }

    // MARK: - Inputs

    /// Enters session mode and starts a countdown of `countdown` (zero starts the activity at once).
    public mutating func prepare(at now: Timestamp, countdown: Duration) -> SessionTransition {
        guard case .notStarted = phase else { return .rejected(SessionError(input: "prepare", state: state)) }
        var actions: [SessionAction] = [.changeState(from: .notStarted, to: .prepared, at: now)]
        if countdown <= .zero {
            phase = .prepared(countdownDeadline: nil)
            actions += startActivityActions(at: now)
            return .applied(actions)
        }
        let deadline = now.monotonic + countdown
        phase = .prepared(countdownDeadline: deadline)
        actions += [.publish, .scheduleTick(at: Self.nextCountdownTick(after: now.monotonic, deadline: deadline))]
        return .applied(actions)
    }

    /// Advances the countdown. When the deadline has passed, the activity starts at the deadline
    /// itself (not at `now`), so a late tick does not shorten or lengthen the workout.
    public mutating func tick(at now: Timestamp) -> SessionTransition {
        guard case .prepared(let deadline?) = phase else { return .ignored(.nothingDue) }
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
        switch phase {
        case .notStarted:
            phase = .prepared(countdownDeadline: nil)
            return .applied([.changeState(from: .notStarted, to: .prepared, at: now)] + startActivityActions(at: now))
        case .prepared:
            return .applied(startActivityActions(at: now))
        case .running, .paused, .stopped, .ended:
            return .rejected(SessionError(input: "startActivity", state: state))
        }
    }

    public mutating func pause(at now: Timestamp) -> SessionTransition {
        switch phase {
        case .paused(let started, byMotion: true):
            // The user pauses a workout auto-pause had paused: the pause becomes theirs (no second
            // pause event, as HealthKit ignores a pause while inactive), so movement will not resume it.
            phase = .paused(started: started, byMotion: false)
            return .applied([.publish])
        case .running(let started):
            phase = .paused(started: started, byMotion: false)
            return .applied(record(WorkoutEvent(type: .pause, at: now), from: .running, to: .paused))
        case .paused:
            return .ignored(.alreadyPaused)
        case .notStarted, .prepared, .stopped, .ended:
            return .rejected(SessionError(input: "pause", state: state))
        }
    }

    public mutating func resume(at now: Timestamp) -> SessionTransition {
        switch phase {
        case .paused(let started, _):
            phase = .running(started: started)
            return .applied(record(WorkoutEvent(type: .resume, at: now), from: .paused, to: .running))
        case .running:
            return .ignored(.alreadyRunning)
        case .notStarted, .prepared, .stopped, .ended:
            return .rejected(SessionError(input: "resume", state: state))
        }
    }

    /// Auto-pause found the workout standing still (HealthKit's motionPaused event).
    public mutating func motionPause(at now: Timestamp) -> SessionTransition {
        switch phase {
        case .running(let started):
            phase = .paused(started: started, byMotion: true)
            return .applied(record(WorkoutEvent(type: .motionPaused, at: now), from: .running, to: .paused))
        case .paused:
            return .ignored(.alreadyPaused)
        case .notStarted, .prepared, .stopped, .ended:
            return .rejected(SessionError(input: "motionPause", state: state))
        }
    }

    /// Auto-pause found the workout moving again (motionResumed). It never resumes a pause the user made.
    public mutating func motionResume(at now: Timestamp) -> SessionTransition {
        switch phase {
        case .paused(let started, byMotion: true):
            phase = .running(started: started)
            return .applied(record(WorkoutEvent(type: .motionResumed, at: now), from: .paused, to: .running))
        case .paused(_, byMotion: false):
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
        switch phase {
        case .running(let started), .paused(let started, _):
            let previous = events.last { $0.type == .lap }.map(\.at.monotonic)
            let from = previous ?? started.monotonic
            let event = WorkoutEvent(type: .lap, at: now, duration: now.monotonic - from,
                                     metadata: ["lap": String(lapCount + 1)])
            events.append(event)
            return .applied([.emit(event), .publish])
        case .notStarted, .prepared, .stopped, .ended:
            return .rejected(SessionError(input: "lap", state: state))
        }
    }

    /// Records a point of interest.
    public mutating func marker(at now: Timestamp, name: String? = nil) -> SessionTransition {
        switch phase {
        case .running, .paused:
            let event = WorkoutEvent(type: .marker, at: now, metadata: name.map { ["name": $0] } ?? [:])
            events.append(event)
            return .applied([.emit(event), .publish])
        case .notStarted, .prepared, .stopped, .ended:
            return .rejected(SessionError(input: "marker", state: state))
        }
    }

    /// Records a finished span of the workout (a plan's step, StepSegments). Not
    /// announced: the step change was.
    mutating func segment(from start: Timestamp, to end: Timestamp, metadata: [String: String]) {
        events.append(WorkoutEvent(type: .segment, at: start, duration: end.monotonic - start.monotonic, metadata: metadata))
    }

    /// Stops the activity: no more data, but the session stays until `end`.
    public mutating func stopActivity(at now: Timestamp) -> SessionTransition {
        switch phase {
        case .running(let started), .paused(let started, _):
            let from = state
            phase = .stopped(started: started)
            return .applied([.changeState(from: from, to: .stopped, at: now), .publish])
        case .notStarted, .prepared, .stopped, .ended:
            return .rejected(SessionError(input: "stopActivity", state: state))
        }
    }

    /// Ends the session. It cannot be reused: a new workout needs a new session.
    public mutating func end(at now: Timestamp) -> SessionTransition {
        let from = state
        var actions: [SessionAction] = []
        switch phase {
        case .prepared(let deadline):
            if deadline != nil { actions.append(.cancelTick) }
        case .running, .paused, .stopped:
            break
        case .notStarted, .ended:
            return .rejected(SessionError(input: "end", state: state))
        }
        phase = .ended(started: startDate, ended: now)
        actions += [.changeState(from: from, to: .ended, at: now), .publish]
        return .applied(actions)
    }

    // MARK: - Helpers

    /// From prepared to running (callers have checked the phase is `prepared`).
    private mutating func startActivityActions(at now: Timestamp) -> [SessionAction] {
        let hadCountdown = countdownDeadline != nil
        phase = .running(started: now)
        return (hadCountdown ? [.cancelTick] : []) + [.changeState(from: .prepared, to: .running, at: now), .publish]
    }

    /// Appends a pause or resume event and returns the transition's actions.
    private mutating func record(_ event: WorkoutEvent, from: SessionState, to: SessionState) -> [SessionAction] {
        events.append(event)
        return [.changeState(from: from, to: to, at: event.at), .emit(event), .publish]
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
