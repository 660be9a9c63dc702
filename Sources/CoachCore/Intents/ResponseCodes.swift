// SiriKit's response codes, with Apple's names and raw values, and the resolution results of the
// resolve phase. `IntentCode` is the single vocabulary the protocol and the channels speak.

/// `INStartWorkoutIntentResponseCode`.
public enum StartWorkoutResponseCode: Int, Sendable, Hashable, CaseIterable {
    case unspecified = 0, ready, continueInApp, failure, failureRequiringAppLaunch, failureOngoingWorkout,
        failureNoMatchingWorkout, handleInApp, success
}

/// The shared layout of `INPauseWorkoutIntentResponseCode`, `INResumeWorkoutIntentResponseCode`,
/// `INEndWorkoutIntentResponseCode` and `INCancelWorkoutIntentResponseCode`: no failureOngoingWorkout.
public enum WorkoutControlResponseCode: Int, Sendable, Hashable, CaseIterable {
    case unspecified = 0, ready, continueInApp, failure, failureRequiringAppLaunch, failureNoMatchingWorkout,
        handleInApp, success
}

/// Every code an intent can end with, by SiriKit's name: response codes from confirm and handle,
/// and the resolution results of resolve that need the user (`needsValue`, `confirmationRequired`…).
public enum IntentCode: String, Sendable, Hashable, Codable, CaseIterable {
    // Response codes.
    case success, ready, failure, failureRequiringAppLaunch, failureOngoingWorkout, failureNoMatchingWorkout
    // Resolution results that stop the pipeline and go back to the user.
    case needsValue, disambiguation, confirmationRequired, unsupported

    /// Whether the intent was carried out (or, for `ready`, could be).
    public var isSuccess: Bool { self == .success || self == .ready }

    /// The raw value of this code in the intent's own SiriKit enum, when it has one.
    public func siriKitRawValue(for kind: IntentKind) -> Int? {
        switch kind {
        case .startWorkout, .startPlannedWorkout:
            return StartWorkoutResponseCode.allCases.first { "\($0)" == rawValue }?.rawValue
        case .pauseWorkout, .resumeWorkout, .endWorkout, .cancelWorkout:
            return WorkoutControlResponseCode.allCases.first { "\($0)" == rawValue }?.rawValue
        case .workoutStatus, .markLap, .skipStep, .stepStatus:
            return nil
        }
    }
}

/// `INIntentResolutionResult`: the outcome of resolving one parameter.
public enum ResolutionResult<Value: Sendable & Hashable>: Sendable, Hashable {
    /// Use this value.
    case success(Value)
    /// The parameter does not apply here.
    case notRequired
    /// The user gave no value and one is required: ask.
    case needsValue
    /// Several candidates: ask which.
    case disambiguation([Value])
    /// One candidate, not certain: ask to confirm.
    case confirmationRequired(Value)
    /// The value is invalid or conflicts with another parameter: say so.
    case unsupported(reason: String)
}
