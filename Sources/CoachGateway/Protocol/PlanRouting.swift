// Finding a plan for a start: the saved plans in $XDG_CONFIG_HOME/coach/workouts (docs/plans.md).
// A missing or broken plan is the caller's mistake, answered as invalid params naming the file.

import CoachCore
import CoachPlans
import CoachWire

enum PlanRouting {
    static func load(_ name: String, from library: PlanLibrary) throws -> WorkoutPlan {
        do {
            guard let plan = try library.load(name) else {
                throw RPCError.invalidParams("plan: no plan named '\(name)' in \(library.directory) (coach plan list)")
            }
            return plan
        } catch let error as PlanFileError {
            throw RPCError.invalidParams("plan: " + error.description)
        }
    }
}
