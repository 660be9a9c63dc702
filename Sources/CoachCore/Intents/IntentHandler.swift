// Resolve and confirm, SiriKit's first two phases, as pure functions of the intent and the state
// of the ongoing workout. Handle, the third, changes the workout and lives in WorkoutEngine.

import CoachWire

/// What the handler knows about the workout when it resolves and confirms.
public struct IntentContext: Sendable, Hashable {
    public var state: SessionState
    public var activity: ActivityType?
    /// Paused by auto-pause: the user may still pause it, which makes the pause theirs.
    public var autoPaused: Bool
    /// A plan runs and has a step left (SkipStep, StepStatus apply).
    public var planStepLeft: Bool

    public init(state: SessionState, activity: ActivityType?, autoPaused: Bool = false, planStepLeft: Bool = false) {
        self.planStepLeft = planStepLeft
        self.state = state
        self.activity = activity
        self.autoPaused = autoPaused
    }
}

/// Where the pipeline stopped: a code and what the channel needs to ask or say next.
public struct IntentStop: Error, Sendable, Hashable {
    public var phase: IntentPhase
    public var code: IntentCode
    /// The parameter that needs the user ("activity", "goal", "confirmation").
    public var parameter: String?
    /// Candidates to offer (activity names for "Which workout?").
    public var options: [String]
    public var reason: String?

    public init(phase: IntentPhase, code: IntentCode, parameter: String? = nil, options: [String] = [], reason: String? = nil) {
        self.phase = phase
        self.code = code
        self.parameter = parameter
        self.options = options
        self.reason = reason
    }
}

public enum IntentPhase: String, Sendable, Hashable, Codable {
    case resolve, confirm, handle
}

/// Resolve → confirm, per SiriKit. Stateless; the engine calls it before handling.
public struct IntentHandler: Sendable {
    public init() {}

    // MARK: - Resolve

    /// Resolves every parameter of the intent. Returns the intent with its parameters settled, or
    /// the first parameter that needs the user.
    public func resolve(_ intent: WorkoutIntent, in context: IntentContext) -> Result<WorkoutIntent, IntentStop> {
        guard case .start(var start) = intent else { return .success(intent) }

        switch resolveActivity(start.activity, in: context) {
        case .success(let activity): start.activity = activity
        case .notRequired: break
        case .needsValue:
            return .failure(IntentStop(phase: .resolve, code: .needsValue, parameter: "activity",
                                       options: ActivityType.suggestions.map(\.rawValue)))
        case .unsupported(let reason):
            return .failure(IntentStop(phase: .resolve, code: .unsupported, parameter: "activity", reason: reason))
        case .disambiguation(let candidates):
            return .failure(IntentStop(phase: .resolve, code: .disambiguation, parameter: "activity",
                                       options: candidates.map(\.rawValue)))
        case .confirmationRequired(let activity):
            return .failure(IntentStop(phase: .resolve, code: .confirmationRequired, parameter: "activity",
                                       options: [activity.rawValue]))
        }

        switch resolveGoal(start.goal, isOpenEnded: start.isOpenEnded) {
        case .success(let goal): start.goal = goal
        case .unsupported(let reason):
            return .failure(IntentStop(phase: .resolve, code: .unsupported, parameter: "goal", reason: reason))
        default: start.goal = .open
        }

        if case .success(let location) = resolveLocation(start.location) {
            start.location = location
        } else {
            start.location = .unknown
        }
        return .success(.start(start))
    }

    /// A start without an activity asks "Which workout?" — unless a workout is already ongoing:
    /// the start will fail in confirm, and asking first would waste the user's answer.
    public func resolveActivity(_ activity: ActivityType?, in context: IntentContext) -> ResolutionResult<ActivityType> {
        if let activity {
            if activity.isDeprecated {
                return .unsupported(reason: "\(activity.rawValue) is no longer a HealthKit workout type")
            }
            return .success(activity)
        }
        return context.state.isOngoing ? .notRequired : .needsValue
    }

    /// A goal must be positive and plausible, and cannot be combined with "open-ended".
    public func resolveGoal(_ goal: WorkoutGoal?, isOpenEnded: Bool?) -> ResolutionResult<WorkoutGoal> {
        guard let goal, goal != .open else { return isOpenEnded == true ? .success(.open) : .notRequired }
        if isOpenEnded == true {
            return .unsupported(reason: "a goal and an open-ended workout cannot be combined")
        }
        guard goal.isWithinLimits else {
            return .unsupported(reason: "a \(goal.type) goal of \(goal.value ?? 0) is out of range")
        }
        return .success(goal)
    }

    /// The place the user said is kept for every activity, as HealthKit's workout configuration
    /// keeps `locationType` for any activity type: "outdoor yoga" is saved as outdoor. Where it
    /// changes what is measured (`ActivityType.distinguishesLocation`) is for the presentations and
    /// the metrics to decide, not for resolving; unsaid, it is not required (SiriKit's `.unknown`).
    public func resolveLocation(_ location: LocationType?) -> ResolutionResult<LocationType> {
        guard let location, location != .unknown else { return .notRequired }
        return .success(location)
    }

    // MARK: - Confirm

    /// Checks the intent against the workout's state: `ready`, or the failure SiriKit names.
    /// Cancel discards data, so an unconfirmed cancel stops here with `confirmationRequired`.
    public func confirm(_ intent: WorkoutIntent, in context: IntentContext) -> IntentStop? {
        let state = context.state
        func noMatch(_ reason: String) -> IntentStop {
            IntentStop(phase: .confirm, code: .failureNoMatchingWorkout, reason: reason)
        }
        func mismatched(_ named: ActivityType?) -> IntentStop? {
            guard let named, let current = context.activity, named != current, state.isOngoing else { return nil }
            return noMatch("the ongoing workout is \(current.rawValue), not \(named.rawValue)")
        }

        switch intent {
        case .start:
            return state.isOngoing
                ? IntentStop(phase: .confirm, code: .failureOngoingWorkout, reason: "a workout is already \(state.rawValue)")
                : nil
        case .pause(let named):
            if let stop = mismatched(named) { return stop }
            if state == .paused && !context.autoPaused { return noMatch("the workout is already paused") }
            return state == .running || (state == .paused && context.autoPaused)
                ? nil : noMatch("no running workout to pause (state: \(state.rawValue))")
        case .resume(let named):
            if let stop = mismatched(named) { return stop }
            if state == .running { return noMatch("the workout is already running") }
            return state == .paused ? nil : noMatch("no paused workout to resume (state: \(state.rawValue))")
        case .end(let named, _):
            if let stop = mismatched(named) { return stop }
            return state.isOngoing ? nil : noMatch("no workout to end")
        case .cancel(let named, let confirmed):
            if let stop = mismatched(named) { return stop }
            guard state.isOngoing else { return noMatch("no workout to cancel") }
            return confirmed ? nil : IntentStop(phase: .confirm, code: .confirmationRequired, parameter: "confirmation")
        case .lap:
            return state == .running || state == .paused ? nil : noMatch("no running workout to mark a lap in")
        case .status:
            return nil
        case .skipStep:
            return context.planStepLeft ? nil : noMatch("no plan step to skip")
        case .stepStatus:
            return context.planStepLeft ? nil : noMatch("no plan is running")
        }
    }
}
