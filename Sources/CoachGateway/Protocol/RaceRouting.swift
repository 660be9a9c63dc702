// Finding the past self for `start {"race": …}` (docs/plans.md, "Race your past self"): a saved
// workout by id or prefix, or "last" — the newest of the activity, near `raceDistance` when given
// ("race my last 5k"). A client races only workouts it may read; a missing one is the caller's
// mistake, answered as invalid params that say what to try.

import CoachCore
import CoachExport
import CoachStore
import CoachWire

enum RaceRouting {
    static func plan(_ reference: String, activity: ActivityType?, distance: Double?,
                     store: WorkoutStore?, scope: ReadScope) throws -> WorkoutPlan {
        guard let store else { throw RPCError.invalidParams("race: this gateway keeps no saved workouts to race (guest or virtual time)") }
        let detail: WorkoutDetail
        do {
            if reference.lowercased() == "last" {
                guard let summary = try store.lastWorkout(activity: activity, near: distance, scope: scope) else {
                    let what = [activity?.rawValue, distance.map { "of about \(JSONText.number($0 / 1000, decimals: 1)) km" }]
                        .compactMap { $0 }.joined(separator: " ")
                    throw RPCError.invalidParams("race: no saved \(what.isEmpty ? "workout" : what) with a distance to race (coach history)")
                }
                detail = try store.workout(matching: summary.id, scope: scope)
            } else {
                detail = try store.workout(matching: reference, scope: scope)
            }
        } catch let error as WorkoutLookupError {
            throw RPCError.invalidParams("race: \(error.description)")
        }
        let track = RaceTrack(try WorkoutRecording(store: store, detail: detail))
        guard track.totalDistance >= 100 else {
            throw RPCError.invalidParams("race: workout \(detail.summary.id.prefix(8)) has no distance to race (\(Int(track.totalDistance)) m)")
        }
        return WorkoutPlan(name: "race", activity: detail.summary.activity ?? activity ?? .running, kind: .race(track))
    }
}
