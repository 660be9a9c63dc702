// FIT workout files (file type 5): a plan as Garmin's `workout` and `workout_step` messages, so a
// watch or Garmin Connect can run it. A block repeated N times is its steps followed by a
// "repeat until steps complete" step pointing back at the block's first step (FIT SDK, Workout
// File). Targets: pace and speed as a custom speed range (mm/s), heart rate as a zone or a custom
// range (bpm + 100), cadence, power (W + 1000). A swim-bike-run plan is written as its legs in one
// workout (FIT workouts are single-sport); its sport is the plan's first leg's.

import CoachCore
import CoachWire
import Foundation

public enum FITWorkoutWriter {
    private enum Local { static let fileID: UInt8 = 0, workout: UInt8 = 1, step: UInt8 = 2 }

    /// FIT's `wkt_step_duration`, `wkt_step_target` and `intensity` values used here.
    enum Duration { static let time: UInt64 = 0, distance: UInt64 = 1, calories: UInt64 = 4, open: UInt64 = 5, repeatSteps: UInt64 = 6 }
    enum Target { static let speed: UInt64 = 0, heartRate: UInt64 = 1, open: UInt64 = 2, cadence: UInt64 = 3, power: UInt64 = 4 }
    enum Intensity { static let active: UInt64 = 0, rest: UInt64 = 1, warmup: UInt64 = 2, cooldown: UInt64 = 3 }

    public static func write(_ plan: WorkoutPlan, created: Date = Date()) -> Data {
        var fit = FITEncoder()
        fit.fileID(local: Local.fileID, type: 5, created: FIT.timestamp(Int64(created.timeIntervalSince1970)))   // a workout file

        let rows = stepRows(plan)
        fit.define(local: Local.workout, global: 26, [
            FITField(number: 4, size: 1, base: FIT.Base.enumeration),    // sport
            FITField(number: 6, size: 2, base: FIT.Base.uint16),         // num_valid_steps
        ])
        fit.message(local: Local.workout, [sport(plan), UInt64(rows.count)])

        fit.define(local: Local.step, global: 27, [
            FITField(number: 254, size: 2, base: FIT.Base.uint16),       // message_index
            FITField(number: 1, size: 1, base: FIT.Base.enumeration),    // duration_type
            FITField(number: 2, size: 4, base: FIT.Base.uint32),         // duration_value
            FITField(number: 3, size: 1, base: FIT.Base.enumeration),    // target_type
            FITField(number: 4, size: 4, base: FIT.Base.uint32),         // target_value
            FITField(number: 5, size: 4, base: FIT.Base.uint32),         // custom_target_value_low
            FITField(number: 6, size: 4, base: FIT.Base.uint32),         // custom_target_value_high
            FITField(number: 7, size: 1, base: FIT.Base.enumeration),    // intensity
        ])
        for (index, row) in rows.enumerated() { fit.message(local: Local.step, [UInt64(index)] + row) }
        return fit.file()
    }

    /// One row a step, in the message's field order after message_index.
    static func stepRows(_ plan: WorkoutPlan) -> [[UInt64]] {
        switch plan.kind {
        case .singleGoal(let goal):
            return [row(PlanStep(purpose: .work, goal: goal))]
        case .pacer, .race:
            return plan.steps.map { row($0.step) }
        case .swimBikeRun(let legs):
            return legs.map(row)
        case .custom(let custom):
            var rows: [[UInt64]] = []
            if let warmup = custom.warmup { rows.append(row(warmup)) }
            for block in custom.blocks {
                let first = rows.count
                rows += block.steps.map(row)
                if block.iterations > 1 {
                    let invalid = FIT.invalidUInt32
                    rows.append([Duration.repeatSteps, UInt64(first), Target.open, UInt64(block.iterations), invalid, invalid,
                                 Intensity.active])
                }
            }
            if let cooldown = custom.cooldown { rows.append(row(cooldown)) }
            return rows
        }
    }

    static func row(_ step: PlanStep) -> [UInt64] {
        let invalid = FIT.invalidUInt32
        let (durationType, durationValue): (UInt64, UInt64)
        switch step.goal {
        case .open: (durationType, durationValue) = (Duration.open, invalid)
        case .time(let seconds): (durationType, durationValue) = (Duration.time, FIT.scaled(seconds, scale: 1000, bytes: 4))
        case .distance(let meters): (durationType, durationValue) = (Duration.distance, FIT.scaled(meters, scale: 100, bytes: 4))
        case .energy(let kcal): (durationType, durationValue) = (Duration.calories, FIT.scaled(kcal, bytes: 4))
        }
        var target: (UInt64, UInt64, UInt64, UInt64) = (Target.open, invalid, invalid, invalid)
        if let alert = step.alert {
            switch (alert.metric, alert.target) {
            case (.heartRate, .zone(let zone)): target = (Target.heartRate, UInt64(zone), invalid, invalid)
            case (.heartRate, .range(let low, let high)):
                target = (Target.heartRate, 0, FIT.scaled(low, offset: 100, bytes: 4), FIT.scaled(high, offset: 100, bytes: 4))
            case (.pace, .range(let low, let high)):
                // Slower pace is lower speed: the range flips.
                target = (Target.speed, 0, FIT.scaled(1000 / high, scale: 1000, bytes: 4), FIT.scaled(1000 / low, scale: 1000, bytes: 4))
            case (.speed, .range(let low, let high)):
                target = (Target.speed, 0, FIT.scaled(low, scale: 1000, bytes: 4), FIT.scaled(high, scale: 1000, bytes: 4))
            case (.cadence, .range(let low, let high)):
                target = (Target.cadence, 0, FIT.scaled(low, bytes: 4), FIT.scaled(high, bytes: 4))
            case (.power, .range(let low, let high)):
                target = (Target.power, 0, FIT.scaled(low, offset: 1000, bytes: 4), FIT.scaled(high, offset: 1000, bytes: 4))
            default: break
            }
        }
        let intensity: UInt64
        switch step.purpose {
        case .warmup: intensity = Intensity.warmup
        case .cooldown: intensity = Intensity.cooldown
        case .recovery: intensity = Intensity.rest
        case .work, .leg, .race: intensity = Intensity.active
        }
        return [durationType, durationValue, target.0, target.1, target.2, target.3, intensity]
    }

    /// FIT's sport: running 1, cycling 2, swimming 5, walking 11, rowing 15, hiking 17; else generic 0.
    static func sport(_ plan: WorkoutPlan) -> UInt64 {
        var activity = plan.activity
        if case .swimBikeRun(let legs) = plan.kind, let first = legs.first?.activity { activity = first }
        switch activity {
        case .running: return 1
        case .cycling: return 2
        case .swimming: return 5
        case .walking: return 11
        case .rowing: return 15
        case .hiking: return 17
        default: return 0
        }
    }
}
