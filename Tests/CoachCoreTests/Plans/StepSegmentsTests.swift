// StepSegments alone: which events a step change asks the session to record, and from when.

@testable import CoachCore
import Testing

@Suite("Step segments")
struct StepSegmentsTests {
    private let triathlon = PlanRunner(plan: WorkoutPlan(name: "sprint", activity: .swimBikeRun, kind: .swimBikeRun([
        PlanStep(purpose: .leg, goal: .distance(meters: 100), activity: .swimming),
        PlanStep(purpose: .leg, goal: .open, activity: .cycling),
    ])))

    @Test func theFirstStepRunsFromTheActivitysStartAndALegChangeIsMarked() {
        var segments = StepSegments()
        let reached = PlanMeasures(elapsed: 80, distance: 100)
        let actions = segments.close(triathlon, startingAt: PlanProgress(index: 1, start: reached, reason: .goal),
                                     activityStart: at(5), at: at(85))
        guard case .segment(let from, let to, let metadata)? = actions.first else { Issue.record("no segment"); return }
        #expect(from == at(5) && to == at(85))
        #expect(metadata[StepSegmentKey.step] == "1" && metadata[StepSegmentKey.distance] == "100")
        #expect(actions.dropFirst().first == .marker(name: "transition:swimming→cycling"))
    }

    @Test func theUnfinishedStepRunsFromTheLastChange() {
        var segments = StepSegments()
        _ = segments.close(triathlon, startingAt: PlanProgress(index: 1, start: PlanMeasures(elapsed: 80, distance: 100), reason: .goal),
                           activityStart: at(5), at: at(85))
        var runner = triathlon
        runner.restore(PlanProgress(index: 1, start: PlanMeasures(elapsed: 80, distance: 100), reason: .goal))
        let actions = segments.closeUnfinished(runner, reaching: PlanMeasures(elapsed: 100, distance: 400),
                                               activityStart: at(5), at: at(105))
        guard case .segment(let from, _, let metadata)? = actions.first else { Issue.record("no segment"); return }
        #expect(from == at(85))
        #expect(metadata[StepSegmentKey.reason] == "ended" && metadata[StepSegmentKey.distance] == "300")
    }
}
