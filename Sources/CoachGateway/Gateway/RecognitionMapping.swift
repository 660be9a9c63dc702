// From what the recogniser heard (strings and numbers) to a typed intent for the engine.

import CoachCore
import CoachLanguage

extension Recognition {
    /// The intent this recognition asks for, with its parameters; nil when not understood.
    /// `answers` says whether an end asks to save (Intents/<lang>/_answers.yaml, `save:`).
    func workoutIntent(answers: AnswerWords) -> WorkoutIntent? {
        guard let name = intent, let kind = IntentKind(rawValue: name) else { return nil }
        let activity = slots.activity.flatMap(ActivityType.init(rawValue:))
        switch kind {
        case .startWorkout:
            return .start(StartWorkoutIntent(
                activity: activity,
                location: slots.location.flatMap(LocationType.init(rawValue:)),
                goal: slots.goal,
                isOpenEnded: slots.openEnded,
                workoutName: slots.workoutName))
        // Naming the activity in "pause my run" is informational: a wrong name is not a reason
        // to refuse a spoken pause, so only the typed CLI passes a name to match.
        case .pauseWorkout: return .pause()
        case .resumeWorkout: return .resume()
        // "end and save" keeps even a very short workout, as `coach end --save` does.
        case .endWorkout: return .end(saveShort: answers.asksToSave(text))
        case .cancelWorkout: return .cancel()
        case .workoutStatus: return .status
        case .markLap: return .lap
        case .skipStep: return .skipStep
        case .stepStatus: return .stepStatus
        // The plan is found by the gateway (its library, or the sentence's parameters).
        case .startPlannedWorkout: return nil
        }
    }
}
