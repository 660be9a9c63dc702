// A plan's step in words — "Interval 3/5 · 400 m · 1:32 left · target 4:00–4:10/km" — for the
// status line, the bars, the widget and announcements. The words are `plan:` in
// Intents/<lang>/_responses.yaml; this file only puts values into them.

import CoachWire

extension Wording {
    /// Every key of `plan:` Wording reads.
    static let planKeys = [
        "warmup", "work", "interval", "recovery", "recoveryOf", "cooldown", "leg", "race", "ahead", "behind", "level", "gapSeconds",
        "left", "target",
        "open", "complete", "above", "below", "back", "heartRate", "pace", "speed", "cadence", "power",
        "spokenInterval", "spokenRecoveryOf", "spokenLeg", "spokenLeft", "spokenSeparator", "onTarget", "onPace", "tooFast",
        "tooSlow", "aboveTarget", "belowTarget", "next", "lastStep",
    ]

    func planWord(_ key: String, _ values: [String: String] = [:]) -> String {
        Self.fill(plan[key] ?? key, values)
    }

    /// "Interval 3/5", "Recovery 3/5", "Warm-up", "Leg 2/3"; the user's own name when the step has one.
    public func stepLabel(_ step: PlanStepStatus) -> String {
        if let name = step.name { return name }
        let values = ["iteration": String(step.iteration), "iterations": String(step.iterations)]
        switch step.purpose {
        case .warmup: return planWord("warmup")
        case .cooldown: return planWord("cooldown")
        case .leg: return planWord("leg", values)
        case .race: return planWord("race")
        case .work: return step.iterations > 1 ? planWord("interval", values) : planWord("work")
        case .recovery: return step.iterations > 1 ? planWord("recoveryOf", values) : planWord("recovery")
        }
    }

    /// The step's line. Locked, only its label: which step it is is not a metric, how far is.
    /// Distances in `unit` (the settings' `units:`).
    public func stepLine(_ step: PlanStepStatus, locked: Bool, unit: DistanceUnit = .kilometers) -> String {
        var parts = [stepLabel(step)]
        guard !locked else { return parts[0] }
        parts.append(Self.goalText(step.goal, unit: unit) ?? planWord("open"))
        if let remaining = step.remaining, let text = Self.goalText(step.goal, value: remaining, unit: unit) {
            parts.append(planWord("left", ["value": text]))
        }
        if let alert = step.alert, let target = step.target {
            // While the alert holds, an arrow says which side of the range the metric is on.
            let side = step.outOfRange.map { $0 == .above ? " ▲" : " ▼" } ?? ""
            parts.append(planWord("target", ["range": Self.rangeText(alert.metric, target)]) + side)
        }
        if let gap = step.gap { parts.append(gapText(gap)) }
        return parts.joined(separator: " · ")
    }

    /// The step as a status answer says it — "Interval 2 of 5, 180 m left, on pace" — and the
    /// one after it ("Next: Recovery 2 of 5, 1:30"). Locked, only which step it is.
    public func spokenStep(_ step: PlanStepStatus, locked: Bool, unit: DistanceUnit = .kilometers) -> String {
        let values = ["iteration": String(step.iteration), "iterations": String(step.iterations)]
        var label = stepLabel(step)
        if step.name == nil, step.iterations > 1 {
            switch step.purpose {
            case .work: label = planWord("spokenInterval", values)
            case .recovery: label = planWord("spokenRecoveryOf", values)
            case .leg: label = planWord("spokenLeg", values)
            default: break
            }
        }
        var parts = [label]
        guard !locked else { return label }
        if let remaining = step.remaining, let text = Self.goalText(step.goal, value: remaining, unit: unit) {
            parts.append(planWord("spokenLeft", ["value": text]))
        }
        if let gap = step.gap {
            parts.append(gapText(gap))
        } else if let alert = step.alert, step.target != nil {
            let pace = alert.metric == .pace
            switch step.outOfRange {
            case nil: parts.append(planWord(pace ? "onPace" : "onTarget"))
            // A pace above its range is slower than it should be.
            case .above?: parts.append(pace ? planWord("tooSlow") : planWord("aboveTarget", ["metric": planWord(alert.metric.rawValue)]))
            case .below?: parts.append(pace ? planWord("tooFast") : planWord("belowTarget", ["metric": planWord(alert.metric.rawValue)]))
            }
        }
        return parts.joined(separator: planWord("spokenSeparator"))
    }

