// TickSchedule alone: one tick asked for per deadline, and a cancel when none is due.

@testable import CoachCore
import Testing

@Suite("Tick schedule")
struct TickScheduleTests {
    @Test func asksOnceForEachDeadlineAndCancelsWhenNoneIsDue() {
        var ticks = TickSchedule()
        let due = at(5).monotonic
        #expect(ticks.reschedule(to: due) == [.scheduleTick(at: due)])
        #expect(ticks.reschedule(to: due) == [])
        #expect(ticks.reschedule(to: nil) == [.cancelTick])
        #expect(ticks.reschedule(to: nil) == [])
    }

    @Test func aCountdownIsDueAtItsNextSecond() {
        var engine = WorkoutEngine(configuration: EngineConfiguration(countdown: .seconds(3)))
        _ = engine.perform(.start(run), at: at(0), newWorkoutID: "w")
        guard let workout = engine.workout else { Issue.record("no workout"); return }
        #expect(TickSchedule.nextDeadline(of: workout, after: at(0.2).monotonic) == at(1).monotonic)
    }
}
