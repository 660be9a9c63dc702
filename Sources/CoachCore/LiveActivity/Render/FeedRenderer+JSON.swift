// JSON lines: one object per update with stable, documented keys (docs/status-feed.md). Keys are
// always present; a value that is unknown, unavailable or redacted is null, so consumers can index
// without checks. While locked, `metrics` is `{}` and goal, progress and laps are null.

import CoachWire

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension FeedRenderer {
    func json(_ view: FeedView, presentation: FeedPresentation) -> String {
        let content = view.content
        let state = content.state
        let attributes = content.attributes
        let metrics = JSONText.object(state.metrics.map { ($0.kind.rawValue, JSONText.number($0.value, decimals: 3)) })
        let goal = attributes?.goal.flatMap { goal -> String? in
            goal == .open ? nil : JSONText.object([("type", JSONText.string(goal.type)), ("value", JSONText.number(goal.value, decimals: 3))])
        } ?? "null"
        func optionalString(_ value: String?) -> String { value.map(JSONText.string) ?? "null" }
        return JSONText.object([
            ("version", "1"),
            ("class", JSONText.string(content.styleClass)),
            ("phase", JSONText.string(state.phase.rawValue)),
            ("activityState", JSONText.string(content.activityState.rawValue)),
            ("workoutID", optionalString(attributes?.workoutID)),
            ("activity", optionalString(attributes?.activity.rawValue)),
            ("activityName", optionalString(attributes.map { wording.label($0.activity) })),
            ("location", optionalString(attributes.map(\.location).flatMap { $0 == .unknown ? nil : $0.rawValue })),
            ("title", JSONText.string(view.title)),
            ("workoutName", optionalString(attributes?.workoutName)),
            ("goal", goal),
            ("elapsed", JSONText.number(state.elapsed, decimals: 3)),
            ("countdown", JSONText.int(state.countdown)),
            ("metrics", metrics),
            ("heartRateZone", JSONText.int(state.heartRateZone)),
            ("powerZone", JSONText.int(state.powerZone)),
            ("goalProgress", JSONText.number(state.goalProgress, decimals: 3)),
            ("goalReached", JSONText.bool(state.goalReached)),
            ("laps", JSONText.int(state.laps)),
            ("step", stepJSON(state.step, locked: state.isLocked)),
            ("stale", JSONText.bool(state.isStale)),
            ("locked", JSONText.bool(state.isLocked)),
            ("startDate", JSONText.number(attributes?.startDate?.timeIntervalSince1970, decimals: 3)),
            ("endDate", JSONText.number(state.endDate?.timeIntervalSince1970, decimals: 3)),
            ("staleDate", JSONText.number(content.staleDate?.timeIntervalSince1970, decimals: 3)),
            ("text", JSONText.string(Self.plain(view.lines(presentation)).joined(separator: "\n"))),
        ])
    }

    /// A plan's step: which one (always), its values (null while locked), its line as shown.
    func stepJSON(_ step: PlanStepStatus?, locked: Bool) -> String {
        guard let step else { return "null" }
        return JSONText.object([
            ("index", JSONText.int(step.index)), ("count", JSONText.int(step.count)),
            ("purpose", JSONText.string(step.purpose.rawValue)),
            ("iteration", JSONText.int(step.iteration)), ("iterations", JSONText.int(step.iterations)),
            ("label", JSONText.string(wording.stepLabel(step))),
            ("remaining", JSONText.number(step.remaining, decimals: 3)),
            ("target", step.target.map { "[" + JSONText.number($0.lowerBound, decimals: 3) + "," + JSONText.number($0.upperBound, decimals: 3) + "]" } ?? "null"),
            ("metric", step.alert.map { JSONText.string($0.metric.rawValue) } ?? "null"),
            ("outOfRange", step.outOfRange.map { JSONText.string($0.rawValue) } ?? "null"),
            ("gap", JSONText.number(step.gap, decimals: 1)),
            ("text", JSONText.string(wording.stepLine(step, locked: locked))),
        ])
    }
}
