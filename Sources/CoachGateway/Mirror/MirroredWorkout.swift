// MirroredWorkout: a mirror's WorkoutSource. Commands and samples go to the primary through the
// MirrorLink; what the gateway shows is the MirroredView the link writes into. The link knows only
// the view and the view only what it is handed at its making (this gateway's clock and own
// workout, where announcements and notices go), so nothing here reaches back into the gateway.

import CoachCore
import CoachLanguage
import CoachWire
import Synchronization

/// What a mirror shows of its primary: the primary's last snapshot (moved on by this gateway's
/// clock while it runs), why the primary cannot be reached while it cannot, and the link's news.
final class MirroredView: Sendable {
    private let local: LocalWorkout
    private let clock: any WorkoutClock
    private let shown = Mutex<WorkoutSnapshot?>(nil)
    private let unreachable = Mutex<String?>(nil)
    private let published = FanOut<WorkoutSnapshot>()
    private let relay: @Sendable (Announcement) -> Void
    private let notice: @Sendable (String?) async -> Void

    /// `relay` takes an announcement to every announcement subscriber; `notice` puts a line on the
    /// displays instead of any workout (nil clears it).
    init(local: LocalWorkout, clock: any WorkoutClock, relay: @escaping @Sendable (Announcement) -> Void,
         notice: @escaping @Sendable (String?) async -> Void) {
        self.local = local
        self.clock = clock
        self.relay = relay
        self.notice = notice
    }

    var now: Timestamp { clock.now() }

    /// The primary's workout as of now; this gateway's own (idle) one while none is heard.
    func currentStatus() -> WorkoutSnapshot {
        shown.withLock { $0 }?.advanced(to: clock.now(), countdownDeadline: nil) ?? local.currentStatus()
    }

    func snapshots() -> AsyncStream<WorkoutSnapshot> {
        published.subscribe(buffering: .bufferingNewest(1), initial: currentStatus())
    }

    /// Shows the primary's workout as of now (its elapsed time runs on from here while it runs);
    /// nil: none, so nothing frozen stays on display while the link is down.
    func show(_ snapshot: WorkoutSnapshot?) {
        let now = clock.now()
        shown.withLock { $0 = snapshot.map { var copy = $0; copy.at = now; return copy } }
        published.yield(currentStatus())
    }

    /// Why the primary cannot be reached, said instead of a status (nil: it can).
    var unreachableReason: String? { unreachable.withLock { $0 } }

    func setUnreachable(_ reason: String?) { unreachable.withLock { $0 = reason } }

    func showNotice(_ text: String?) async { await notice(text) }

    /// One of the link's announcements, or an event of the primary's, said as this gateway's.
    func announce(_ kind: String, _ text: String, state: SessionState? = nil) {
        let snapshot = currentStatus()
        relay(Announcement(relayed: kind, text: text, state: state ?? snapshot.state, snapshot: snapshot))
    }

    /// The link's own news: an `events:` phrase (Intents/<lang>/_responses.yaml), worded in each
    /// listener's language.
    func announce(_ kind: String, phrase key: String, _ values: [String: String]) {
        let snapshot = currentStatus()
        relay(Announcement(link: kind, phrase: key, values: values, state: snapshot.state, snapshot: snapshot))
    }
}

final class MirroredWorkout: WorkoutSource {
    let link: MirrorLink
    let view: MirroredView

    init(link: MirrorLink, view: MirroredView) {
        self.link = link
        self.view = view
    }

    func currentStatus() -> WorkoutSnapshot { view.currentStatus() }
    func status() async -> WorkoutSnapshot { view.currentStatus() }
    func snapshots() async -> AsyncStream<WorkoutSnapshot> { view.snapshots() }

    /// The primary decides: every command but a status (shown from here, from what the primary
    /// last sent) is its to answer.
    func perform(_ intent: WorkoutIntent, origin: Int?, language: Language, locked: Bool) async -> CommandAnswer {
        guard intent != .status else {
            return .performed(IntentOutcome(intent: .workoutStatus, phase: .handle, code: .success, resolved: .status,
                                            snapshot: view.currentStatus()))
        }
        return .answered(await link.forward(intent, language: language, locked: locked))
    }

    /// A sample for the primary: queued for it in the outbox, then sent.
    func record(_ sample: LiveSample, queued: (@Sendable () -> Void)?) async throws -> SampleReply {
        do {
            return .sentOn(try await link.forwardSample(sample))
        } catch {
            throw RPCError.storeError("errorDatabaseInaccessible", "could not keep the sample for the primary: \(error)")
        }
    }

    /// Route points belong to the primary's gateway, where the workout is recorded.
    func addLocation(latitude: Double, longitude: Double, altitude: Double?, horizontalAccuracy: Double?) async throws -> SampleOutcome {
        throw RPCError.invalidParams("this gateway mirrors another: route points belong to the primary's gateway, send them there")
    }

    /// Auto-pause and generated energy are the primary's: its own sensors drive its workout.
    func observeSpeed(_ speed: Double) async {}
    func observeEnergyExpended(_ kilojoules: Double, sensor: String) async {}

    var unavailableReason: String? { view.unreachableReason }
    /// A mirror stays up while it mirrors: its primary's workout may start any time.
    var keepsGatewayUp: Bool { true }
}
