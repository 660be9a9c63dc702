// A plan from what a sentence said (StartPlannedWorkout's slots, Intents/<lang>/StartPlannedWorkout.yaml):
// intervals ("5 by 400 meters with 90 seconds rest"), a pacer ("a 5k pacer in 25 minutes"), a
// warm-up then a block at a zone, or a saved plan by name. Pure but for the library lookup.

import CoachCore
import CoachLanguage
import CoachPlans
import CoachWire

enum PlanFromSentence {
    /// The plan the slots describe; nil when a saved plan is named but not found, or the numbers
    /// make no plan.
    static func plan(_ values: [String: SlotValue], library: PlanLibrary) -> WorkoutPlan? {
        func number(_ key: String) -> Double? { if case .number(let n)? = values[key] { return n } else { return nil } }
        func text(_ key: String) -> String? {
            switch values[key] {
            case .string(let s)?: return s
            case .number(let n)?: return JSONText.number(n)
            default: return nil
            }
        }
        func goal(_ value: String, _ unit: String) -> WorkoutGoal? {
            guard let n = number(value), n > 0, let u = text(unit) else { return nil }
            switch u {
            case "second": return .time(seconds: n)
            case "minute": return .time(seconds: n * 60)
            case "hour": return .time(seconds: n * 3600)
            case "meter": return .distance(meters: n)
            case "kilometer": return .distance(meters: n * 1000)
            case "mile": return .distance(meters: n * 1609.344)
            case "yard": return .distance(meters: n * 0.9144)
            case "foot": return .distance(meters: n * 0.3048)
            default: return nil
            }
        }

        if let name = text("plan") {
            let word = name.lowercased()
            return (try? library.load(word)) ?? nil
        }
        if let reps = number("reps"), let work = goal("step_value", "step_unit") {
            var steps = [PlanStep(purpose: .work, goal: work)]
            if let rest = goal("rest_value", "rest_unit") { steps.append(PlanStep(purpose: .recovery, goal: rest)) }
            let n = Int(reps)
            guard (2...99).contains(n) else { return nil }
            let name = "\(n)x" + (Wording.goalText(work)?.filter { !$0.isWhitespace } ?? "")
            return WorkoutPlan(name: name, activity: .running, kind: .custom(CustomPlan(blocks: [IntervalBlock(steps: steps, iterations: n)])))
        }
        if let distance = goal("pace_distance", "pace_distance_unit"), case .distance(let meters) = distance,
           let time = goal("pace_time", "pace_time_unit"), case .time(let seconds) = time {
            let name = (Wording.goalText(distance)?.filter { !$0.isWhitespace } ?? "") + " pacer"
            return WorkoutPlan(name: name, activity: .running, kind: .pacer(meters: meters, seconds: seconds))
        }
        if let main = goal("step_value", "step_unit"), let zone = number("zone"), (1...5).contains(Int(zone)) {
            let warmup = goal("warmup_value", "warmup_unit").map { PlanStep(purpose: .warmup, goal: $0) }
            let block = PlanStep(purpose: .work, goal: main, alert: PlanAlert(metric: .heartRate, target: .zone(Int(zone))))
            return WorkoutPlan(name: "zone \(Int(zone))", activity: .running,
                               kind: .custom(CustomPlan(warmup: warmup, blocks: [IntervalBlock(steps: [block])])))
        }
        return nil
    }
}

extension Gateway {
    /// "start my threshold plan", "start 5 by 400 meters…": the start with its plan, or the reply
    /// that there is no such plan. Nil when the line is not a StartPlannedWorkout.
    func plannedStart(_ recognition: Recognition, language: Language, readScope: ReadScope?) async -> (WorkoutIntent?, GatewayResult?)? {
        guard recognition.intent == IntentKind.startPlannedWorkout.rawValue else { return nil }
        if let race = raceFromSentence(recognition.slots.values) {
            guard let readScope, let plan = try? RaceRouting.plan("last", activity: race.activity, distance: race.metres,
                                                                  store: store(), scope: readScope) else {
                let outcome = IntentOutcome(intent: .startPlannedWorkout, phase: .resolve, code: .failureNoMatchingWorkout,
                                            parameter: "race", snapshot: await source.status())
                var result = result(for: outcome, language: language)
                result.recognition = recognition
                return (nil, result)
            }
            return (.start(StartWorkoutIntent(activity: plan.activity, plan: plan)), nil)
        }
        guard let plan = PlanFromSentence.plan(recognition.slots.values, library: plans) else {
            let outcome = IntentOutcome(intent: .startPlannedWorkout, phase: .resolve, code: .failureNoMatchingWorkout,
                                        parameter: "plan", snapshot: await source.status())
            var result = result(for: outcome, language: language)
            result.recognition = recognition
            return (nil, result)
        }
        return (.start(StartWorkoutIntent(activity: plan.activity, plan: plan)), nil)
    }
}

/// "race my last 5k", "race my last ride": the activity and, when said, the distance of the past
/// workout to race (slots `race`, `race_distance`, `race_distance_unit`, `activity`).
private func raceFromSentence(_ values: [String: SlotValue]) -> (activity: ActivityType?, metres: Double?)? {
    guard case .string(let race)? = values["race"], race == "last" else { return nil }
    var activity: ActivityType?
    if case .string(let name)? = values["activity"] { activity = ActivityType(rawValue: name) }
    var metres: Double?
    if case .number(let value)? = values["race_distance"] {
        var unit: String?
        if case .string(let text)? = values["race_distance_unit"] { unit = text }
        let perUnit: [String: Double] = ["meter": 1, "kilometer": 1000, "mile": 1609.344, "yard": 0.9144]
        metres = value * (perUnit[unit ?? "kilometer"] ?? 1000)
    }
    return (activity ?? .running, metres)
}
