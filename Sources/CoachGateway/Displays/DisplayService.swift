// DisplayService: what every presentation of a gateway shows and hears — the Live Activity feed
// (FeedPump), the privacy lock they all redact by (the rule itself: LiveActivity+Privacy.swift),
// the words they use, the tmux servers the feed is pushed to (DisplayService+Tmux), the
// announcements (AnnouncementHub) and where the gateway's other faces listen. GatewayAssembly hands
// it what it needs when it builds it — the workout shown, the manager's changes, the response
// wording, the state directory — so it never reaches back into the intent path: changes flow down
// into it and out to the displays.

import CoachCore
import CoachLanguage
import Synchronization

public final class DisplayService: Sendable {
    /// The Live Activity every status presentation shows (tmux, bars, widget, browser, MQTT).
    public let feed: FeedPump
    let composer: ResponseComposer
    /// Where the lock and the tmux servers are remembered; nil remembers nothing.
    let state: StateDirectory?
    private let lock: PrivacyLock
    private let hub: AnnouncementHub
    let tmuxFollowers = Mutex<[TmuxTarget: Task<Void, Never>]>([:])
    private let endpointTable = Mutex<[String: String]>([:])

    /// `shown`: what the gateway's source shows (its own workout or a primary's); `changes` makes a
    /// new subscription to the manager's changes (the feed's and each announcement stream's).
    init(clock: any WorkoutClock, composer: ResponseComposer, state: StateDirectory?,
         shown: AsyncStream<WorkoutSnapshot>, changes: @escaping @Sendable () -> AsyncStream<WorkoutChange>) {
        let feed = FeedPump(clock: clock)
        let lock = PrivacyLock()
        self.feed = feed
        self.composer = composer
        self.state = state
        self.lock = lock
        hub = AnnouncementHub(changes: changes, phrase: { key, values, language in
            composer.event(key, values: values, language: language)
        }) { change, language in
            composer.announcement(change.notification, snapshot: change.snapshot, language: language, locked: lock.isOn)
        }
        // The feed follows what the source shows until the manager shuts down.
        let feedChanges = changes()
        Task { await feed.run(snapshots: shown, changes: feedChanges) }
    }

    // MARK: - Privacy

    public var isLocked: Bool { lock.isOn }

    /// Hides or shows metrics in every presentation; remembered, so a restart keeps it. Returns
    /// the sentence that says so.
    /// `coach lock` / `coach unlock`: the user's own hold; unlocking releases the session's too.
    public func setLocked(_ locked: Bool, language: Language = .en) async -> String {
        let (changed, holders) = lock.change { $0.user(locked) }
        // Only the user's hold is remembered: the session's is read again from logind on start.
        state?.setLocked(holders.heldByUser)
        if changed { await showLocked(holders.isLocked) }
        return composer.event(locked ? "locked" : "unlocked", values: [:], language: language)
    }

    /// `lock.follow: logind`: the login session's screen locked or unlocked. Releasing lets go of
    /// the session's hold only, so a user's `coach lock` stays (LockHolders).
    public func setSessionLocked(_ locked: Bool) async {
        let (changed, holders) = lock.change { $0.session(locked) }
        if changed { await showLocked(holders.isLocked) }
    }

    /// Tells the feed. The user and the session change the lock concurrently, and their hops to
    /// the feed may arrive out of order: whoever arrives checks the holders again afterwards, so the
    /// feed ends where the holders are (never showing metrics that someone hid).
    private func showLocked(_ locked: Bool) async {
        await feed.setLocked(locked)
        let now = lock.isOn
        if now != locked { await feed.setLocked(now) }
    }

    /// Who holds the lock now (`status` says so).
    public var lockHolders: LockHolders { lock.holders }

    // MARK: - Words

    /// An `events:` phrase of Intents/<lang>/_responses.yaml with its placeholders filled, for
    /// replies worded outside the intent path (a sample's refusal, the sensors at the countdown).
    public func phrase(_ key: String, _ values: [String: String] = [:], language: Language) -> String {
        composer.event(key, values: values, language: language)
    }

    /// The words the gateway's replies use, for the presentations it renders itself (`feed.render`,
    /// tmux, the browser), so a status line and a reply name a workout alike.
    public func wording(_ language: Language) -> Wording { composer.wording(language) }

    /// "Recovered your outdoor run after a restart: paused, 12:03." in `language`, for a front end
    /// that starts the gateway itself (the embedded REPL): the recovery happens before anyone can
    /// subscribe, so the `recovered` announcement has no listener and the front end says it.
    public func recoveryMessage(_ snapshot: WorkoutSnapshot, language: Language = .en) -> String {
        composer.announcement(.recovered(snapshot), snapshot: snapshot, language: language, locked: isLocked)
            ?? "Recovered the interrupted workout: \(snapshot.state.rawValue)."
    }

    // MARK: - Announcements

    /// Lines worth announcing (countdown, state changes, laps, goal, saved…) in `language`, for the
    /// REPL, socket subscribers and speech.
    public func announcements(language: Language = .en) -> AsyncStream<Announcement> {
        hub.subscribe(language: language)
    }

    /// Announcements in the language of the last command the gateway understood (English until
    /// one is): someone who says 「一時停止」 hears the pause announced in Japanese.
    public func announcementsFollowingTheUser() -> AsyncStream<Announcement> { hub.subscribe(language: nil) }

    /// The language of the last command understood (English until one is).
    public var lastLanguage: Language { hub.lastLanguage }

    /// The intent path understood a command in `language`.
    func heard(_ language: Language) { hub.heard(language) }

    /// Hands an announcement that did not come from the manager (a link's, a peer's) to every
    /// announcement subscriber.
    public func relay(_ announcement: Announcement) { hub.relay(announcement) }

    // MARK: - Endpoints

    /// Records (or, with nil, forgets) where another face of the gateway listens — the HTTP
    /// display's URL, without its token — so `coach http url` asks the gateway that runs.
    public func setEndpoint(_ name: String, _ url: String?) { endpointTable.withLock { $0[name] = url } }

    /// Every endpoint by name.
    public var endpoints: [String: String] { endpointTable.withLock { $0 } }

    // MARK: - Remembered

    /// What the state directory remembers of the displays, taken up again on start: the lock and
    /// the tmux servers pushed to.
    func resumeRemembered() async {
        guard let state else { return }
        if state.isLocked { _ = await setLocked(true) }
        for target in state.tmuxTargets { await followTmux(target) }
    }
}

/// The privacy lock's holders, shared by the displays and the announcements' wording.
final class PrivacyLock: Sendable {
    private let state = Mutex(LockHolders())

    var isOn: Bool { state.withLock { $0.isLocked } }

    var holders: LockHolders { state.withLock { $0 } }

    /// Applies `body` under the lock; returns whether metrics went hidden/shown, and the holders after.
    func change(_ body: (inout LockHolders) -> Bool) -> (changed: Bool, holders: LockHolders) {
        state.withLock { holders in
            let changed = body(&holders)
            return (changed, holders)
        }
    }
}
