// Gateway: where every channel ends. A typed line, a socket request and (later) speech all become
// the same call here: recognise → intent → resolve/confirm/handle on the WorkoutManager → a reply
// in the user's language. Follow-up questions live in the caller's Conversation.

import CoachCore
import CoachLanguage
import CoachStore
import Foundation
import Synchronization

public final class Gateway: Sendable {
    public let manager: WorkoutManager
    public let recognizer: Recognizer
    let composer: ResponseComposer
    private let lockState = Mutex(false)
    private let announcements = AnnouncementHub()
    /// This gateway as a mirror of another, or as a primary with mirrors (Mirror/).
    public let mirroring = Mirroring()

    /// The store of saved workouts, when there is one (not in guest mode or virtual time).
    let store: @Sendable () -> WorkoutStore?
    /// The Live Activity every status presentation shows (tmux, bars, widget).
    public let feed: FeedPump
    private let tmuxFollowers = Mutex<[TmuxTarget: Task<Void, Never>]>([:])
    /// Bluetooth sensors, when `coach serve` attached them (Gateway+Sensors.swift).
    let sensorService = Mutex<(any SensorService)?>(nil)
    /// False when nothing is written at all (virtual time): an end must not claim "Saved".
    public let keepsWorkouts: Bool
    /// Virtual time (scripts): nothing of the user's (store, tmux) is touched.
    public var isVirtual: Bool { manager.timerMode == .manual }
    /// Where the lock and the tmux servers are remembered; nil remembers nothing.
    public let state: GatewayState?
    /// Who may write and read what (Permissions/); decisions live in the store.
    public let permissions: PermissionCenter

    public init(manager: WorkoutManager, recognizer: Recognizer, clock: any WorkoutClock = SystemWorkoutClock(),
                keepsWorkouts: Bool = true, state: GatewayState? = nil,
                store: @escaping @Sendable () -> WorkoutStore? = { nil }) {
        self.keepsWorkouts = keepsWorkouts
        self.state = state
        self.manager = manager
        self.recognizer = recognizer
        self.store = store
        self.permissions = PermissionCenter(store: store)
        let feed = FeedPump(clock: clock)
        self.feed = feed
        // The pump follows the manager until it shuts down.
        let notifications = manager.notifications()
        Task { await feed.run(snapshots: await manager.snapshots(), notifications: notifications) }
        self.composer = ResponseComposer(catalog: recognizer.responses)
    }

    // MARK: - Privacy

    public var isLocked: Bool { lockState.withLock { $0 } }

    public func setLocked(_ locked: Bool, language: Language = .en) async -> String {
        let changed = lockState.withLock { state -> Bool in
            defer { state = locked }
            return state != locked
        }
        let text = composer.event(locked ? "locked" : "unlocked", values: [:], language: language)
        state?.setLocked(locked)
        if changed {
            await feed.setLocked(locked)
            await manager.republish()
        }
        return text
    }

    // MARK: - tmux

    /// Pushes every feed change into `@coach` on that tmux server until the gateway stops.
    /// Following the same server twice is a no-op.
    public func followTmux(_ target: TmuxTarget, language: DisplayLanguage = .en) async {
        let contents = await feed.contents()
        tmuxFollowers.withLock { followers in
            guard followers[target] == nil else { return }
            followers[target] = Task {
                await TmuxPusher(target: target).follow(contents, language: language)
            }
        }
    }

    /// The tmux servers being followed.
    public var tmuxTargets: [TmuxTarget] { tmuxFollowers.withLock { Array($0.keys) } }

    /// Stops pushing to tmux (each option is cleared so no frozen workout remains).
    public func stopFollowingTmux() async {
        let tasks = tmuxFollowers.withLock { followers in
            defer { followers.removeAll() }
            return Array(followers.values)
        }
        await feed.finish()
        for task in tasks { await task.value }
    }

    // MARK: - Lines

    /// Understands one line of speech or text and acts on it.
    public func say(_ text: String, language: Language? = nil, conversation: Conversation = Conversation()) async -> GatewayResult {
        // The session state is the recogniser's context (hassil's intent_context): small talk
        // such as "how's it going" or 「ただいま」 is a command only while a workout is on, and
        // "never mind" with a question pending answers the question.
        let recognition = recognizer.recognize(
            text, language: language, context: Self.context(await manager.status().state, questionPending: conversation.isPending))
        let lang = language ?? recognition.language

        if let question = conversation.take() {
            if let answered = await answer(question, with: text, recognition: recognition, language: lang, conversation: conversation) {
                return answered
            }
        }
        guard let intent = recognition.workoutIntent() else {
            return GatewayResult(intent: nil, code: GatewayResult.notUnderstood,
                                 message: composer.notUnderstood(recognition, language: lang), language: lang,
                                 recognition: recognition, suggestion: recognition.suggestion, locked: isLocked)
        }
        // An End or Cancel that was only guessed is never performed without a yes.
        if recognition.needsConfirmation {
            conversation.ask(.confirmation(intent))
            let snapshot = await manager.status()
            return GatewayResult(intent: intent.kind, code: IntentCode.confirmationRequired.rawValue,
                                 message: composer.confirmGuess(intent, snapshot: snapshot, language: lang),
                                 language: lang, recognition: recognition, suggestion: recognition.suggestion, locked: isLocked)
        }
        var result = await perform(intent, language: lang, conversation: conversation)
        result.recognition = recognition
        return result
    }

