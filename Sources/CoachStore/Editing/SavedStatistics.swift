// A saved workout's statistics after its samples changed (a deletion, an amendment): the types
// touched are computed again from the stored samples, the others kept as the builder left them
// (an import's route distance has no samples to recompute it from), and the workout is announced
// again in the change feed so a sync client refreshes its totals.

import CoachCore
import Foundation
import GRDB

enum SavedStatistics {
    /// Recomputes `types` of a saved workout and logs the workout as changed. Does nothing for a
    /// workout that is not saved (an active one's statistics are the builder's, written at save).
    static func refresh(_ workoutID: String, types: Set<QuantityType>, in db: Database, now: Date) throws {
        guard var record = try WorkoutRecord.fetchOne(db, key: workoutID), record.state == .saved else { return }
        var byType = Dictionary((record.statistics ?? []).map { ($0.type, $0) }, uniquingKeysWith: { _, last in last })
        for type in types { byType[type] = nil }
        let samples = try SampleRecord
            .filter(SampleRecord.Columns.workoutId == workoutID && types.map(\.rawValue).contains(SampleRecord.Columns.type))
            .order(SQL("monotonicNs, id").sqlExpression).fetchAll(db)
        for row in samples {
            guard let type = QuantityType(rawValue: row.type) else { continue }
            let sample = QuantitySample(type: type, value: row.value,
                                        at: Timestamp(monotonic: MonotonicInstant(nanoseconds: row.monotonicNs), date: row.date))
            byType[type, default: QuantityStatistics(type: type)].add(sample)
        }
        record.statistics = byType.values.sorted { $0.type.rawValue < $1.type.rawValue }
        record.updatedAt = now
        try record.update(db)
        try ChangeLog.record(.workout, objectID: workoutID, workoutID: workoutID, .added, in: db, now: now)
    }
}
