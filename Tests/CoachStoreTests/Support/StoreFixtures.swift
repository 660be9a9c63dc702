// Shared test helpers: temporary directories, a manual clock, and a manager over a store.

import CoachCore
@_exported import CoachTestSupport
@testable import CoachStore
import Foundation

enum Fixtures {
    /// 2026-01-01T00:00:00Z on the manual clock.
    static let start = Timestamp(monotonic: MonotonicInstant(nanoseconds: 1_000_000_000_000),
                                 date: Date(timeIntervalSince1970: 1_767_225_600))

    static let run = StartWorkoutIntent(activity: .running, location: .outdoor, goal: .time(seconds: 1800),
                                        workoutName: "Sunday long run")

    /// A fresh directory under /tmp, removed by the caller's `defer`.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "coach-store-tests-" + UUID().uuidString.prefix(8).lowercased()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func remove(_ path: String) { try? FileManager.default.removeItem(atPath: path) }

    /// A manager on a manual clock with a 3 s countdown, writing to `journal`. With `id`, every
    /// workout it starts has that id (the manager asks for an id on every intent, not per start).
    static func manager(journal: (any WorkoutJournal)?, clock: ManualWorkoutClock,
                        id: String? = nil) -> WorkoutManager {
        WorkoutManager(clock: clock, journal: journal, timerMode: .manual,
                       makeWorkoutID: { id ?? UUID().uuidString.lowercased() })
    }

    /// Starts a run and lets the countdown finish; returns the workout id.
    @discardableResult
    static func startRunning(_ manager: WorkoutManager, _ intent: StartWorkoutIntent = Fixtures.run) async -> String {
        let outcome = await manager.perform(.start(intent))
        await manager.advance(by: .seconds(3))
        return outcome.snapshot.workoutID ?? ""
    }
}

extension WorkoutStore {
    /// Rows of a table, for assertions.
    func count(_ table: String, where condition: String = "1") throws -> Int {
        try database.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \"\(table)\" WHERE \(condition)") ?? 0
        }
    }
}
