// ListenStateFollower: `coach listen` keeps its grammar on what can apply now (#29). A second
// connection subscribes to the gateway's status notifications (every change, whoever caused it:
// the countdown ending, another client's pause) on a thread of its own; the replies to this
// listener's own `say` add the questions it was asked. ListeningFocus decides; this is the I/O.

import ArgumentParser
import CoachGateway
import CoachVoice
import CoachWire
import Foundation
import Synchronization

final class ListenStateFollower: Sendable {
    private let state: Mutex<ListeningFocus>

    /// The focus now (any thread).
    var focus: ListeningFocus { state.withLock { $0 } }

    /// Starts from the gateway's state now (`status` on `client`) and follows it on a connection
    /// of its own; without one (the gateway refused), the state only moves with the replies.
    init(client: GatewayClient, options: GatewayOptions) {
        var focus = ListeningFocus()
        if let now = try? client.call("status"), let s = (try? IntentResult(json: now))?.state { focus.gatewayState(s) }
        state = Mutex(focus)
        guard let watcher = try? GatewayLauncher.connect(location: options.location, autostart: false,
                                                         executable: OneShot.executablePath, extraArguments: []),
              (try? watcher.call("subscribe", ["events": false, "status": true])) != nil else { return }
        let thread = Thread { [self] in
            while let params = try? watcher.nextNotification("status") {
                if let s = (try? WireWorkout(json: params))?.state { state.withLock { $0.gatewayState(s) } }
            }
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// The reply to a `say` this listener sent for the utterance ending at `end` (s).
    func replied(_ result: JSONValue, at end: Double) {
        let reply = try? IntentResult(json: result)
        state.withLock { $0.replied(code: reply?.code, state: reply?.state, at: end) }
    }
}
extension StateMode: ExpressibleByArgument {}