    /// "Next: Recovery 2 of 5, 1:30"; on the last step, that it is the last.
    public func nextStep(_ step: PlanStepStatus, unit: DistanceUnit = .kilometers) -> String {
        guard let next = step.next else { return planWord("lastStep") }
        let status = PlanStepStatus(planName: step.planName, index: step.index + 1, count: step.count, planned: next,
                                    remaining: nil, target: nil)
        var text = spokenStep(status, locked: true, unit: unit)
        if let goal = Self.goalText(next.step.goal, unit: unit) { text += planWord("spokenSeparator") + goal }
        return planWord("next", ["step": text])
    }

    /// "12 s ahead", "1:05 behind", "level": a pacer's or a race's gap (positive: ahead).
    public func gapText(_ gap: Double) -> String {
        let seconds = abs(gap).rounded()
        guard seconds >= 1 else { return planWord("level") }
        let amount = seconds >= 60 ? Self.clock(seconds) : planWord("gapSeconds", ["value": String(Int(seconds))])
        return planWord(gap > 0 ? "ahead" : "behind", ["time": amount])
    }

    /// "heart rate above 150–160 bpm": what an alert says, with the metric's word.
    public func alertText(_ metric: AlertMetric, _ direction: AlertDirection?, target: ClosedRange<Double>?) -> String {
        let values = ["metric": planWord(metric.rawValue), "range": target.map { Self.rangeText(metric, $0) } ?? ""]
        switch direction {
        case .above?: return planWord("above", values)
        case .below?: return planWord("below", values)
        case nil: return planWord("back", values)
        }
    }

    /// "400 m", "1.5 km", "1:30", "50 kcal"; nil for an open goal. `value` replaces the goal's own.
    /// In miles, "0.25 mi", "3.11 mi" (a track's metres stay metres only in kilometres).
    public static func goalText(_ goal: WorkoutGoal, value: Double? = nil, unit: DistanceUnit = .kilometers) -> String? {
        switch goal {
        case .open: return nil
        case .time(let seconds): return clock(value ?? seconds)
        case .distance(let meters):
            let m = value ?? meters
            if unit == .miles { return "\(JSONText.number(m / unit.meters, decimals: 2)) mi" }
            return m >= 1000 ? "\(JSONText.number(m / 1000, decimals: 2)) km" : "\(Int(m.rounded())) m"
        case .energy(let kcal): return "\(Int((value ?? kcal).rounded())) kcal"
        }
    }

    /// "4:00–4:10/km", "150–160 bpm", "10.8–11.5 km/h", "170–180 spm", "200–250 W".
    public static func rangeText(_ metric: AlertMetric, _ range: ClosedRange<Double>) -> String {
        func whole(_ v: Double) -> String { String(Int(v.rounded())) }
        switch metric {
        case .pace: return "\(clock(range.lowerBound))–\(clock(range.upperBound))/km"
        case .speed:
            return "\(JSONText.number(range.lowerBound * 3.6, decimals: 1))–\(JSONText.number(range.upperBound * 3.6, decimals: 1)) km/h"
        case .heartRate: return "\(whole(range.lowerBound))–\(whole(range.upperBound)) bpm"
        case .cadence: return "\(whole(range.lowerBound))–\(whole(range.upperBound)) spm"
        case .power: return "\(whole(range.lowerBound))–\(whole(range.upperBound)) W"
        }
    }

    /// "1:32", "1:02:03".
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        let (h, m, s) = (total / 3600, (total % 3600) / 60, total % 60)
        let ss = s < 10 ? "0\(s)" : "\(s)"
        if h > 0 { return "\(h):\(m < 10 ? "0" : "")\(m):\(ss)" }
        return "\(m):\(ss)"
    }
}

extension Wording {
    /// A word of `feed:` for a client outside CoachCore ("Zone {zone}").
    public func feedWordPublic(_ key: String, _ values: [String: String] = [:]) -> String { feedWord(key, values) }
}
