// What a running plan tells the channels: a step began or ended, a multisport transition, an
// alert and its "back in range", the plan complete; and the current step as the feed shows it.

import CoachWire

/// A change in the plan, carried by `WorkoutNotification.plan` to announcements and events.
public enum PlanNotice: Sendable, Hashable {
    case stepStarted(PlanStepStatus)
    case stepEnded(PlanStepStatus, reason: StepChangeReason)
    case transition(from: ActivityType?, to: ActivityType?)
    case alert(metric: AlertMetric, AlertDirection, step: PlanStepStatus)
    case backInRange(metric: AlertMetric, step: PlanStepStatus)
    case finished

    /// The protocol's `event` field.
    public var kind: String {
        switch self {
        case .stepStarted: return "stepStarted"
        case .stepEnded: return "stepEnded"
        case .transition: return "transition"
        case .alert: return "alert"
        case .backInRange: return "backInRange"
        case .finished: return "planFinished"
        }
    }
}

/// The current step as every presentation shows it: "Interval 3/5 · 400 m · 1:32 left · target
/// 4:00–4:10/km". Words come from Intents/<lang>/_responses.yaml; this holds only values.
public struct PlanStepStatus: Sendable, Hashable, Codable {
    public var planName: String
    /// 0-based index among all steps, and their number.
    public var index: Int
    public var count: Int
    public var purpose: StepPurpose
    public var name: String?
    /// The repeat of the block ("3" of "5"); 1 of 1 outside blocks.
    public var iteration: Int
    public var iterations: Int
    public var goal: WorkoutGoal
    /// Left of the goal, in its unit (seconds, metres, kilocalories); nil when open.
    public var remaining: Double?
    public var alert: PlanAlert?
    /// The range the alert holds, in the metric's unit (a zone resolved with the athlete's zones).
    public var target: ClosedRange<Double>?
    /// Set while the step's metric is out of range (between an alert and its "back in range").
    public var outOfRange: AlertDirection?
    /// A multisport leg's activity.
    public var activity: ActivityType?
    /// A pacer's or a race's gap in seconds: positive ahead, negative behind; nil when it cannot be
    /// told (too early, beyond the past distance, off the past route, another kind of step).
    public var gap: Double?
    /// The step after this one ("what's next"); nil on the last step.
    public var next: PlannedStep?

    public init(planName: String, index: Int, count: Int, planned: PlannedStep, remaining: Double?,
                target: ClosedRange<Double>?, outOfRange: AlertDirection? = nil) {
        self.planName = planName
        self.index = index
        self.count = count
        self.purpose = planned.step.purpose
        self.name = planned.step.name
        self.iteration = planned.iteration
        self.iterations = planned.iterations
        self.goal = planned.step.goal
        self.remaining = remaining
        self.alert = planned.step.alert
        self.target = target
        self.outOfRange = outOfRange
        self.activity = planned.step.activity
    }
}
