// What a session transition asks its owner to do. The session decides; the owner performs.

/// An effect of a session transition, performed by the I/O side in order.
public enum SessionAction: Sendable, Hashable {
    /// The session moved between states at the given moment.
    case changeState(from: SessionState, to: SessionState, at: Timestamp)
    /// A workout event to record and announce.
    case emit(WorkoutEvent)
    /// Call `tick(at:)` again at this monotonic instant (countdown seconds, the end of the countdown).
    case scheduleTick(at: MonotonicInstant)
    /// Nothing is scheduled any more.
    case cancelTick
    /// Publish a fresh status (countdown second, state) to the feed.
    case publish
}

/// The outcome of one input to the session.
public enum SessionTransition: Sendable, Hashable {
    /// The input was applied; perform these actions in order.
    case applied([SessionAction])
    /// The input changed nothing and is not an error (a duplicate pause or resume, a tick with
    /// nothing due). Per HealthKit, such events are ignored rather than recorded.
    case ignored(SessionIgnoredReason)
    /// The input is illegal in the current state.
    case rejected(SessionError)

    public var actions: [SessionAction] {
        if case .applied(let actions) = self { return actions }
        return []
    }
}

public enum SessionIgnoredReason: String, Sendable, Hashable {
    case alreadyPaused, alreadyRunning, nothingDue
    /// Auto-pause does not resume a pause the user made.
    case pausedByUser
}

/// Why a session refused an input: the state it was in and what the input needs.
public struct SessionError: Error, Sendable, Hashable {
    public var input: String
    public var state: SessionState

    public init(input: String, state: SessionState) {
        self.input = input
        self.state = state
    }
}
