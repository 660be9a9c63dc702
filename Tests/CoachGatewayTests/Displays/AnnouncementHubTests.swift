// The announcement hub on its own: made with nothing but where changes come from and how to word
// one (no gateway above it to ask), it words each change in its subscriber's language, follows the
// user's language when asked to, carries a change's origin, and passes relayed announcements on.

import CoachCore
import Testing
@testable import CoachGateway

@Suite struct AnnouncementHubTests {
    private static func hub(_ manager: WorkoutManager) -> AnnouncementHub {
        AnnouncementHub(changes: { manager.changes() }) { change, language in
            guard case .stateChanged(_, let to, _) = change.notification else { return nil }
            return "\(language.rawValue): \(to.rawValue)"
        }
    }

    @Test func changesAreWordedPerSubscriberAndCarryTheirOrigin() async {
        let manager = WorkoutManager(clock: ManualWorkoutClock(), configuration: EngineConfiguration(countdown: .zero), timerMode: .manual)
        let hub = Self.hub(manager)
        var japanese = hub.subscribe(language: .ja).makeAsyncIterator()
        var following = hub.subscribe(language: nil).makeAsyncIterator()
        _ = await manager.perform(.start(StartWorkoutIntent(activity: .running)), origin: 3)
        let first = await japanese.next()
        #expect(first?.text == "ja: prepared")
        #expect(first?.origin == 3)
        #expect(await following.next()?.text == "en: prepared", "English until a command is understood")
        #expect(await following.next()?.text == "en: running")
        #expect(await japanese.next()?.text == "ja: running")

        hub.heard(.ja)
        _ = await manager.perform(.pause())
        #expect(await following.next()?.text == "ja: paused")
        let paused = await japanese.next()
        #expect(paused?.text == "ja: paused")
        #expect(paused?.origin == nil)
        await manager.shutdown()
    }

    @Test func relayedAnnouncementsReachEverySubscriber() async {
        let manager = WorkoutManager(clock: ManualWorkoutClock(), timerMode: .manual)
        let hub = Self.hub(manager)
        var english = hub.subscribe(language: .en).makeAsyncIterator()
        let snapshot = manager.currentStatus()
        hub.relay(Announcement(relayed: "mirrorConnected", text: "Mirroring.", state: snapshot.state, snapshot: snapshot))
        let relayed = await english.next()
        #expect(relayed?.kind == "mirrorConnected")
        #expect(relayed?.text == "Mirroring.")
        await manager.shutdown()
    }
}
