// A wall-clock step during a workout (NTP, a user setting the time): the workout's dates stay on
// its own timeline — the start's wall date plus the boot clock since — so end − start is its
// elapsed time plus its pauses, never negative (HealthKit: endDate ≥ startDate, duration within
// them). Found by Benchmarks/soak/week.sh, which steps the clock ±2 h in every workout.

import CoachCore
import Foundation
import Testing

@Suite("WallClockStep")
struct WallClockStepTests {
    @Test(arguments: [7200.0, -7200.0])
    func aStepMovesNoneOfTheWorkoutsDates(step: Double) async throws {
        let clock = ManualWorkoutClock()
        let journal = MemoryJournal()
        let manager = WorkoutManager(clock: clock, configuration: EngineConfiguration(countdown: .zero), journal: journal, timerMode: .manual)
        _ = await manager.perform(.start(StartWorkoutIntent(activity: .cycling, location: .indoor)))
        await manager.advance(by: .seconds(1800))
        _ = try await manager.addSample(.heartRate, value: 120)
        clock.stepWall(by: step)
        await manager.advance(by: .seconds(60))
        _ = try await manager.addSample(.heartRate, value: 130)
        await manager.advance(by: .seconds(1740))
        _ = await manager.perform(.end(saveShort: true))
        let saved = journal.writes.withLock { $0.flatMap { $0 } }.compactMap { write -> FinishedWorkout? in
            if case .save(let workout) = write { return workout } else { return nil }
        }
        let workout = try #require(saved.first)
        #expect(abs(workout.end.date.timeIntervalSince(workout.start.date) - 3600) < 1e-6)
        #expect(abs(workout.elapsed - 3600) < 1e-6)
        let dates = workout.samples.map { $0.at.date.timeIntervalSince(workout.start.date) }
        #expect(dates.count == 2 && abs(dates[0] - 1800) < 1e-6 && abs(dates[1] - 1860) < 1e-6, "\(dates)")
        // The next workout starts on the stepped clock.
        _ = await manager.perform(.start(StartWorkoutIntent(activity: .cycling, location: .indoor)))
        let next = await manager.status()
        #expect(abs((next.startDate ?? .distantPast).timeIntervalSince(clock.now().date)) < 1e-6)
    }
}
