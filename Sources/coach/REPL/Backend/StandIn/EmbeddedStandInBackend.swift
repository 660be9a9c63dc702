// STAND-IN, deleted when the Gateway lands: a ReplBackend straight on WorkoutManager, with the
// keyword recogniser and stand-in wording, so the REPL, scripts and tests run end to end now.
// The Gateway-backed backend replaces it with the same protocol (see docs/repl.md).

import CoachCore
import Synchronization

final class EmbeddedStandInBackend: ReplBackend {
    let manager: WorkoutManager
    private let virtualClock: Bool
    private let locked = Atomic<Bool>(false)

    var modeDescription: String { "gateway embedded (stand-in: no socket yet)" }

    /// `virtualClock`: time moves only on `/wait`, and the countdown is skipped so a script's times
    /// add up as written; workout ids count up, so every run prints the same bytes.
    init(virtualClock: Bool) {
        self.virtualClock = virtualClock
        if virtualClock {
            let ids = Atomic<Int>(0)
            manager = WorkoutManager(clock: ManualWorkoutClock(), configuration: EngineConfiguration(countdown: .zero),
                                     timerMode: .manual,
                                     makeWorkoutID: { "workout-\(ids.add(1, ordering: .relaxed).newValue)" })
        } else {
            manager = WorkoutManager(clock: SystemWorkoutClock())
        }
    }

    func submit(_ utterance: String, language: DisplayLanguage) async -> ReplReply {
        guard let intent = StandInRecognizer.recognize(utterance) else {
            let text = StandInResponses.notUnderstood(utterance, language: language)
            return ReplReply(text: text, code: nil, question: nil,
                             json: StandInReplyJSON(ok: false, language: language, text: text, error: "not understood").encoded())
        }
        return reply(to: await manager.perform(intent), utterance: utterance, language: language)
    }

    func answer(_ question: ReplQuestion, with value: String, language: DisplayLanguage) async -> ReplReply {
        guard var intent = StandInRecognizer.recognize(question.context) else {
            return await submit(question.context, language: language)
        }
        switch (intent, question.kind) {
        case (.start(var start), .choose(parameter: "activity", _)):
            start.activity = ActivityType(rawValue: value)
            intent = .start(start)
        case (.cancel(let activity, _), .confirm):
            intent = .cancel(activity: activity, confirmed: value == "yes")
        default:
            break
        }
        return reply(to: await manager.perform(intent), utterance: question.context, language: language)
    }

    func status(language: DisplayLanguage) async -> ReplReply {
        let snapshot = await manager.status()
        let isLocked = locked.load(ordering: .relaxed)
        let text = StandInResponses.status(snapshot, locked: isLocked, language: language)
        return ReplReply(text: text, code: "success", question: nil,
                         json: StandInReplyJSON(ok: true, language: language, text: text, snapshot: snapshot,
                                                locked: isLocked).encoded())
    }

    func sample(type: String, value: Double, unit: String?, language: DisplayLanguage) async -> ReplReply {
        let en = language == .en
        guard let quantity = QuantityType(name: type) else {
            let text = en ? "Unknown metric \(type)." : "\(type)という指標はありません。"
            return failure(text, language: language, error: "unknown metric")
        }
        do {
            let outcome = try await manager.addSample(quantity, value: value, unit: unit)
            let text = en ? "\(quantity.rawValue): \(outcome)." : "\(quantity.rawValue)：\(outcome)。"
            let ok = "\(outcome)" == "added" || "\(outcome)" == "replaced"
            return ReplReply(text: text, code: ok ? "success" : "failure", question: nil,
                             json: StandInReplyJSON(ok: ok, language: language, text: text,
                                                    snapshot: await manager.status()).encoded())
        } catch {
            return failure("\(error)", language: language, error: "bad sample")
        }
    }

    func setLocked(_ isLocked: Bool, language: DisplayLanguage) async -> ReplReply {
        locked.store(isLocked, ordering: .relaxed)
        let en = language == .en
        let text = isLocked ? (en ? "Locked: metrics are hidden." : "ロックしました：指標を隠します。")
                            : (en ? "Unlocked." : "ロックを解除しました。")
        return ReplReply(text: text, code: "success", question: nil,
                         json: StandInReplyJSON(ok: true, language: language, text: text, snapshot: await manager.status(),
                                                locked: isLocked).encoded())
    }

    func wait(_ duration: Duration) async {
        if virtualClock {
            await manager.advance(by: duration)
        } else {
            try? await Task.sleep(for: duration)
        }
    }

    func events() -> AsyncStream<ReplEvent> {
        let notifications = manager.notifications()
        return AsyncStream { continuation in
            let task = Task {
                for await notification in notifications {
                    guard StandInResponses.event(notification, language: .en) != nil else { continue }
                    continuation.yield(ReplEvent(text: { StandInResponses.event(notification, language: $0) ?? "" },
                                                 json: #"{"event":"\#(String(describing: notification).prefix(40))"}"#))
                }
                continuation.finish()
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }

    func leaveWarning(language: DisplayLanguage) async -> String? {
        let snapshot = await manager.status()
        guard snapshot.state.isOngoing else { return nil }
        let name = (snapshot.activity ?? .other).displayName(language)
        // The stand-in has no journal: say honestly that the workout is lost. The Gateway's
        // backend, which journals, says it will be recovered on the next start.
        return language == .en
            ? "A \(name) is in progress and this REPL hosts the gateway: leaving ends the gateway and the workout is lost. Press Ctrl-D again to leave."
            : "\(name)が進行中で、このREPLがゲートウェイを動かしています。終了するとゲートウェイが止まり、ワークアウトは失われます。もう一度 Ctrl-D で終了します。"
    }

    func shutdown() async {
        await manager.shutdown()
    }

    // MARK: - Replies

    private func reply(to outcome: IntentOutcome, utterance: String, language: DisplayLanguage) -> ReplReply {
        let text = StandInResponses.reply(to: outcome, language: language)
        let json = StandInReplyJSON(ok: outcome.code.isSuccess, language: language, text: text, outcome: outcome,
                                    locked: locked.load(ordering: .relaxed)).encoded()
        return ReplReply(text: text, code: outcome.code.rawValue, question: question(for: outcome, utterance: utterance,
                                                                                      language: language), json: json)
    }

    private func question(for outcome: IntentOutcome, utterance: String, language: DisplayLanguage) -> ReplQuestion? {
        switch outcome.code {
        case .needsValue, .disambiguation:
            guard outcome.parameter == "activity" else { return nil }
            let options = outcome.options.compactMap(ActivityType.init(rawValue:)).map {
                ReplOption(value: $0.rawValue, label: $0.displayName(language))
            }
            return ReplQuestion(kind: .choose(parameter: "activity", options: options),
                                promptLabel: language == .en ? "which workout?" : "どのワークアウト？", context: utterance)
        case .confirmationRequired where outcome.intent == .cancelWorkout:
            return ReplQuestion(kind: .confirm, promptLabel: language == .en ? "discard? [y/N]" : "破棄？ [y/N]",
                                context: utterance)
        default:
            return nil
        }
    }

    private func failure(_ text: String, language: DisplayLanguage, error: String) -> ReplReply {
        ReplReply(text: text, code: "failure", question: nil,
                  json: StandInReplyJSON(ok: false, language: language, text: text, error: error).encoded())
    }
}
