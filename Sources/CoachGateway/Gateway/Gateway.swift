// Gateway: the intent path, where every channel ends. A typed line, a socket request and speech all
// become the same call here: recognise → intent → resolve/confirm/handle on the workout's source →
// a reply in the user's language (Gateway+FollowUps: answers to the Conversation's question;
// Gateway+Samples and Gateway+Sensors: metrics and the sensors that send them). Beside it, built
// with it by GatewayAssembly and never calling back into it: the DisplayService (feed, lock,
// words, tmux, announcements) and the PeerService (mirroring).

import CoachCore
import CoachPlans
import CoachLanguage
import CoachStore
import Foundation

public final class Gateway: Sendable {
    public let manager: WorkoutManager
    public let recognizer: Recognizer
    let composer: ResponseComposer
    /// Where the workout lives: the manager, or the primary this gateway mirrors (Source/).
    let sources: SourceSwitch
    var source: any WorkoutSource { sources.current }
    /// What every presentation shows and hears.
    public let displays: DisplayService
    /// This gateway as a mirror of another, or as a primary with mirrors (Mirror/).
    public let peers: PeerService
    /// Who may write and read what (Permissions/); decisions live in the store.
    public let permissions: PermissionCenter
    /// Bluetooth sensors, when `coach serve` attached them (Gateway+Sensors.swift).
    public let sensors = SensorSlot()
    public let clock: any WorkoutClock
    /// The store of saved workouts, when there is one (not in guest mode or virtual time).
    let store: @Sendable () -> WorkoutStore?
    /// False when nothing is written at all (virtual time): an end must not claim "Saved".
    public let keepsWorkouts: Bool
    /// Virtual time (scripts): nothing of the user's (store, tmux) is touched.
    public var isVirtual: Bool { manager.timerMode == .manual }
    /// Where the lock, the tmux servers and the mirrored primary are remembered; nil remembers nothing.
    public let state: StateDirectory?
    /// Guest mode: the owner's store is read (read-only) and nothing of the owner's is changed —
    /// no workout, sample, deletion or permission (errorNotPermissibleForGuestUserMode).
    public let isGuest: Bool
    /// The saved plans a start may name (docs/plans.md).
    public let plans: PlanLibrary

    /// The parts, as GatewayAssembly puts them together.
    init(manager: WorkoutManager, recognizer: Recognizer, composer: ResponseComposer, sources: SourceSwitch,
         displays: DisplayService, peers: PeerService, clock: any WorkoutClock, keepsWorkouts: Bool,
         state: StateDirectory?, store: @escaping @Sendable () -> WorkoutStore?, plans: PlanLibrary, isGuest: Bool = false) {
        self.plans = plans
        self.manager = manager
        self.recognizer = recognizer
        self.composer = composer
        self.sources = sources
        self.displays = displays
        self.peers = peers
        self.permissions = PermissionCenter(store: store)
        self.clock = clock
        self.store = store
        self.keepsWorkouts = keepsWorkouts
        self.state = state
        self.isGuest = isGuest
    }

    // MARK: - Lines

    /// Understands one line of speech or text and acts on it.
    /// `readScope`: the saved workouts the sayer may read, for "race my last 5k" (nil: none); the
    /// user's own channels (the REPL) read everything.
    /// `unsure`: the words were heard only just (voice): an End or Cancel asks for a yes first.
    public func say(_ text: String, language: Language? = nil, conversation: Conversation = Conversation(), unsure: Bool = false,
                    readScope: ReadScope? = .everything) async -> GatewayResult {
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
        var planned: WorkoutIntent?
        if let (intent, refusal) = await plannedStart(recognition, language: lang, readScope: readScope) {
            if let refusal { return refusal }
            planned = intent
        }
        guard let intent = planned ?? recognition.workoutIntent(answers: recognizer.answers) else {
            return GatewayResult(intent: nil, code: GatewayResult.notUnderstood,
                                 message: composer.notUnderstood(recognition, language: lang), language: lang,
                                 recognition: recognition, suggestion: recognition.suggestion, locked: displays.isLocked)
        }
        // An End or Cancel that was only guessed, or heard only just, is never performed without a yes.
        if recognition.needsConfirmation || (unsure && (intent.kind == .endWorkout || intent.kind == .cancelWorkout)) {
            conversation.ask(.confirmation(intent))
            let snapshot = await source.status()
            return GatewayResult(intent: intent.kind, code: IntentCode.confirmationRequired.rawValue,
                                 message: composer.confirmGuess(intent, snapshot: snapshot, language: lang),
                                 language: lang, recognition: recognition, suggestion: recognition.suggestion, locked: displays.isLocked)
        }
        displays.heard(lang)
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
        if intent == .status, let unavailable = unavailableResult(language: language) { return unavailable }
        let outcome: IntentOutcome
        switch await source.perform(intent, origin: conversation?.id, language: language, locked: displays.isLocked) {
        case .answered(let reply): return reply   // a source that lives elsewhere (a mirror's primary) words its own
        case .performed(let performed): outcome = performed
        }
        switch (outcome.code, intent) {
        case (.needsValue, .start(let start)) where outcome.parameter == "activity":
            conversation?.ask(.activity(start, options: outcome.options.compactMap(ActivityType.init(rawValue:))))
        case (.confirmationRequired, .cancel(let activity, _)):
            conversation?.ask(.confirmation(.cancel(activity: activity, confirmed: true)))
        default: break
        }
        var result = result(for: outcome, language: language)
        // The countdown tells which remembered sensors are connected (and a missing strap).
        if case .start = intent, outcome.code == .success {
            let readiness = sensors.readiness()
            if let line = sensorLine(readiness, language: language) { result.message += " " + line }
            result.sensors = readiness
        }
        return result
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
                             language: language, locked: displays.isLocked)
    }

    /// Recognises without acting (`coach parse`).
    public func parse(_ text: String, language: Language? = nil) -> Recognition {
        recognizer.recognize(text, language: language)
    }

    func result(for outcome: IntentOutcome, language: Language) -> GatewayResult {
        let locked = displays.isLocked
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
