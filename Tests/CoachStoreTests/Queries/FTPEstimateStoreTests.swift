// FTP estimated on save (issue 33, item 8), through the manager into a real store file: a ride
// with 21 minutes of power keeps 95 % of its best 20 minutes with its date; a shorter one and a
// discarded one keep none; the generated energy samples are stored marked as generated.

import CoachCore
@testable import CoachStore
import Foundation
import Testing

@Suite struct FTPEstimateStoreTests {
    /// A ride: `minutes` of power at 1 Hz, 200 W then 260 W for the last 20 minutes.
    static func ride(_ manager: WorkoutManager, minutes: Int, end: WorkoutIntent = .end()) async throws -> String {
        let id = await Fixtures.startRunning(manager, StartWorkoutIntent(activity: .cycling, location: .indoor))
        for second in 0..<(minutes * 60) {
            _ = try await manager.addSample(.power, value: second >= minutes * 60 - 1200 ? 260 : 200)
            await manager.advance(by: .seconds(1))
        }
        _ = await manager.perform(end)
        return id
    }

    @Test func aRideWithTwentyMinutesOfPowerKeepsItsEstimateWithItsDate() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let store = try WorkoutStore.open(path: directory + "/coach.sqlite")
        let clock = ManualWorkoutClock(start: Fixtures.start)
        let manager = Fixtures.manager(journal: store, clock: clock)
        let short = try await Self.ride(manager, minutes: 5)
        #expect(try store.ftpEstimates().isEmpty, "5 minutes of power estimate nothing")
        let long = try await Self.ride(manager, minutes: 21)
        let estimates = try store.ftpEstimates()
        #expect(estimates.count == 1)
        let estimate = try #require(estimates.first)
        #expect(estimate.workoutID == long && estimate.workoutID != short)
        #expect(estimate.bestTwentyMinutes == 260)
        #expect(estimate.watts == 247, "95 % of 260 W")
        let saved = try #require(try store.workout(matching: long).summary.endDate)
        #expect(abs(estimate.date.timeIntervalSince(saved)) < 0.001, "kept with the ride's date")
        #expect(try store.currentFTP(on: saved)?.watts == 247)
        // Its energy was generated from power and is stored as such.
        let generated = try store.samples(ofWorkout: long).filter { $0.type == .activeEnergy }
        #expect(!generated.isEmpty && generated.allSatisfy { $0.source?.generatedFrom == "power" })
        #expect(try store.count("sample", where: "sourceGeneratedFrom = 'power'") == generated.count + (try store.samples(ofWorkout: short).filter { $0.type == .activeEnergy }.count))
    }

    @Test func aCancelledRideKeepsNoEstimate() async throws {
        let store = try WorkoutStore.inMemory()
        let clock = ManualWorkoutClock(start: Fixtures.start)
        let manager = Fixtures.manager(journal: store, clock: clock)
        _ = try await Self.ride(manager, minutes: 21, end: .cancel(confirmed: true))
        #expect(try store.ftpEstimates().isEmpty)
        #expect(try store.count("ftpEstimate") == 0)
    }
}
