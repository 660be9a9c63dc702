// Announcement: one announced change, its sentence and the workout at that moment.

import CoachCore
import CoachLanguage

/// One announced change: the notification, its sentence, and the workout at that moment.
public struct Announcement: Sendable {
    /// nil for an announcement that did not come from this gateway's manager.
    public var notification: WorkoutNotification?
    /// The kind of a relayed announcement (a link's "mirrorConnected", a peer's own event).
    public var relayedKind: String?
    public var text: String
    public var snapshot: WorkoutSnapshot
    /// The language `text` is in (a relayed announcement: English).
    public var language: Language = .en
    /// The conversation whose command caused it (WorkoutChange.origin); nil for the clock's,
    /// sensors' and relayed ones.
    public var origin: Int?

    public init(notification: WorkoutNotification, text: String, snapshot: WorkoutSnapshot, language: Language = .en,
                origin: Int? = nil) {
        self.notification = notification
        self.text = text
        self.snapshot = snapshot
        self.language = language
        self.origin = origin
        self.relayedState = nil
    }

    /// An announcement that did not come from this gateway's manager: news of a link to a peer,
    /// or an event a peer announced, passed on as it was worded.
    public init(relayed kind: String, text: String, state: SessionState, snapshot: WorkoutSnapshot) {
        self.relayedKind = kind
        self.text = text
        self.snapshot = snapshot
        self.relayedState = state
    }

    /// A link's news given as an `events:` phrase of Intents/<lang>/_responses.yaml and its values:
    /// worded in each subscriber's language by the hub (`text` is empty until then).
    public var phrase: (key: String, values: [String: String])?

    /// News of this gateway's link to a peer, worded later in each listener's language.
    public init(link kind: String, phrase key: String, values: [String: String], state: SessionState, snapshot: WorkoutSnapshot) {
        self.init(relayed: kind, text: "", state: state, snapshot: snapshot)
        phrase = (key, values)
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
        if let relayedKind { return relayedKind }
        switch notification {
        case nil: return "relayed"
        case .stateChanged: return "stateChanged"
        case .event(let event): return event.type.rawValue
        case .countdown: return "countdown"
        case .goalReached: return "goalReached"
        case .milestone: return "milestone"
        case .saved: return "saved"
        case .discarded: return "discarded"
        case .recovered: return "recovered"
        case .plan(let notice): return notice.kind
        }
    }
}
