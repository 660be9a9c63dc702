// A saved structured workout keeps its steps as HealthKit-style segment events: one per step with
// its measures, the unfinished one kept as far as it went, and the same segments and transition
// markers after a restart from the journal as without one.

import CoachCore
import Foundation
import Testing

@Suite("Plan segments")
struct PlanSegmentTests {
    private func segments(_ engine: WorkoutEngine) -> [[String: String]] {
        engine.workout!.session.events.filter { $0.type == .segment }.map(\.metadata)
    }

    @Test func everyStepOfAFinishedPlanIsASegmentWithItsMeasures() {
        var plan = PlanDriver()
        plan.run(until: 1500)
        let steps = segments(plan.driver.engine)
        #expect(steps.map { $0["step"] } == (1...12).map { String($0) })
        #expect(steps.allSatisfy { $0["steps"] == "12" && $0["plan"] == "5x400" && $0["reason"] == "goal" })
        #expect(steps[0]["purpose"] == "warmup")
        #expect(steps[0]["activeSeconds"] == "60")
        // Each interval is 400 m of 10 m samples; each rest 90 s.
        let intervals = steps.filter { $0["purpose"] == "work" }
        #expect(intervals.map { $0["distance"] } == Array(repeating: "400", count: 5))
        #expect(intervals.map { $0["iteration"] } == ["1", "2", "3", "4", "5"])
        #expect(intervals.map { $0["activeSeconds"] } == Array(repeating: "117", count: 5))
        #expect(steps.filter { $0["purpose"] == "recovery" }.map { $0["activeSeconds"] } == Array(repeating: "90", count: 5))
        // The segments tile the workout: each begins where the previous one ended.
        let events = plan.driver.engine.workout!.session.events.filter { $0.type == .segment }
        for (previous, next) in zip(events, events.dropFirst()) {
            #expect(previous.at.monotonic + previous.duration! == next.at.monotonic)
        }
    }

    @Test func endingInsideAStepKeepsItAsFarAsItWent() {
        var plan = PlanDriver()
        plan.run(until: 120)  // interval 1 began at 60: 21 samples (60 s to 120 s), 210 m so far
        plan.driver.perform(.end())
        let steps = segments(plan.driver.engine)
        #expect(steps.map { $0["step"] } == ["1", "2"])
        #expect(steps.last?["reason"] == "ended")
        #expect(steps.last?["distance"] == "210")
        #expect(steps.last?["activeSeconds"] == "60")
    }

    @Test func aRestartInTheMiddleSavesTheSameSegments() {
        var plan = PlanDriver()
        plan.run(until: 530)
        let (recovered, _) = WorkoutEngine.recovering(from: plan.journal, configuration: plan.driver.engine.configuration,
                                                       at: plan.driver.now)
        var resumed = plan
        resumed.driver.engine = recovered
        plan.run(until: 1500)
        resumed.run(until: 1500)
        #expect(segments(resumed.driver.engine) == segments(plan.driver.engine))
        #expect(segments(resumed.driver.engine).count == 12)
    }

    @Test func aTriathlonsTransitionsSurviveARestart() {
        let triathlon = WorkoutPlan(name: "sprint", activity: .swimBikeRun, kind: .swimBikeRun([
            PlanStep(purpose: .leg, goal: .distance(meters: 100), activity: .swimming),
            PlanStep(purpose: .leg, goal: .distance(meters: 200), activity: .cycling),
            PlanStep(purpose: .leg, goal: .open, activity: .running),
        ]))
        var plan = PlanDriver(plan: triathlon)
        plan.run(until: 100)
        let (recovered, _) = WorkoutEngine.recovering(from: plan.journal, configuration: plan.driver.engine.configuration,
                                                       at: plan.driver.now)
        let markers = recovered.workout!.session.events.filter { $0.type == .marker }.compactMap { $0.metadata["name"] }
        #expect(markers == ["transition:swimming→cycling", "transition:cycling→running"])
        #expect(segments(recovered).map { $0["step"] } == ["1", "2"])
    }
}
