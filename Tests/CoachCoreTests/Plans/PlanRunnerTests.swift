// The runner alone: steps in order, goals on time, distance and energy, a late measure handing the
// next step the exact boundary, skip, restore, and the four kinds' steps.

import CoachCore
import Testing

@Suite("Plan runner")
struct PlanRunnerTests {
    @Test func customPlanFlattensWarmupBlocksAndCooldown() {
        let steps = fiveBy400.steps
        #expect(steps.count == 12)
        var purposes: [StepPurpose] = [.warmup]
        for _ in 0..<5 { purposes += [.work, .recovery] }
        purposes.append(.cooldown)
        #expect(steps.map(\.step.purpose) == purposes)
        #expect(steps[5].iteration == 3 && steps[5].iterations == 5)
    }

    @Test func aLateTickHandsTheNextStepTheBoundary() {
        var runner = PlanRunner(plan: fiveBy400)
        let actions = runner.advance(to: PlanMeasures(elapsed: 62, distance: 5))
        #expect(actions.first == .stepEnded(index: 0, reason: .goal))
        #expect(runner.index == 1)
        #expect(runner.start == PlanMeasures(elapsed: 60, distance: 5))
        #expect(runner.remaining(at: PlanMeasures(elapsed: 70, distance: 105)) == 300)
    }

    @Test func oneMeasureCanEndSeveralSteps() {
        let plan = WorkoutPlan(name: "e", activity: .cycling, kind: .custom(CustomPlan(blocks: [
            IntervalBlock(steps: [PlanStep(purpose: .work, goal: .energy(kilocalories: 10))], iterations: 3)])))
        var runner = PlanRunner(plan: plan)
        let actions = runner.advance(to: PlanMeasures(elapsed: 100, energy: 25))
        #expect(runner.index == 2)
        #expect(runner.start.energy == 20)
        #expect(actions.filter { if case .stepStarted = $0 { return true }; return false }.count == 2)
    }

    @Test func skipAndRestore() {
        var runner = PlanRunner(plan: fiveBy400)
        _ = runner.skip(at: PlanMeasures(elapsed: 10))
        #expect(runner.index == 1)
        var other = PlanRunner(plan: fiveBy400)
        other.restore(PlanProgress(index: 1, start: PlanMeasures(elapsed: 10), reason: .skipped))
        #expect(other == runner)
    }

    @Test func pacerHoldsItsPace() {
        let plan = WorkoutPlan(name: "5k", activity: .running, kind: .pacer(meters: 5000, seconds: 1500))
        let step = plan.steps[0]
        #expect(step.step.goal == .distance(meters: 5000))
        guard case .range(let low, let high)? = step.step.alert?.target else { Issue.record("no pace"); return }
        #expect(low < 300 && high > 300)   // 5:00/km
    }

    @Test func zoneAlertsNeedZones() {
        let alert = PlanAlert(metric: .heartRate, target: .zone(3))
        #expect(alert.range(zones: nil) == nil)
        #expect(alert.range(zones: HeartRateZones(maximum: 200)) == 140...160)
    }
}
