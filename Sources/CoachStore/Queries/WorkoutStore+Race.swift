// Racing a saved workout: "my last 5k" — the newest saved workout of an activity near a distance
// (its RaceTrack is read from its Timeline: CoachExport, RaceTrack+Recording).

import CoachCore
import Foundation

extension WorkoutStore {
    /// The newest saved workout of `activity` whose distance is within 10 % of `metres` ("race my
    /// last 5k"); with no distance, the newest of the activity ("race my last run"). Only among
    /// those `scope` lets the reader see.
    public func lastWorkout(activity: ActivityType?, near metres: Double?, scope: ReadScope = .everything) throws -> WorkoutSummary? {
        try history(scope: scope).first { summary in
            guard activity == nil || summary.activity == activity, let total = summary.totalDistance, total > 0 else { return false }
            guard let metres else { return true }
            return abs(total - metres) <= metres * 0.1
        }
    }
}
