// IntentOutcome: how an intent ended — the phase it reached, the SiriKit code, what the channel
// must ask next, and the workout as it stands afterwards.

/// The answer to one intent, from which every channel builds its reply.
public struct IntentOutcome: Sendable, Hashable {
    public var intent: IntentKind
    public var phase: IntentPhase
    public var code: IntentCode
    /// The parameter the user must supply or confirm ("activity", "confirmation").
    public var parameter: String?
    /// Candidates to offer the user.
    public var options: [String]
    /// Why it failed or is unsupported, in plain words for logs and JSON.
    public var reason: String?
    /// The intent as resolved (defaults filled in); nil when resolution stopped.
    public var resolved: WorkoutIntent?
    /// For an end: why the workout was not saved (too short), if it was not.
    public var discardReason: DiscardReason?
    /// The workout after the intent.
    public var snapshot: WorkoutSnapshot
    /// Set when the change was applied in memory but could not be made durable (see WorkoutManager).
    public var journalProblem: JournalProblem?

    public init(intent: IntentKind, phase: IntentPhase, code: IntentCode, parameter: String? = nil,
                options: [String] = [], reason: String? = nil, resolved: WorkoutIntent? = nil,
                discardReason: DiscardReason? = nil, snapshot: WorkoutSnapshot) {
        self.intent = intent
        self.phase = phase
        self.code = code
        self.parameter = parameter
        self.options = options
        self.reason = reason
        self.resolved = resolved
        self.discardReason = discardReason
        self.snapshot = snapshot
    }
}

/// An outcome and the effects the manager must perform for it.
public struct EngineResult: Sendable, Hashable {
    public var outcome: IntentOutcome
    public var actions: [WorkoutAction]
}
