// One rendering's worth of Live Activity: the attributes, the content state and the lifecycle
// state, as every presentation and format takes it.

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// What the feed shows at one moment. `attributes == nil` is the idle feed (no activity).
public struct LiveActivityContent: Sendable, Hashable, Codable {
    public var attributes: LiveActivityAttributes?
    public var state: LiveActivityContentState
    public var activityState: ActivityState
    /// When the content goes stale if no new sample arrives (ActivityKit's `staleDate`).
    public var staleDate: Date?

    public init(attributes: LiveActivityAttributes?, state: LiveActivityContentState,
                activityState: ActivityState, staleDate: Date? = nil) {
        self.attributes = attributes
        self.state = state
        self.activityState = activityState
        self.staleDate = staleDate
    }

    /// Nothing to show: no workout, or the ended one was dismissed.
    public static func idle(locked: Bool = false) -> LiveActivityContent {
        LiveActivityContent(attributes: nil, state: LiveActivityContentState(phase: .idle, laps: nil, isLocked: locked),
                            activityState: .dismissed)
    }

    /// The state class bars style by: `locked` and `stale` win over the phase (idle stays idle).
    public var styleClass: String {
        if state.notice != nil { return "unreachable" }
        if state.phase == .idle { return FeedPhase.idle.rawValue }
        if state.isLocked { return "locked" }
        if state.isStale { return "stale" }
        return state.phase.rawValue
    }
}
