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

    /// A workout of an hour with a wall-clock step after its first half hour (every reading from
    /// then on says so), started `uptime` seconds after boot; non-sample entries carry `boot`.
    private func steppedJournal(step: Double, uptime: Double, boot: String?) -> (entries: [JournalEntry], now: Timestamp) {
        var driver = EngineDriver(countdown: .zero, start: uptime)
        driver.perform(.start(run))
        for minute in 1...60 {
            driver.advance(by: 60)
            let (_, actions) = driver.engine.add(QuantitySample(type: .heartRate, value: Double(100 + minute), at: driver.now),
                                                 at: driver.now)
            driver.appendActions(actions)
        }
        let stepAt = driver.now.monotonic - .seconds(1800)
        let entries = journal(of: driver).map { entry -> JournalEntry in
            var copy = entry
            if case .sample = entry.kind {} else { copy.boot = boot }
            guard entry.at.monotonic > stepAt else { return copy }
            copy.at.date = copy.at.date.addingTimeInterval(step)
            if case .sample(var sample) = copy.kind {
                sample.at.date = sample.at.date.addingTimeInterval(step)
                copy.kind = .sample(sample)
            }
            return copy
        }
        return (entries, Timestamp(monotonic: driver.now.monotonic + .seconds(5), date: driver.now.date.addingTimeInterval(step + 5)))
    }

    /// A wall-clock step of ±2 h in the middle of a workout (NTP, a user), then a crash and a
    /// restart on the same boot: the monotonic readings stay as they were; the step is neither
    /// added to the elapsed time nor taken from it (found by Benchmarks/soak/week.sh). Ten hours
    /// after boot the readings alone tell; ten minutes after boot (a Raspberry Pi without a clock,
    /// stepped by NTP), only the boot id journaled with the entries does.
    @Test(arguments: [(7200.0, 36_000.0, nil), (-7200.0, 36_000.0, nil), (7200.0, 600.0, "boot-1"), (-7200.0, 600.0, "boot-1")] as [(Double, Double, String?)])
    func aWallClockStepIsNotARestartOnAnotherBoot(step: Double, uptime: Double, boot: String?) {
        let (entries, now) = steppedJournal(step: step, uptime: uptime, boot: boot)
        let (recovered, _) = WorkoutEngine.recovering(from: entries, at: now, boot: boot)
        let snapshot = recovered.snapshot(at: now)
        #expect(recovered.state == .running)
        #expect(abs(snapshot.elapsed - 3605) < 1e-6)
        #expect(snapshot.statistics[.heartRate]?.count == 60)
    }

    /// The boot id also says when it was a reboot: the run from the other boot is moved onto this
    /// clock by the wall-clock distance, and the downtime counts as running time.
    @Test func anotherBootsRunIsRebased() {
        var driver = EngineDriver(countdown: .zero, start: 600)
        driver.perform(.start(run))
        driver.advance(by: 60)
        let entries = journal(of: driver).map { entry -> JournalEntry in
            var copy = entry
            copy.boot = "boot-1"
            return copy
        }
        // Back 100 s later on a clock that reads more than the old one did (a long-lived boot would).
        let later = Timestamp(monotonic: driver.now.monotonic + .seconds(5000), date: driver.now.date.addingTimeInterval(100))
        let (recovered, _) = WorkoutEngine.recovering(from: entries, at: later, boot: "boot-2")
        #expect(abs(recovered.snapshot(at: later).elapsed - 160) < 1e-6)
    }
}
