// Exit statuses of `coach` commands: one table for the CLI, scripts and the REPL (docs/cli.md).

public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// The intent failed for another reason (`failure`, `unsupported`, a declined confirmation).
    case failure = 1
    /// The line was not understood.
    case notUnderstood = 3
    /// `failureOngoingWorkout`: a workout is already in progress.
    case ongoingWorkout = 4
    /// `failureNoMatchingWorkout`: nothing to pause, resume, end or cancel.
    case noMatchingWorkout = 5
    /// More input is needed (`needsValue`, `confirmationRequired`, `disambiguation`) and none can be asked for.
    case needsInput = 6
    /// Bad command-line usage (argument-parser's EX_USAGE).
    case usage = 64
    /// No gateway answers and none could be started (EX_UNAVAILABLE).
    case unreachable = 69
    /// Another gateway already serves this socket (EX_TEMPFAIL).
    case alreadyRunning = 75
    /// The socket's directory or its listener belongs to another user: refused (EX_NOPERM).
    case noPermission = 77

    /// The status for a result code of the protocol.
    public init(code: String) {
        switch code {
        case "success", "ready": self = .success
        case "notUnderstood": self = .notUnderstood
        case "failureOngoingWorkout": self = .ongoingWorkout
        case "failureNoMatchingWorkout": self = .noMatchingWorkout
        case "needsValue", "confirmationRequired", "disambiguation": self = .needsInput
        default: self = .failure
        }
    }
}
