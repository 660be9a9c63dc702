// Announcement: one announced change, its sentence and the workout at that moment.

import CoachCore
import CoachLanguage

/// One announced change: the notification, its sentence, and the workout at that moment.
public struct Announcement: Sendable {
    /// nil for an announcement of the mirroring link or one relayed from a primary.
    public var notification: WorkoutNotification?
    /// The kind of a link or relayed announcement ("mirrorConnected", or the primary's event).
    public var linkEvent: String?
    public var text: String
    public var snapshot: WorkoutSnapshot
    /// The language `text` is in (a link's or relayed announcement: English).
    public var language: Language = .en

    public init(notification: WorkoutNotification, text: String, snapshot: WorkoutSnapshot, language: Language = .en) {
        self.notification = notification
        self.text = text
        self.snapshot = snapshot
        self.language = language
        self.relayedState = nil
    }

    /// An announcement of the mirroring link, or an event relayed from the primary.
    public init(linkEvent: String, text: String, state: SessionState, snapshot: WorkoutSnapshot) {
        self.linkEvent = linkEvent
        self.text = text
        self.snapshot = snapshot
        self.relayedState = state
    }

    private var relayedState: SessionState?

    /// The state the change is about: the new state of a transition, else the current one.
    public var state: SessionState {
        if let relayedState { return relayedState }
        if case .stateChanged(_, let to, _)? = notification { return to }
        return snapshot.state
    }

    /// The kind of change, for the protocol's `event` field.
    public var kind: String {
        if let linkEvent { return linkEvent }
        switch notification {
        case nil: return "mirror"
        case .stateChanged: return "stateChanged"
        case .event(let event): return event.type.rawValue
        case .countdown: return "countdown"
        case .goalReached: return "goalReached"
        case .milestone: return "milestone"
        case .saved: return "saved"
        case .discarded: return "discarded"
        case .recovered: return "recovered"
        }
    }
}
