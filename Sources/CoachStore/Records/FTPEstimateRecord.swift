// FTPEstimateRecord: one row of `ftpEstimate` — what a saved workout's power says the FTP is
// (95 % of its best 20 minutes), with the date, written in the save's own transaction.

import CoachCore
import Foundation
import GRDB

struct FTPEstimateRecord: Codable, Hashable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "ftpEstimate"

    var workoutId: String
    var date: Date
    var watts: Double
    var bestTwentyMinutes: Double

    var estimate: FTPEstimate {
        FTPEstimate(watts: watts, bestTwentyMinutes: bestTwentyMinutes, date: date, workoutID: workoutId)
    }

    /// Estimates the FTP from a workout being saved (nothing without 20 minutes of power); a
    /// workout saved again (a re-import, an amended one) replaces its own estimate.
    static func record(for workout: FinishedWorkout, in db: Database) throws {
        try db.execute(sql: "DELETE FROM ftpEstimate WHERE workoutId = ?", arguments: [workout.workoutID])
        guard let estimate = FTPEstimate.of(workout.samples, workoutID: workout.workoutID, end: workout.end.date) else { return }
        try FTPEstimateRecord(workoutId: workout.workoutID, date: estimate.date, watts: estimate.watts,
                              bestTwentyMinutes: estimate.bestTwentyMinutes).insert(db)
    }
}
