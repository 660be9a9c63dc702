// StepSegments: a saved structured workout keeps its steps. Each step that ends becomes a `segment`
// event (HealthKit's HKWorkoutEventType.segment: a date interval) whose metadata says which step it
// was and what it measured (active seconds, metres, kilocalories), so `coach show` lists the steps
// and `coach stats --by step` reads each step's samples. This machine owns when and at which
// measures the current step began, and returns the events for the session to record: the same
// calls run live and when a journal is replayed (a step change is journaled as `.planStep`), so a
// workout recovered after kill -9 saves the same segments and multisport transitions as one that
// never stopped.

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

/// What the session records for a step: its span, and between swim-bike-run legs a transition.
enum SegmentAction: Sendable, Hashable {
    case segment(from: Timestamp, to: Timestamp, metadata: [String: String])
    case marker(name: String)
}

struct StepSegments: Sendable, Hashable {
    /// When and at which measures the current step began; nil until the first step change: the
    /// first step begins with the activity (`activityStart`).
    private var startedAt: Timestamp?
    private var start = PlanMeasures.zero

    /// The step before `progress.index` ended at `progress.start` (now): its segment, and for a
    /// swim-bike-run the transition marker between the legs. Then the new step's start is kept.
    mutating func close(_ runner: PlanRunner, startingAt progress: PlanProgress, activityStart: Timestamp?,
                        at now: Timestamp) -> [SegmentAction] {
        var actions: [SegmentAction] = []
        let ended = progress.index - 1
        if ended >= 0, ended < runner.steps.count {
            actions.append(segment(runner, index: ended, reaching: progress.start, reason: progress.reason.rawValue,
                                   activityStart: activityStart, at: now))
            if case .swimBikeRun = runner.plan.kind, progress.index < runner.steps.count {
                let from = runner.steps[ended].step.activity, to = runner.steps[progress.index].step.activity
                actions.append(.marker(name: "transition:\(from?.rawValue ?? "?")→\(to?.rawValue ?? "?")"))
            }
        }
        startedAt = now
        start = progress.start
        return actions
    }

    /// The workout ends inside a step, at `reached`: that step is kept as far as it went.
    func closeUnfinished(_ runner: PlanRunner, reaching reached: PlanMeasures, activityStart: Timestamp?,
                         at now: Timestamp) -> [SegmentAction] {
        guard !runner.isFinished else { return [] }
        return [segment(runner, index: runner.index, reaching: reached, reason: "ended", activityStart: activityStart, at: now)]
    }

    private func segment(_ runner: PlanRunner, index: Int, reaching end: PlanMeasures, reason: String,
                         activityStart: Timestamp?, at now: Timestamp) -> SegmentAction {
        .segment(from: startedAt ?? activityStart ?? now, to: now,
                 metadata: Self.metadata(runner, index: index, from: start, to: end, reason: reason))
    }

    static func metadata(_ runner: PlanRunner, index: Int, from start: PlanMeasures, to end: PlanMeasures,
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
