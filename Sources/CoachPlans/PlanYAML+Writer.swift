// A plan back to the YAML a person would write (`coach plan show`, a FIT workout imported as a
// plan): what `PlanYAML.parse` reads to the same plan.

import CoachCore
import CoachWire
import Foundation

extension PlanYAML {
    public static func text(_ plan: WorkoutPlan) -> String {
        if case .race(let track) = plan.kind {
            // A race is built from a saved workout, never from a file: written as what it asks, its distance.
            return text(WorkoutPlan(name: plan.name, activity: plan.activity, kind: .singleGoal(.distance(meters: track.totalDistance))))
        }
        var lines = ["name: \(quoted(plan.name))", "activity: \(plan.activity.rawValue)", "kind: \(plan.kind.name)"]
        switch plan.kind {
        case .race: break
        case .singleGoal(let goal):
            lines.append("goal: \(PlanValues.text(goal))")
        case .pacer(let meters, let seconds):
            lines.append("distance: \(PlanValues.text(.distance(meters: meters)))")
            lines.append("time: \(PlanValues.text(.time(seconds: seconds)))")
        case .swimBikeRun(let legs):
            lines.append("legs:")
            for leg in legs { lines += stepLines(leg, head: leg.activity?.rawValue ?? "running", indent: "  ") }
        case .custom(let custom):
            if let warmup = custom.warmup { lines += edgeLines(warmup, key: "warmup") }
            lines.append("blocks:")
            for block in custom.blocks {
                lines.append("  - repeat: \(block.iterations)")
                lines.append("    steps:")
                for step in block.steps { lines += stepLines(step, head: step.purpose.rawValue, indent: "      ") }
            }
            if let cooldown = custom.cooldown { lines += edgeLines(cooldown, key: "cooldown") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func stepLines(_ step: PlanStep, head: String, indent: String) -> [String] {
        var lines = ["\(indent)- \(head): \(PlanValues.text(step.goal))"]
        if let alert = step.alert { lines.append("\(indent)  \(key(alert.metric)): \(quoted(PlanValues.text(alert.metric, alert.target)))") }
        if let name = step.name { lines.append("\(indent)  name: \(quoted(name))") }
        return lines
    }

    private static func edgeLines(_ step: PlanStep, key edge: String) -> [String] {
        guard step.alert != nil || step.name != nil else { return ["\(edge): \(PlanValues.text(step.goal))"] }
        var lines = ["\(edge):", "  goal: \(PlanValues.text(step.goal))"]
        if let alert = step.alert { lines.append("  \(key(alert.metric)): \(quoted(PlanValues.text(alert.metric, alert.target)))") }
        if let name = step.name { lines.append("  name: \(quoted(name))") }
        return lines
    }

    private static func key(_ metric: AlertMetric) -> String {
        metric == .heartRate ? "heart_rate" : metric.rawValue
    }

    /// Double-quoted when YAML would read the text as something else (a colon, a leading digit…).
    private static func quoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" || $0 == "_" }
            && text.first?.isLetter == true
        return plain ? text : "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
