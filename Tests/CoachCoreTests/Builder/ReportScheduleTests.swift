// Announcements configurable per trigger (issue 30): every N minutes of active time — pauses not
// counted, a jump saying only the latest, a time goal's end left to the goal — and each kilometre
// turned off when asked.

@testable import CoachCore
import Testing

@Suite("Timed announcements")
struct ReportScheduleTests {
    @Test func everyNMinutesOnceEachAndOnlyTheLatestAfterAJump() {
        var tracker = MilestoneTracker(reports: ReportSettings(everyMinutes: 5))
        #expect(tracker.passed(distance: 0, goal: .open, progress: nil, elapsed: 299.9).isEmpty)
        #expect(tracker.passed(distance: 0, goal: .open, progress: nil, elapsed: 300) == [.time(minutes: 5)])
        #expect(tracker.passed(distance: 0, goal: .open, progress: nil, elapsed: 301).isEmpty)
        #expect(tracker.nextTimeDue == 600)
        #expect(tracker.passed(distance: 0, goal: .open, progress: nil, elapsed: 1250) == [.time(minutes: 20)])
        // A 30-minute goal's end is the goal's announcement, not a report.
        var goal = MilestoneTracker(reports: ReportSettings(everyMinutes: 10))
        #expect(goal.passed(distance: 0, goal: .time(seconds: 1800), progress: 1, elapsed: 1800).isEmpty)
    }

    @Test func distanceAnnouncementsCanBeTurnedOff() {
        var off = MilestoneTracker(reports: ReportSettings(distance: false))
        #expect(off.passed(distance: 2500, goal: .open, progress: nil).isEmpty)
        var on = MilestoneTracker()
        #expect(on.passed(distance: 2500, goal: .open, progress: nil) == [.distance(count: 2, unit: .kilometers)])
        #expect(on.nextTimeDue == nil)
    }

    @Test func theEngineReportsOnActiveTimeWithAPauseInBetween() {
        var driver = EngineDriver(countdown: .zero)
        driver.engine = WorkoutEngine(configuration: EngineConfiguration(countdown: .zero, minimumSavedDuration: .zero,
                                                                         reports: ReportSettings(everyMinutes: 1)))
        driver.perform(.start(StartWorkoutIntent(activity: .running, location: .indoor)))
        driver.advance(by: 40)
        driver.perform(.pause())
        driver.advance(by: 30)          // paused 40 s → 70 s on the wall clock
        driver.perform(.resume())
        driver.advance(by: 100)         // active 140 s at 170 s
        let reports = driver.actions.compactMap { action -> Int? in
            if case .notify(.milestone(.time(let minutes), _)) = action { return minutes } else { return nil }
        }
        #expect(reports == [1, 2])
    }
}