    /// `workout: idle|running|paused` and, while the gateway waits for an answer, `question: pending`.
    static func context(_ state: SessionState, questionPending: Bool) -> RecognitionContext {
        let workout: String
        switch state {
        case .running: workout = "running"
        case .paused: workout = "paused"
        case .notStarted, .ended, .prepared, .stopped: workout = "idle"
        }
        var context: RecognitionContext = ["workout": .string(workout)]
        if questionPending { context["question"] = .string("pending") }
        return context
    }

    /// Runs a typed intent (from the CLI or a JSON request) and words the outcome.
    public func perform(_ intent: WorkoutIntent, language: Language = .en, conversation: Conversation? = nil) async -> GatewayResult {
        // A mirror runs no workout of its own: the primary decides (status is shown from here).
        if let link = mirroring.link, intent != .status {
            return await link.forward(intent, language: language, locked: isLocked)
        }
        if intent == .status, let unreachable = mirrorUnreachableResult(language: language) { return unreachable }
        let outcome = await manager.perform(intent)
        switch (outcome.code, intent) {
        case (.needsValue, .start(let start)) where outcome.parameter == "activity":
            conversation?.ask(.activity(start, options: outcome.options.compactMap(ActivityType.init(rawValue:))))
        case (.confirmationRequired, .cancel(let activity, _)):
            conversation?.ask(.confirmation(.cancel(activity: activity, confirmed: true)))
        default: break
        }
        return result(for: outcome, language: language)
    }

    public func status(language: Language = .en) async -> GatewayResult {
        await perform(.status, language: language)
    }

    /// The status without waiting on the manager (a status request changes nothing, so it need
    /// not queue behind commands): the same result `status` gives.
    public func immediateStatus(language: Language = .en) -> GatewayResult {
        if let unreachable = mirrorUnreachableResult(language: language) { return unreachable }
        return result(for: IntentOutcome(intent: .workoutStatus, phase: .handle, code: .success, resolved: .status,
                                  snapshot: manager.currentStatus()), language: language)
    }

    /// Recognises without acting (`coach parse`).
    public func parse(_ text: String, language: Language? = nil) -> Recognition {
        recognizer.recognize(text, language: language)
    }

    func result(for outcome: IntentOutcome, language: Language) -> GatewayResult {
        let locked = isLocked
        var message = composer.message(for: outcome, language: language, locked: locked)
        if !keepsWorkouts, outcome.intent == .endWorkout, outcome.code == .success, outcome.discardReason == nil {
            message = composer.event("endedNotKept", values: composer.placeholders(outcome.snapshot, language: language, locked: locked),
                                     language: language)
        }
        return GatewayResult(intent: outcome.intent, code: outcome.code.rawValue,
                             message: message,
                             language: language, outcome: outcome, locked: locked)
    }

    // MARK: - Follow-ups

    /// Treats `text` as the answer to `question`; nil when it is not an answer (the line is then
    /// handled as a new command, so "pause" after "Which workout?" still pauses).
    private func answer(_ question: PendingQuestion, with text: String, recognition: Recognition, language: Language,
                        conversation: Conversation) async -> GatewayResult? {
        let word = AnswerWords.normalised(text)
        let answer = recognizer.answers.classify(text)
        switch question {
        case .confirmation(let intent):
            if answer == .yes {
                var confirmed = intent
                if case .cancel(let activity, _) = intent { confirmed = .cancel(activity: activity, confirmed: true) }
                return await perform(confirmed, language: language, conversation: conversation)
            }
            if answer == .no || answer == .dismiss {
                let snapshot = await manager.status()
                return GatewayResult(intent: intent.kind, code: IntentCode.failure.rawValue,
                                     message: composer.event("declined", values: [:], language: language),
                                     language: language,
                                     outcome: IntentOutcome(intent: intent.kind, phase: .confirm, code: .failure,
                                                            reason: "declined by the user", snapshot: snapshot),
                                     locked: isLocked)
            }
            return nil
        case .activity(var start, let options):
            // "never mind" dismisses the question, not the workout.
            if answer == .dismiss || answer == .no {
                let snapshot = await manager.status()
                return GatewayResult(intent: .startWorkout, code: IntentCode.failure.rawValue,
                                     message: composer.event("declined", values: [:], language: language),
                                     language: language,
                                     outcome: IntentOutcome(intent: .startWorkout, phase: .confirm, code: .failure,
                                                            reason: "declined by the user", snapshot: snapshot),
                                     locked: isLocked)
            }
            if let number = Int(word), (1...options.count).contains(number) {
                start.activity = options[number - 1]
            } else if let activity = ActivityType(rawValue: text.trimmingCharacters(in: .whitespaces)) {
                start.activity = activity
            } else if let heard = recognition.slots.activity.flatMap(ActivityType.init(rawValue:)),
                      recognition.intent == nil || recognition.intent == IntentKind.startWorkout.rawValue {
                start.activity = heard
                if start.location == nil { start.location = recognition.slots.location.flatMap(LocationType.init(rawValue:)) }
                if start.goal == nil { start.goal = recognition.slots.goal.map(\.coreGoal) }
            } else {
                return nil
            }
            return await perform(.start(start), language: language, conversation: conversation)
        }
    }

