// SpokenGoals: a goal heard is checked against what people set before it acts. Speech that is
// not a command, forced onto the grammar, comes out as short cheap goals — "one foot", "two metre
// bike" — and as distances for activities nobody measures in distance: "the basketball game went
// into overtime" was heard as "do the basketball game one k at home", "I left my keys on the
// kitchen table" as "an nine foot aikido ninety two k". Which activities have a distance is data
// (`distance_activities:` in Intents/intents.yaml: HealthKit's distance types). Only for what is
// heard: a typed "2 m run" or "5 km golf" is the user's business.

import CoachLanguage
import CoachWire
import Foundation

public struct SpokenGoals: Sendable, Equatable {
    /// Activities a distance goal applies to (nil: the data file has no list, every activity does).
    public var distanceActivities: Set<String>?

    public init(distanceActivities: Set<String>? = nil) { self.distanceActivities = distanceActivities }

    /// `distance_activities:` of Intents/intents.yaml (none there: no activity is refused).
    public init(_ contract: VocabularyContract) {
        self.init(distanceActivities: contract.distanceActivities.map(Set.init))
    }

    /// Why a heard `goal` for `activity` is not one anyone sets, or nil when it is plausible.
    public func implausibility(of goal: WorkoutGoal, activity: String?) -> String? {
        // The smallest goals anyone sets: a 10 s sprint, a 50 m swim length, 10 kcal.
        switch goal {
        case .open: return nil
        case .time(let seconds) where seconds < 10: return "a goal nobody sets (time)"
        case .distance(let meters) where meters < 50: return "a goal nobody sets (distance)"
        case .energy(let kilocalories) where kilocalories < 10: return "a goal nobody sets (energy)"
        case .distance:
            if let activity, let distanceActivities, !distanceActivities.contains(activity) {
                return "a distance goal for \(activity), which has no distance"
            }
            return nil
        case .time, .energy: return nil
        }
    }
}
