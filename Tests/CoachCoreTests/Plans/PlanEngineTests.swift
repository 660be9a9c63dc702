// A 5×400 m plan run by the engine on the virtual clock, fed a distance sample every 3 s: every
// step, rest and repeat changes at the right sample or tick; skip, pause inside a step, and a
// restart from the journal in the middle of repeat 3 resumes repeat 3 at the same point.

import CoachCore
import Foundation
import Testing

/// Warm-up 60 s; 5 × (400 m, 90 s rest); cool-down 300 s.
let fiveBy400 = WorkoutPlan(name: "5x400", activity: .running, kind: .custom(CustomPlan(
    warmup: PlanStep(purpose: .warmup, goal: .time(seconds: 60)),
    blocks: [IntervalBlock(steps: [PlanStep(purpose: .work, goal: .distance(meters: 400)),
                                   PlanStep(purpose: .recovery, goal: .time(seconds: 90))], iterations: 5)],
    cooldown: PlanStep(purpose: .cooldown, goal: .time(seconds: 300)))))

/// Drives the engine in half-second steps (ticks at their own instants) with 10 m every 3 s, and
/// records each plan notice with the moment it came.
struct PlanDriver {
    var driver = EngineDriver(countdown: .zero)
    var notices: [(at: Double, notice: PlanNotice)] = []
    var t = 0.0
    private var seen = 0

    init(plan: WorkoutPlan = fiveBy400) {
        driver.perform(.start(StartWorkoutIntent(activity: .running, location: .indoor, plan: plan)))
        collect()
    }

    mutating func collect() {
        for action in driver.actions.dropFirst(seen) {
            if case .notify(.plan(let notice)) = action { notices.append((t, notice)) }
        }
        seen = driver.actions.count
    }

    /// Runs until `until` seconds after the start: half-second steps, a 10 m sample every 3 s.
    mutating func run(until end: Double, metresPerSample: Double = 10) {
        while t < end - 1e-9 {
            driver.advance(by: 0.5)
            t += 0.5
            collect()
            if t.truncatingRemainder(dividingBy: 3) == 0 {
                let sample = QuantitySample(type: .distance, value: metresPerSample, at: driver.now)
                driver.appendActions(driver.engine.add(sample, at: driver.now).1)
                collect()
            }
        }
    }

    var started: [(at: Double, index: Int)] {
        notices.compactMap { if case .stepStarted(let s) = $0.notice { return ($0.at, s.index) } else { return nil } }
    }

    var journal: [JournalEntry] {
        driver.actions.compactMap { if case .journal(let entry) = $0 { return entry } else { return nil } }
    }
}

@Suite("Plan engine")
struct PlanEngineTests {
    @Test func fiveBy400RunsEveryStepRestAndRepeatAtTheRightSample() {
        var plan = PlanDriver()
        plan.run(until: 1500)
        // A tick at the instant of a sample comes first: the rest ends, then the sample is the
        // interval's first. 40 samples of 10 m (117 s) make 400 m; rests are 90 s.
        var expected: [(Double, Int)] = [(0, 0)]
        for k in 0..<5 {
            let interval = 60 + 207 * Double(k)
            expected.append((interval, 1 + 2 * k))
            expected.append((interval + 117, 2 + 2 * k))
        }
        expected.append((60 + 207 * 5, 11))
        #expect(plan.started.map(\.index) == expected.map(\.1))
        #expect(plan.started.map(\.at) == expected.map(\.0))
        let finished = plan.notices.filter { if case .finished = $0.notice { return true }; return false }
        let end: Double = 60 + 207 * 5 + 300
        #expect(finished.map(\.at) == [end])
        // Each interval's status named its repeat.
        let intervals = plan.notices.compactMap { entry -> Int? in
            if case .stepStarted(let s) = entry.notice, s.purpose == .work { return s.iteration } else { return nil }
        }
        #expect(intervals == [1, 2, 3, 4, 5])
        // Every step start but the first is journaled.
        let journaled = plan.journal.compactMap { if case .planStep(let p) = $0.kind { return p.index } else { return nil } }
        #expect(journaled == Array(1...12))
    }

    @Test func skipEndsTheStepAtOnce() {
        var plan = PlanDriver()
        plan.run(until: 300)  // interval 2 began at 267
        #expect(plan.driver.engine.workout?.plan?.runner.index == 3)
        plan.driver.appendActions(plan.driver.engine.skipStep(at: plan.driver.now))
        plan.collect()
        let last = plan.notices.suffix(2).map(\.notice)
        guard case .stepEnded(let ended, .skipped)? = last.first, case .stepStarted(let started)? = last.last else {
            Issue.record("expected a skipped step and the next one, got \(last)"); return
        }
        #expect(ended.index == 3)
        #expect(started.index == 4)
        #expect(started.purpose == .recovery)
        // The rest runs its full 90 s from the skip.
        plan.run(until: 390)
        #expect(plan.started.last?.index == 5)
        #expect(plan.started.last?.at == 390)
    }

