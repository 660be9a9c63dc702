// Milestones: each whole kilometre or mile and the goal's halfway point, announced once and in
// order — by the pure tracker for any growing distance, and by the engine on samples, on the clock
// (a time goal's halfway) and never again after a crash recovery.

import CoachWire
import CoachCore
import PropertyBased
import Testing

@Suite struct MilestoneTests {
    @Test func eachWholeUnitIsAnnouncedOnceInOrderForAnyGrowingDistance() async {
        // Steps of 0…400 m: a sensor's distance deltas; totals in kilometres or miles.
        await propertyCheck(count: 500, input: Gen.int(in: 0...400).array(of: 1...80), Gen.bool) { steps, miles in
            var tracker = MilestoneTracker(unit: miles ? .miles : .kilometers)
            var total = 0.0
            var announced: [Int] = []
            for step in steps {
                total += Double(step)
                for milestone in tracker.passed(distance: total, goal: .open, progress: nil) {
                    guard case .distance(let count, let unit) = milestone else { Issue.record("\(milestone)"); continue }
                    #expect(unit == (miles ? .miles : .kilometers))
                    announced.append(count)
                }
            }
            // Strictly increasing, each at most once, and the last is where the distance ended up.
            #expect(announced == announced.sorted() && Set(announced).count == announced.count)
            let whole = Int(total / (miles ? 1609.344 : 1000))
            #expect((announced.last ?? 0) == whole)
            // Distance that does not grow announces nothing more.
            #expect(tracker.passed(distance: total, goal: .open, progress: nil).isEmpty)
            #expect(tracker.passed(distance: total - 1, goal: .open, progress: nil).isEmpty)
        }
    }

    @Test func aJumpOverSeveralUnitsAnnouncesOnlyTheLatest() {
        var tracker = MilestoneTracker(unit: .kilometers)
        #expect(tracker.passed(distance: 999.9, goal: .open, progress: nil).isEmpty)
        // 0.1 + 0.2 + 0.7 km summed in floating point still makes the first kilometre.
        #expect(tracker.passed(distance: 100 + 200 + 699.9999999, goal: .open, progress: nil) == [.distance(count: 1, unit: .kilometers)])
        #expect(tracker.passed(distance: 4_200, goal: .open, progress: nil) == [.distance(count: 4, unit: .kilometers)])
    }

    @Test func halfwayOnceAndNotWhenTheGoalIsReachedInOneStep() {
        var tracker = MilestoneTracker(unit: .kilometers)
        let goal = WorkoutGoal.distance(meters: 5_000)
        #expect(tracker.passed(distance: 2_400, goal: goal, progress: 0.48) == [.distance(count: 2, unit: .kilometers)])
        #expect(tracker.passed(distance: 2_600, goal: goal, progress: 0.52) == [.halfway(goal)])
        #expect(tracker.passed(distance: 2_700, goal: goal, progress: 0.54).isEmpty)
        // The goal's own end is the goal's announcement, not "5 kilometers".
        #expect(tracker.passed(distance: 5_000, goal: goal, progress: 1) == [])
        var sudden = MilestoneTracker(unit: .kilometers)
        #expect(sudden.passed(distance: 0, goal: .time(seconds: 60), progress: 1).isEmpty)
        #expect(sudden.halfwayAnnounced)
    }

    @Test func theEngineAnnouncesKilometresFromSamplesAndATimeGoalsHalfwayOnTheClock() {
        var driver = EngineDriver(countdown: .zero)
        driver.perform(.start(StartWorkoutIntent(activity: .running, goal: .time(seconds: 600))))
        driver.advance(by: 299)
        #expect(milestones(driver.actions).isEmpty)
        driver.advance(by: 2)
        #expect(milestones(driver.actions) == [.halfway(.time(seconds: 600))])
        for _ in 0..<12 {
            let (_, actions) = driver.engine.add(QuantitySample(type: .distance, value: 100, at: driver.now), at: driver.now)
            driver.appendActions(actions)
        }
        #expect(milestones(driver.actions) == [.halfway(.time(seconds: 600)), .distance(count: 1, unit: .kilometers)])
    }

    @Test func recoveryDoesNotRepeatMilestonesAlreadyPassed() {
        var driver = EngineDriver(countdown: .zero)
        driver.perform(.start(StartWorkoutIntent(activity: .running)))
        driver.advance(by: 10)
        let (_, actions) = driver.engine.add(QuantitySample(type: .distance, value: 2_500, at: driver.now), at: driver.now)
        driver.appendActions(actions)
        #expect(milestones(driver.actions) == [.distance(count: 2, unit: .kilometers)])
        let entries = driver.actions.compactMap { if case .journal(let entry) = $0 { return entry } else { return nil } }
        var (recovered, recoveryActions) = WorkoutEngine.recovering(from: entries, at: driver.now)
        #expect(milestones(recoveryActions).isEmpty)
        let (_, more) = recovered.add(QuantitySample(type: .distance, value: 600, at: driver.now), at: driver.now)
        recoveryActions += more
        #expect(milestones(recoveryActions) == [.distance(count: 3, unit: .kilometers)])
    }

    private func milestones(_ actions: [WorkoutAction]) -> [Milestone] {
        actions.compactMap { if case .notify(.milestone(let milestone, _)) = $0 { return milestone } else { return nil } }
    }
}
