// Gateway: where every channel ends. A typed line, a socket request and speech all become the
// same call here: recognise → intent → resolve/confirm/handle on the WorkoutManager → a reply in
// the user's language. This file holds the state and the line path; the other concerns live in
// Gateway+Privacy (the lock), Gateway+Tmux (followers), Gateway+FollowUps (answers to the
// Conversation's question), Gateway+Samples and Gateway+Announcements.

import CoachCore
import CoachLanguage
import CoachStore
import Foundation
import Synchronization

public final class Gateway: Sendable {
    public let manager: WorkoutManager
    public let recognizer: Recognizer
    let composer: ResponseComposer
    let lockState = Mutex(false)
    let announcements = AnnouncementHub()
    /// The language of the last command understood: announcements that follow the user's language
    /// (`coach serve --speak`) are worded in it.
    let lastCommandLanguage = Mutex(Language.en)
    /// This gateway as a mirror of another, or as a primary with mirrors (Mirror/).
    public let mirroring = Mirroring()
    /// Where the workout lives: the manager, or the primary this gateway mirrors (Source/).
    let sources: SourceSwitch
    var source: any WorkoutSource { sources.current }
    public let clock: any WorkoutClock

    /// The store of saved workouts, when there is one (not in guest mode or virtual time).
    let store: @Sendable () -> WorkoutStore?
    /// The Live Activity every status presentation shows (tmux, bars, widget).
    public let feed: FeedPump
    let tmuxFollowers = Mutex<[TmuxTarget: Task<Void, Never>]>([:])
    /// Bluetooth sensors, when `coach serve` attached them (Gateway+Sensors.swift).
    let sensorService = Mutex<(any SensorService)?>(nil)
    /// False when nothing is written at all (virtual time): an end must not claim "Saved".
    public let keepsWorkouts: Bool
    /// Virtual time (scripts): nothing of the user's (store, tmux) is touched.
    public var isVirtual: Bool { manager.timerMode == .manual }
    /// Where the lock and the tmux servers are remembered; nil remembers nothing.
    public let state: StateDirectory?
    /// Who may write and read what (Permissions/); decisions live in the store.
    public let permissions: PermissionCenter
    /// Where the gateway's other faces listen, by name (Gateway+Endpoints.swift).
    let endpointTable = Mutex<[String: String]>([:])

    public init(manager: WorkoutManager, recognizer: Recognizer, clock: any WorkoutClock = SystemWorkoutClock(),
                keepsWorkouts: Bool = true, state: StateDirectory? = nil,
                store: @escaping @Sendable () -> WorkoutStore? = { nil }) {
        self.keepsWorkouts = keepsWorkouts
        self.state = state
        self.manager = manager
        self.clock = clock
        self.sources = SourceSwitch(local: LocalWorkout(manager: manager))
        self.recognizer = recognizer
        self.store = store
        self.permissions = PermissionCenter(store: store)
        let feed = FeedPump(clock: clock)
        self.feed = feed
        // The pump follows what the source shows (the manager's workout or a primary's) until the
        // manager shuts down.
        let changes = manager.changes()
        let shown = sources.snapshots()
        Task { await feed.run(snapshots: shown, changes: changes) }
        self.composer = ResponseComposer(catalog: recognizer.responses)
    }


    // MARK: - Lines

    /// Understands one line of speech or text and acts on it.
    public func say(_ text: String, language: Language? = nil, conversation: Conversation = Conversation()) async -> GatewayResult {
        // The session state is the recogniser's context (hassil's intent_context): small talk
        // such as "how's it going" or 「ただいま」 is a command only while a workout is on, and
        // "never mind" with a question pending answers the question.
        let recognition = recognizer.recognize(
            text, language: language, context: Self.context(await source.status().state, questionPending: conversation.isPending))
        let lang = language ?? recognition.language

        if let question = conversation.take() {
            if let answered = await answer(question, with: text, recognition: recognition, language: lang, conversation: conversation) {
                return answered
            }
        }
        guard let intent = recognition.workoutIntent(answers: recognizer.answers) else {
            return GatewayResult(intent: nil, code: GatewayResult.notUnderstood,
                                 message: composer.notUnderstood(recognition, language: lang), language: lang,
                                 recognition: recognition, suggestion: recognition.suggestion, locked: isLocked)
        }
        // An End or Cancel that was only guessed is never performed without a yes.
        if recognition.needsConfirmation {
            conversation.ask(.confirmation(intent))
            let snapshot = await source.status()
            return GatewayResult(intent: intent.kind, code: IntentCode.confirmationRequired.rawValue,
                                 message: composer.confirmGuess(intent, snapshot: snapshot, language: lang),
                                 language: lang, recognition: recognition, suggestion: recognition.suggestion, locked: isLocked)
        }
        lastCommandLanguage.withLock { $0 = lang }
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
        // A source that lives elsewhere (a mirror's primary) answers for itself.
        if let forwarded = await source.forward(intent, language: language, locked: isLocked) { return forwarded }
        if intent == .status, let unavailable = unavailableResult(language: language) { return unavailable }
        let outcome = await manager.perform(intent, origin: conversation?.id)
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
        if let unavailable = unavailableResult(language: language) { return unavailable }
        return result(for: IntentOutcome(intent: .workoutStatus, phase: .handle, code: .success, resolved: .status,
                                  snapshot: source.currentStatus()), language: language)
    }

    /// A source that cannot show its workout truthfully (a mirror cut off from its primary) says
    /// why, rather than show a frozen workout.
    func unavailableResult(language: Language) -> GatewayResult? {
        guard let reason = source.unavailableReason else { return nil }
        return GatewayResult(intent: .workoutStatus, code: IntentCode.failure.rawValue, message: reason,
                             language: language, locked: isLocked)
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

}
