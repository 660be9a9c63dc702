// Amending a saved workout (HKHealthStore.add(_:to:)): samples added after the fact — a strap's
// readings synced later, a forgotten water bottle — with the sync rules of live samples (a higher
// version replaces, store-wide), the workout's statistics recomputed and the change announced.

import CoachCore
import Foundation
import GRDB

/// One sample to add to a saved workout; `date` nil means the workout's end.
public struct Amendment: Sendable, Hashable {
    public var type: QuantityType
    /// In the type's canonical unit.
    public var value: Double
    public var date: Date?
    public var syncIdentifier: String?
    public var syncVersion: Int?
    public var source: SampleSource?

    public init(type: QuantityType, value: Double, date: Date? = nil, syncIdentifier: String? = nil,
                syncVersion: Int? = nil, source: SampleSource? = nil) {
        self.type = type
        self.value = value
        self.date = date
        self.syncIdentifier = syncIdentifier
        self.syncVersion = syncVersion
        self.source = source
    }
}

/// What an amendment did, sample by sample ("added", "replaced", "ignoredOlderVersion").
public struct AmendmentResult: Sendable, Hashable {
    public var workoutID: String
    public var outcomes: [String]
}

extension WorkoutStore {
    /// Adds `samples` to the saved workout `prefix` names. All or nothing: an active or discarded
    /// workout, another client's workout, or a date outside the workout refuses the whole request.
    public func amendWorkout(matching prefix: String, with samples: [Amendment], by party: DeletingParty,
                             now: Date = Date()) async throws -> AmendmentResult {
        let prefix = prefix.lowercased().trimmingCharacters(in: .whitespaces)
        return try await edit { db in
            let record: WorkoutRecord
            do { record = try Self.lookup(prefix, in: db) } catch let error as WorkoutLookupError {
                throw StoreRefusal(reason: .notFound, message: error.description)
            }
            let short = record.id.prefix(8)
            switch record.state {
            case .active:
                throw StoreRefusal(reason: .active, message: "workout \(short) is still going: send the samples without "
                                     + "a workout (`coach sample TYPE VALUE`) and they join it")
            case .discarded:
                throw StoreRefusal(reason: .invalid, message: "workout \(short) was discarded: only saved workouts take samples")
            case .saved: break
            }
            guard party.owns(sourceName: record.sourceName) else {
                throw StoreRefusal(reason: .notYours, message: "workout \(short) was not written by this client "
                                     + "(\(record.sourceName ?? "no source")): a client amends only its own workouts")
            }
            let start = record.startDate ?? record.createdAt
            let end = record.endDate ?? start
            let clock = try Self.clockReference(of: record, in: db)
            var outcomes: [String] = []
            for amendment in samples {
                let date = amendment.date ?? end
                // A second of slack: dates are often written to the second, the workout's ends are not.
                guard date >= start.addingTimeInterval(-1), date <= end.addingTimeInterval(1) else {
                    throw StoreRefusal(reason: .invalid, message: "\(ISO8601DateFormatter().string(from: date)) is outside workout \(short) "
                                         + "(\(ISO8601DateFormatter().string(from: start)) to \(ISO8601DateFormatter().string(from: end))): "
                                         + "give a date within it, or none for its end; nothing was added")
                }
                let offset = (date.timeIntervalSince(clock.date) * 1e9).rounded()
                let monotonic = clock.monotonicNs &+ (abs(offset) < 9e18 ? Int64(offset) : 0)
                let sample = QuantitySample(type: amendment.type, value: amendment.value,
                                            at: Timestamp(monotonic: MonotonicInstant(nanoseconds: monotonic), date: date),
                                            syncIdentifier: amendment.syncIdentifier, syncVersion: amendment.syncVersion,
                                            source: amendment.source)
                switch try SampleWriter.store(sample, workoutID: record.id, in: db, now: now) {
                case .added: outcomes.append("added")
                case .replaced: outcomes.append("replaced")
                case .ignored: outcomes.append("ignoredOlderVersion")
                }
            }
            try SavedStatistics.refresh(record.id, types: Set(samples.map(\.type)), in: db, now: now)
            return AmendmentResult(workoutID: record.id, outcomes: outcomes)
        }
    }

    /// A (wall date, monotonic reading) pair on the workout's own clock, so an added sample sorts
    /// among the recorded ones: any stored sample, route point or event; else Unix time, as imports use.
    static func clockReference(of record: WorkoutRecord, in db: Database) throws -> (date: Date, monotonicNs: Int64) {
        for table in ["sample", "routePoint", "event"] {
            if let row = try Row.fetchOne(db, sql: "SELECT date, monotonicNs FROM \"\(table)\" WHERE workoutId = ? LIMIT 1",
                                          arguments: [record.id]) {
                let date: Date = row["date"]
                let monotonic: Int64 = row["monotonicNs"]
                return (date, monotonic)
            }
        }
        let start = record.startDate ?? record.createdAt
        return (start, Int64((start.timeIntervalSince1970 * 1e9).rounded()))
    }
}
