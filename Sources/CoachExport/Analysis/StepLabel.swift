// StepLabel: which plan step a span of a saved workout was, read back from its segment event's
// metadata (written by StepSegments) for `coach stats --by step` and `coach show`.

import CoachCore

public struct StepLabel: Sendable, Hashable, Codable {
    /// 1-based, of `steps`.
    public var number: Int
    public var steps: Int
    /// The step's purpose (warmup, work, recovery, cooldown, leg …) as the plan files name it.
    public var purpose: String
    public var name: String?
    public var iteration: Int
    public var iterations: Int
    public var plan: String
    /// goal, skipped, or ended (the workout ended inside the step).
    public var reason: String
    /// The step's own measures: active seconds, metres, kilocalories.
    public var activeSeconds: Double
    public var distance: Double
    public var energy: Double

    /// nil when the metadata is not a plan step's (a segment of another kind).
    public init?(_ metadata: [String: String]) {
        guard let number = metadata[StepSegmentKey.step].flatMap(Int.init), number >= 1,
              let steps = metadata[StepSegmentKey.steps].flatMap(Int.init),
              let purpose = metadata[StepSegmentKey.purpose] else { return nil }
        self.number = number
        self.steps = steps
        self.purpose = purpose
        self.name = metadata[StepSegmentKey.name]
        self.iteration = metadata[StepSegmentKey.iteration].flatMap(Int.init) ?? 1
        self.iterations = metadata[StepSegmentKey.iterations].flatMap(Int.init) ?? 1
        self.plan = metadata[StepSegmentKey.plan] ?? ""
        self.reason = metadata[StepSegmentKey.reason] ?? "goal"
        self.activeSeconds = metadata[StepSegmentKey.activeSeconds].flatMap(Double.init) ?? 0
        self.distance = metadata[StepSegmentKey.distance].flatMap(Double.init) ?? 0
        self.energy = metadata[StepSegmentKey.energy].flatMap(Double.init) ?? 0
    }

    /// "3/12 work 2/5", "1/12 warmup", "4/12 Hill": the step, its purpose or name, its repeat.
    public var text: String {
        var text = "\(number)/\(steps) \(name ?? purpose)"
        if iterations > 1 { text += " \(iteration)/\(iterations)" }
        if reason == "skipped" { text += " (skipped)" }
        return text
    }
}