    @Test func aPauseInsideAStepHoldsIt() {
        var plan = PlanDriver()
        plan.run(until: 200)  // recovery 1 began at 177
        plan.driver.perform(.pause())
        plan.run(until: 260)  // 60 s paused: samples rejected, time not counted
        plan.driver.perform(.resume())
        plan.run(until: 400)
        #expect(plan.started.map(\.index).prefix(4) == [0, 1, 2, 3])
        #expect(plan.started[3].at == 267 + 60)
        // While paused the step showed its time left frozen.
        let status = plan.driver.engine.snapshot(at: plan.driver.now).step
        #expect(status?.index == 3)
    }

    @Test func aPauseInsideADistanceStepKeepsItsDistance() {
        var plan = PlanDriver()
        plan.run(until: 120)  // interval 1 began at 60: 21 samples, 210 m
        plan.driver.perform(.pause())
        plan.run(until: 180)
        plan.driver.perform(.resume())
        plan.run(until: 400)
        // 19 more samples after resuming at 180: the 400th metre comes at 180 + 18 × 3 + 3 = 237.
        #expect(plan.started[2].index == 2)
        #expect(plan.started[2].at == 237)
    }

    @Test func aRestartInTheMiddleOfRepeat3ResumesRepeat3() {
        var plan = PlanDriver()
        plan.run(until: 530)  // interval 3 began at 474: 19 samples in
        let before = plan.driver.engine.workout!.plan!.runner
        #expect(before.current?.iteration == 3)
        #expect(before.current?.step.purpose == .work)
        let (recovered, _) = WorkoutEngine.recovering(from: plan.journal, configuration: plan.driver.engine.configuration,
                                                       at: plan.driver.now)
        let after = recovered.workout!.plan!.runner
        #expect(after.index == before.index)
        #expect(after.start == before.start)
        #expect(recovered.snapshot(at: plan.driver.now).step == plan.driver.engine.snapshot(at: plan.driver.now).step)
        // And it runs on exactly as the uninterrupted one does.
        var resumed = plan
        resumed.driver.engine = recovered
        plan.run(until: 1500)
        resumed.run(until: 1500)
        #expect(resumed.started.map(\.at) == plan.started.map(\.at))
    }

    @Test func swimBikeRunRecordsItsTransitions() {
        let triathlon = WorkoutPlan(name: "sprint", activity: .swimBikeRun, kind: .swimBikeRun([
            PlanStep(purpose: .leg, goal: .distance(meters: 100), activity: .swimming),
            PlanStep(purpose: .leg, goal: .distance(meters: 200), activity: .cycling),
            PlanStep(purpose: .leg, goal: .open, activity: .running),
        ]))
        var plan = PlanDriver(plan: triathlon)
        plan.run(until: 100)
        let transitions = plan.notices.compactMap { entry -> [ActivityType?]? in
            if case .transition(let from, let to) = entry.notice { return [from, to] } else { return nil }
        }
        #expect(transitions == [[.swimming, .cycling], [.cycling, .running]])
        let markers = plan.driver.engine.workout!.session.events.filter { $0.type == .marker }.compactMap { $0.metadata["name"] }
        #expect(markers == ["transition:swimming→cycling", "transition:cycling→running"])
    }

    @Test func autoPauseHoldsATimeStep() {
        // Outdoor running auto-pauses (5 s below 0.8 m/s) and resumes (3 s above 1.2 m/s).
        let plan = WorkoutPlan(name: "tempo", activity: .running, kind: .custom(CustomPlan(blocks: [IntervalBlock(steps: [
            PlanStep(purpose: .work, goal: .time(seconds: 60)), PlanStep(purpose: .recovery, goal: .time(seconds: 60))])])))
        var driver = EngineDriver(countdown: .zero)
        driver.perform(.start(StartWorkoutIntent(activity: .running, location: .outdoor, plan: plan)))
        var endedAt: (wall: Double, elapsed: Double)?
        var autoPaused = false
        for second in 1...120 {
            driver.advance(by: 1)
            // Standing still from 20 s to 40 s.
            let speed = (20..<40).contains(second) ? 0.0 : 3.0
            driver.appendActions(driver.engine.observeSpeed(speed, at: driver.now))
            autoPaused = autoPaused || driver.engine.snapshot(at: driver.now).autoPaused
            if endedAt == nil, driver.engine.workout?.plan?.runner.index == 1 {
                endedAt = (Double(second), driver.elapsed)
            }
        }
        #expect(autoPaused, "the workout auto-paused")
        guard let ended = endedAt else { Issue.record("the first step never ended"); return }
        // 60 s of moving time: the step ended well after 60 s on the wall clock.
        #expect(ended.wall > 70, "\(ended)")
        #expect(abs(ended.elapsed - 60) <= 1, "\(ended)")
    }
}
