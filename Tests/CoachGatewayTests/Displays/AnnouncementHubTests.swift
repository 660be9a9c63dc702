// The announcement hub on its own: made with nothing but where changes come from and how to word
// one (no gateway above it to ask), it words each change in its subscriber's language, follows the
// user's language when asked to, carries a change's origin, and passes relayed announcements on —
// a mirror link's news worded, like a change, in each subscriber's language from Intents/<lang>/.

import CoachCore
import CoachLanguage
import Testing
@testable import CoachGateway

@Suite struct AnnouncementHubTests {
    /// Link news worded from the built-in vocabulary's `events:` phrases, as DisplayService does.
    static let catalog = ResponseCatalog.builtIn

    private static func hub(_ manager: WorkoutManager) -> AnnouncementHub {
        AnnouncementHub(changes: { manager.changes() }, phrase: { key, values, language in
            catalog.fill(catalog.phrase("events", key, language: language) ?? key, values: values)
        }) { change, language in
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

    /// Every sentence a mirror's link says, in English and Japanese: the keys MirrorLink,
    /// MirrorOffer and PeerService announce.
    static let linkPhrases = ["mirrorConnected", "mirrorLostReconnecting", "mirrorLostOffered", "mirrorLostNotRetrying",
                              "mirrorLinkDropped", "mirrorCopyFailed", "mirrorStopped", "mirrorAttached", "mirrorDetached",
                              "mirrorOffered", "mirrorOfferLost", "mirrorOfferLostRetrying", "mirrorDropped", "mirrorDroppedByPrimary"]

    @Test func aLinksNewsIsWordedInEachSubscribersLanguage() async {
        let manager = WorkoutManager(clock: ManualWorkoutClock(), timerMode: .manual)
        let hub = Self.hub(manager)
        var english = hub.subscribe(language: .en).makeAsyncIterator()
        var japanese = hub.subscribe(language: .ja).makeAsyncIterator()
        var following = hub.subscribe(language: nil).makeAsyncIterator()
        hub.heard(.ja)
        let snapshot = manager.currentStatus()
        hub.relay(Announcement(link: "mirrorDisconnected", phrase: "mirrorLostReconnecting",
                               values: ["host": "bike.local", "reason": "ssh: timeout", "seconds": "2.5"],
                               state: snapshot.state, snapshot: snapshot))
        let inEnglish = await english.next(), inJapanese = await japanese.next(), followed = await following.next()
        #expect(inEnglish?.kind == "mirrorDisconnected")
        #expect(inEnglish?.text == "The primary on bike.local is unreachable: ssh: timeout. Reconnecting in 2.5 s.")
        #expect(inJapanese?.text == "bike.localのプライマリーに接続できません：ssh: timeout。2.5秒後に再接続します。")
        #expect(inJapanese?.language == .ja)
        #expect(followed?.text == inJapanese?.text, "a speaker following the user hears it in the user's language")
        for key in Self.linkPhrases {
            #expect(Self.catalog.phrase("events", key, language: .en) != nil, "\(key) en")
            let ja = Self.catalog.phrase("events", key, language: .ja)
            #expect(ja != nil && ja != Self.catalog.phrase("events", key, language: .en), "\(key) ja")
        }
        await manager.shutdown()
    }
}
