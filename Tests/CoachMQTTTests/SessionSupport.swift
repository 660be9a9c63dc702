// Shared by the MQTTSession suites (a Home Assistant bridge and a class rider): what a list of
// actions publishes, and a session brought up to its first connection with a state to send.

import CoachCore
import CoachMQTT

/// The messages among `actions`, in order.
func published(_ actions: [MQTTSession.Action]) -> [MQTTMessage] {
    actions.compactMap { if case .publish(let message) = $0 { return message } else { return nil } }
}

extension MQTTSession {
    /// Starts at 0, is told `state` at `stateAt` while still unconnected, then connects at
    /// `connectAt`: returns what that connection does.
    mutating func startThenConnect(holding state: HomeAssistantState, stateAt: MonotonicInstant,
                                   connectAt: MonotonicInstant) -> [Action] {
        _ = start(at: MonotonicInstant(nanoseconds: 0))
        _ = stateChanged(state, at: stateAt)
        return connected(at: connectAt)
    }
}
