// WorkoutEngine+PlanSegments: a saved structured workout keeps its steps. Each step that ends
// becomes a `segment` event (HealthKit's HKWorkoutEventType.segment: a date interval) whose metadata
// says which step it was and what it measured (active seconds, metres, kilocalories), so `coach
// show` lists the steps and `coach stats --by step` reads each step's samples. The same code runs
// live and when a journal is replayed (a step change is journaled as `.planStep`), so a workout
// recovered after kill -9 saves the same segments and multisport transitions as one that never
// stopped.

import CoachWire

/// The metadata keys of a step's segment event (stored with the event; read by the store's queries).
public enum StepSegmentKey {
    public static let step = "step"
    public static let steps = "steps"
    public static let purpose = "purpose"
    public static let name = "name"
    public static let plan = "plan"
    public static let reason = "reason"
    public static let iteration = "iteration"
    public static let iterations = "iterations"
    public static let activeSeconds = "activeSeconds"
    public static let distance = "distance"
    public static let energy = "energy"
}

extension Workout {
    /// The step before `progress.index` ended at `progress.start` (now): its segment, and for a
    /// swim-bike-run the transition marker between the legs. Then the new step's start is kept.
    mutating func closeStep(startingAt progress: PlanProgress, at now: Timestamp) {
        guard let run = plan else { return }
        let ended = progress.index - 1
        if ended >= 0, ended < run.runner.steps.count {
            appendSegment(of: ended, reaching: progress.start, reason: progress.reason.rawValue, at: now)
            if case .swimBikeRun = run.runner.plan.kind, progress.index < run.runner.steps.count {
                let from = run.runner.steps[ended].step.activity, to = run.runner.steps[progress.index].step.activity
                _ = session.marker(at: now, name: "transition:\(from?.rawValue ?? "?")→\(to?.rawValue ?? "?")")
            }
        }
        plan?.stepStartedAt = now
        plan?.stepStart = progress.start
    }

    /// The workout ends inside a step, at `reached`: that step is kept as far as it went.
    mutating func closeUnfinishedStep(reaching reached: PlanMeasures, at now: Timestamp) {
        guard let run = plan, !run.runner.isFinished else { return }
        appendSegment(of: run.runner.index, reaching: reached, reason: "ended", at: now)
    }

    private mutating func appendSegment(of index: Int, reaching end: PlanMeasures, reason: String, at now: Timestamp) {
        guard let run = plan else { return }
        let from = run.stepStartedAt ?? session.startDate ?? now
        session.segment(from: from, to: now, metadata: Self.segmentMetadata(run.runner, index: index, from: run.stepStart,
                                                                            to: end, reason: reason))
    }

    static func segmentMetadata(_ runner: PlanRunner, index: Int, from start: PlanMeasures, to end: PlanMeasures,
                                reason: String) -> [String: String] {
        let planned = runner.steps[index]
        var metadata = [
            StepSegmentKey.step: String(index + 1),
            StepSegmentKey.steps: String(runner.steps.count),
            StepSegmentKey.purpose: planned.step.purpose.rawValue,
            StepSegmentKey.plan: runner.plan.name,
            StepSegmentKey.reason: reason,
            StepSegmentKey.iteration: String(planned.iteration),
            StepSegmentKey.iterations: String(planned.iterations),
            StepSegmentKey.activeSeconds: decimal(end.elapsed - start.elapsed),
            StepSegmentKey.distance: decimal(end.distance - start.distance),
            StepSegmentKey.energy: decimal(end.energy - start.energy),
        ]
        if let name = planned.step.name { metadata[StepSegmentKey.name] = name }
        return metadata
    }

    /// One decimal is enough for seconds, metres and kilocalories, and keeps the metadata readable.
    private static func decimal(_ value: Double) -> String {
        let rounded = (max(value, 0) * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
