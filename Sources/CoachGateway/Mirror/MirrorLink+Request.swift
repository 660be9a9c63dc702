// The request a mirror sends its primary for an intent said on the mirror: the same method and
// params a client of the primary would send, in the language it was said in. Pure: an intent in,
// a method name and its params out.

import CoachCore
import CoachWire

extension MirrorLink {
    /// The JSON-RPC method and params that ask the primary for `intent`.
    static func request(for intent: WorkoutIntent, language: Language) -> (String, JSONValue) {
        var params: [(String, JSONValue)] = [("lang", .string(language.rawValue))]
        func activity(_ type: ActivityType?) { if let type { params.append(("activity", .string(type.rawValue))) } }
        switch intent {
        case .start(let start):
            activity(start.activity)
            if let location = start.location, location != .unknown { params.append(("location", .string(location.rawValue))) }
            if let goal = start.goal, goal != .open { params.append(("goal", ["type": .string(goal.type), "value": .optional(goal.value)])) }
            if let open = start.isOpenEnded { params.append(("open", .bool(open))) }
            if let name = start.workoutName { params.append(("name", .string(name))) }
            if case .race(let track)? = start.plan?.kind {
                params.append(("race", .string(track.workoutID)))
            } else if let plan = start.plan {
                params.append(("plan", .string(plan.name)))
            }
            // The primary collects the types the mirror's user chose (start --collect / --no-collect).
            if let types = start.collectedTypes { params.append(("collect", .array(types.map { .string($0.rawValue) }))) }
            if let types = start.excludedTypes { params.append(("noCollect", .array(types.map { .string($0.rawValue) }))) }
            return ("start", .object(params))
        case .pause(let type): activity(type); return ("pause", .object(params))
        case .resume(let type): activity(type); return ("resume", .object(params))
        case .end(let type, let save): activity(type); params.append(("save", .bool(save))); return ("end", .object(params))
        case .cancel(let type, let confirmed): activity(type); params.append(("confirm", .bool(confirmed))); return ("cancel", .object(params))
        case .lap: return ("lap", .object(params))
        case .status: return ("status", .object(params))
        case .skipStep: return ("skipStep", .object(params))
        case .stepStatus: return ("stepStatus", .object(params))
        }
    }
}