    // MARK: - Samples

    /// Feeds a metric. Returns the outcome, or throws a unit error or a store problem.
    public func addSample(_ type: QuantityType, value: Double, unit: String? = nil,
                          syncIdentifier: String? = nil, syncVersion: Int? = nil,
                          source: SampleSource? = nil) async throws -> SampleOutcome {
        try await manager.addSample(type, value: value, unit: unit, syncIdentifier: syncIdentifier, syncVersion: syncVersion,
                                    source: source)
    }

    /// A speed reading from a sensor, for auto-pause.
    public func observeSpeed(_ speed: Double) async {
        await manager.observeSpeed(speed)
    }

    /// A route point (`sample` with type `location`); throws `LocationProblem` for impossible coordinates.
    public func addLocation(latitude: Double, longitude: Double, altitude: Double? = nil,
                            horizontalAccuracy: Double? = nil) async throws -> SampleOutcome {
        try await manager.addLocation(latitude: latitude, longitude: longitude, altitude: altitude,
                                      horizontalAccuracy: horizontalAccuracy)
    }

    // MARK: - Announcements

    /// Lines worth announcing (countdown, state changes, laps, goal, saved…) in `language`, for the
    /// REPL to print above its prompt and for socket subscribers.
    public func announcements(language: Language = .en) -> AsyncStream<Announcement> {
        announcements.subscribe(gateway: self, language: language)
    }

    /// Hands an announcement of the mirroring link to every announcement subscriber.
    public func relay(_ announcement: Announcement) { announcements.relay(announcement) }

    func announce(_ notification: WorkoutNotification, language: Language) async -> Announcement? {
        let snapshot = await manager.status()
        guard let text = composer.announcement(notification, snapshot: snapshot, language: language, locked: isLocked) else {
            return nil
        }
        return Announcement(notification: notification, text: text, snapshot: snapshot)
    }
}

/// One announced change: the notification, its sentence, and the workout at that moment.
public struct Announcement: Sendable {
    /// nil for an announcement of the mirroring link or one relayed from a primary.
    public var notification: WorkoutNotification?
    /// The kind of a link or relayed announcement ("mirrorConnected", or the primary's event).
    public var linkEvent: String?
    public var text: String
    public var snapshot: WorkoutSnapshot

    public init(notification: WorkoutNotification, text: String, snapshot: WorkoutSnapshot) {
        self.notification = notification
        self.text = text
        self.snapshot = snapshot
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
        case .saved: return "saved"
        case .discarded: return "discarded"
        case .recovered: return "recovered"
        }
    }
}

/// Turns the manager's notifications into announcement streams, one task per subscriber.
final class AnnouncementHub: Sendable {
    /// Subscribers of relayed announcements (the mirroring link's), by id.
    private let relays = Mutex<(next: Int, continuations: [Int: AsyncStream<Announcement>.Continuation])>((0, [:]))

    func relay(_ announcement: Announcement) {
        for continuation in relays.withLock({ Array($0.continuations.values) }) { continuation.yield(announcement) }
    }

    func subscribe(gateway: Gateway, language: Language) -> AsyncStream<Announcement> {
        let notifications = gateway.manager.notifications()
        let (stream, continuation) = AsyncStream.makeStream(of: Announcement.self, bufferingPolicy: .bufferingNewest(256))
        let relayID = relays.withLock { state in
            state.next += 1
            state.continuations[state.next] = continuation
            return state.next
        }
        let task = Task {
            for await notification in notifications {
                if let announcement = await gateway.announce(notification, language: language) {
                    continuation.yield(announcement)
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { [weak self] _ in
            task.cancel()
            _ = self?.relays.withLock { $0.continuations.removeValue(forKey: relayID) }
        }
        return stream
    }
}
