// FTP estimates (issue 33, item 8): every saved ride's estimate with its date, and the FTP in
// effect on a day (FTPEstimate.current). Only saved workouts' estimates exist: a discarded or
// deleted workout takes its own with it (the row cascades with the workout).

import CoachCore
import Foundation
import GRDB

extension WorkoutStore {
    /// Every estimate, oldest first.
    public func ftpEstimates() throws -> [FTPEstimate] {
        try database.writer.read { db in
            try FTPEstimateRecord.order(Column("date")).fetchAll(db).map(\.estimate)
        }
    }

    /// The FTP in effect on `date` (default: now), nil when no saved ride had 20 minutes of power.
    public func currentFTP(on date: Date = Date()) throws -> FTPEstimate? {
        FTPEstimate.current(of: try ftpEstimates(), on: date)
    }
}
