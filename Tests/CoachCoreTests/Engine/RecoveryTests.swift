// Crash recovery in the engine: replaying a workout's journal rebuilds it exactly, and time that
// passed while the gateway was down counts as it would have.

import CoachCore
import Foundation
import Testing

@Suite("Recovery")
struct RecoveryTests {
    private func journal(of driver: EngineDriver) -> [JournalEntry] {
        driver.actions.compactMap { if case .journal(let entry) = $0 { return entry } else { return nil } }
    }

    @Test func replayRebuildsAPausedWorkoutExactly() {
        var driver = EngineDriver()
        driver.perform(.start(StartWorkoutIntent(activity: .running, goal: .distance(meters: 5000))))
        driver.advance(by: 63)
        driver.perform(.lap)
        driver.perform(.pause())
        driver.advance(by: 100)

        let (recovered, actions) = WorkoutEngine.recovering(from: journal(of: driver), at: driver.now)
        let before = driver.engine.snapshot(at: driver.now)
        let after = recovered.snapshot(at: driver.now)
        #expect(after == before)
        #expect(after.state == .paused)
        #expect(after.elapsed == 60)
        #expect(after.laps == 1)
        #expect(actions.first == .notify(.recovered(after)))
    }

    @Test func aRunningWorkoutKeepsRunningThroughDowntime() {
        var driver = EngineDriver(countdown: .zero)
        driver.perform(.start(run))
        driver.advance(by: 30)
        let entries = journal(of: driver)
        // The gateway comes back 90 s later on a clock with another origin (a reboot).
        let later = Timestamp(monotonic: MonotonicInstant(nanoseconds: 5_000_000_000), date: driver.now.date.addingTimeInterval(90))
        let (recovered, _) = WorkoutEngine.recovering(from: entries, at: later)
        #expect(recovered.state == .running)
        #expect(abs(recovered.snapshot(at: later).elapsed - 120) < 1e-6)
    }

    @Test func aCountdownThatRanOutWhileDownStartsAtItsDeadline() {
        var driver = EngineDriver(countdown: .seconds(3))
        driver.perform(.start(run))
        let entries = journal(of: driver)
        let later = driver.now + .seconds(10)
        let (recovered, actions) = WorkoutEngine.recovering(from: entries, at: later)
        #expect(recovered.state == .running)
        #expect(recovered.snapshot(at: later).elapsed == 7)
        #expect(actions.contains { if case .journal(let entry) = $0 { return entry.kind == .started } else { return false } })
    }

    @Test func samplesAndStatisticsSurvive() {
        var driver = EngineDriver(countdown: .zero)
        driver.perform(.start(run))
        for second in 1...10 {
            driver.advance(by: 1)
            let sample = QuantitySample(type: .heartRate, value: Double(100 + second), at: driver.now)
            let (_, actions) = driver.engine.add(sample, at: driver.now)
            driver.appendActions(actions)
        }
        let (recovered, _) = WorkoutEngine.recovering(from: journal(of: driver), at: driver.now)
        let stats = recovered.snapshot(at: driver.now).statistics[.heartRate]
        #expect(stats?.count == 10)
        #expect(stats?.average == 105.5)
        #expect(stats?.mostRecent == 110)
    }

    @Test func journalEntriesRoundTripThroughJSON() throws {
        var driver = EngineDriver()
        driver.perform(.start(StartWorkoutIntent(activity: .cycling, location: .indoor, goal: .energy(kilocalories: 300))))
        driver.advance(by: 10)
        driver.perform(.pause())
        let entries = journal(of: driver)
        let decoded = try JSONDecoder().decode([JournalEntry].self, from: JSONEncoder().encode(entries))
        #expect(decoded == entries)
    }

    /// A wall-clock step of ±2 h in the middle of a workout (NTP, a user), then a crash and a
    /// restart on the same boot: the monotonic readings stay as they were; the step is neither
    /// added to the elapsed time nor taken from it (found by Benchmarks/soak/week.sh).
    @Test(arguments: [7200.0, -7200.0])
    func aWallClockStepIsNotARestartOnAnotherBoot(step: Double) {
        var driver = EngineDriver(countdown: .zero, start: 36_000)  // 10 h after boot
        driver.perform(.start(run))
        for minute in 1...60 {
            driver.advance(by: 60)
            let (_, actions) = driver.engine.add(QuantitySample(type: .heartRate, value: Double(100 + minute), at: driver.now),
                                                 at: driver.now)
            driver.appendActions(actions)
        }
        // The step came after the first half hour: every reading from then on says so.
        let stepAt = driver.now.monotonic - .seconds(1800)
        let entries = journal(of: driver).map { entry -> JournalEntry in
            guard entry.at.monotonic > stepAt else { return entry }
            var copy = entry
            copy.at.date = copy.at.date.addingTimeInterval(step)
            if case .sample(var sample) = copy.kind {
                sample.at.date = sample.at.date.addingTimeInterval(step)
                copy.kind = .sample(sample)
            }
            return copy
        }
        let now = Timestamp(monotonic: driver.now.monotonic + .seconds(5), date: driver.now.date.addingTimeInterval(step + 5))
        let (recovered, _) = WorkoutEngine.recovering(from: entries, at: now)
        let snapshot = recovered.snapshot(at: now)
        #expect(recovered.state == .running)
        #expect(abs(snapshot.elapsed - 3605) < 1e-6)
        #expect(snapshot.statistics[.heartRate]?.count == 60)
    }
}
