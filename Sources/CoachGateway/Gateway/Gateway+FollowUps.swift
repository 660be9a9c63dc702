// Follow-ups: a line that answers the question the Conversation holds ("Which workout?", "End it?").

import CoachCore
import CoachLanguage
import Foundation

extension Gateway {
    // MARK: - Follow-ups

    /// Treats `text` as the answer to `question`; nil when it is not an answer (the line is then
    /// handled as a new command, so "pause" after "Which workout?" still pauses).
    func answer(_ question: PendingQuestion, with text: String, recognition: Recognition, language: Language,
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
                let snapshot = await source.status()
                return GatewayResult(intent: intent.kind, code: IntentCode.failure.rawValue,
                                     message: composer.event("declined", values: [:], language: language),
                                     language: language,
                                     outcome: IntentOutcome(intent: intent.kind, phase: .confirm, code: .failure,
                                                            reason: "declined by the user", snapshot: snapshot),
                                     locked: displays.isLocked)
            }
            return nil
        case .activity(var start, let options):
            // "never mind" dismisses the question, not the workout.
            if answer == .dismiss || answer == .no {
                let snapshot = await source.status()
                return GatewayResult(intent: .startWorkout, code: IntentCode.failure.rawValue,
                                     message: composer.event("declined", values: [:], language: language),
                                     language: language,
                                     outcome: IntentOutcome(intent: .startWorkout, phase: .confirm, code: .failure,
                                                            reason: "declined by the user", snapshot: snapshot),
                                     locked: displays.isLocked)
            }
            if let number = Int(word), (1...options.count).contains(number) {
                start.activity = options[number - 1]
            } else if let activity = ActivityType(rawValue: text.trimmingCharacters(in: .whitespaces)) {
                start.activity = activity
            } else if let heard = recognition.slots.activity.flatMap(ActivityType.init(rawValue:)),
                      recognition.intent == nil || recognition.intent == IntentKind.startWorkout.rawValue {
                start.activity = heard
                if start.location == nil { start.location = recognition.slots.location.flatMap(LocationType.init(rawValue:)) }
                if start.goal == nil { start.goal = recognition.slots.goal }
            } else {
                return nil
            }
            return await perform(.start(start), language: language, conversation: conversation)
        }
    }
}
