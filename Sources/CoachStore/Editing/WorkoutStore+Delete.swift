// Deleting what was saved (HKHealthStore.delete): a workout with its samples, route and events, or
// single samples. Who may: the user anything, a client only what it wrote. Every deleted object
// leaves a tombstone in the change log, so a sync client learns of it; statistics of a workout that
// lost samples are recomputed, so no total, export or `stats` still counts deleted data.

import CoachCore
import Foundation
import GRDB

/// Who asks for a deletion.
public enum DeletingParty: Sendable, Hashable {
    /// Coach's own executable (the CLI, the REPL, voice): may delete anything.
    case user
    /// A named client: may delete only workouts it started or imported and samples it wrote.
    case client(String)

    func owns(sourceName: String?) -> Bool {
        switch self {
        case .user: return true
        case .client(let name): return sourceName == name
        }
    }
}

/// Why an edit (a deletion, an amendment, an import) changed nothing: a request is done whole or
/// not at all.
public struct StoreRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Reason: String, Sendable, Hashable {
        /// No such workout or sample (or an ambiguous prefix).
        case notFound
        /// It belongs to another source (HealthKit's errorAuthorizationDenied).
        case notYours
        /// The workout is still active: end or cancel it first.
        case active
        /// The request itself is wrong (a sample for a workout that was discarded, …).
        case invalid
    }

    public var reason: Reason
    public var message: String
    public var description: String { message }
}

/// What a deletion removed.
public struct DeletionResult: Sendable, Hashable, Codable {
    /// Deleted workouts' ids.
    public var workouts: [String]
    /// How many samples went (with a deleted workout, or one by one).
    public var samples: Int
    /// Saved workouts that lost samples and had their statistics recomputed.
    public var updatedWorkouts: [String]
}

extension WorkoutStore {
    /// Deletes the workout `prefix` names (a unique prefix, as `show` takes), with its samples,
    /// route, events and any journal, leaving tombstones. An active workout is refused: it is
    /// ended or cancelled through the manager, which owns it.
    public func deleteWorkout(matching prefix: String, by party: DeletingParty, now: Date = Date()) async throws -> DeletionResult {
        let prefix = prefix.lowercased().trimmingCharacters(in: .whitespaces)
        let result: DeletionResult = try await edit { db in
            let record: WorkoutRecord
            do { record = try Self.lookup(prefix, in: db) } catch let error as WorkoutLookupError {
                throw StoreRefusal(reason: .notFound, message: error.description)
            }
            guard party.owns(sourceName: record.sourceName) else {
                throw StoreRefusal(reason: .notYours, message: "workout \(record.id.prefix(8)) was not written by this client "
                                        + "(\(record.sourceName ?? "no source")): a client deletes only what it wrote")
            }
            guard record.state != .active else {
                throw StoreRefusal(reason: .active, message: "workout \(record.id.prefix(8)) is still going: end it "
                                        + "(`coach end`) or cancel it (`coach cancel`) instead")
            }
            let samples = try SampleRecord.filter(SampleRecord.Columns.workoutId == record.id).fetchCount(db)
            try Self.removeWorkout(record.id, in: db, now: now)
            return DeletionResult(workouts: [record.id], samples: samples, updatedWorkouts: [])
        }
        return result
    }

    /// Deletes samples by id (as the change feed reports them) and by sync identifier. All or
    /// nothing: one unknown, foreign or still-recording sample refuses the whole request.
    public func deleteSamples(ids: [Int64], syncIdentifiers: [String] = [], by party: DeletingParty,
                              now: Date = Date()) async throws -> DeletionResult {
        try await edit { db in
            var records: [Int64: SampleRecord] = [:]
            var missing: [String] = []
            for id in ids {
                if let record = try SampleRecord.fetchOne(db, key: id) { records[id] = record } else { missing.append("\(id)") }
            }
            for identifier in syncIdentifiers {
                let found = try SampleRecord.filter(SampleRecord.Columns.syncIdentifier == identifier).fetchAll(db)
                if found.isEmpty { missing.append("syncIdentifier \"\(identifier)\"") }
                for record in found { records[record.id!] = record }
            }
            guard missing.isEmpty else {
                throw StoreRefusal(reason: .notFound, message: "no sample \(missing.prefix(5).joined(separator: ", ")): "
                                        + "nothing was deleted (workouts.changes lists the samples and their ids)")
            }
            if let foreign = records.values.first(where: { !party.owns(sourceName: $0.sourceName) }) {
                throw StoreRefusal(reason: .notYours, message: "sample \(foreign.id!) was written by "
                                        + "\(foreign.sourceName ?? "an unknown source"): a client deletes only its own samples; nothing was deleted")
            }
            var touched: [String: Set<QuantityType>] = [:]
            for record in records.values {
                let state = try String.fetchOne(db, sql: "SELECT state FROM workout WHERE id = ?", arguments: [record.workoutId])
                guard state != StoredWorkoutState.active.rawValue else {
                    throw StoreRefusal(reason: .active, message: "sample \(record.id!) belongs to the workout still going: "
                                            + "delete it once the workout has ended; nothing was deleted")
                }
                if let type = QuantityType(rawValue: record.type) { touched[record.workoutId, default: []].insert(type) }
            }
            for record in records.values.sorted(by: { $0.id! < $1.id! }) { try SampleWriter.delete(record, in: db, now: now) }
            for (workout, types) in touched { try SavedStatistics.refresh(workout, types: types, in: db, now: now) }
            return DeletionResult(workouts: [], samples: records.count, updatedWorkouts: touched.keys.sorted())
        }
    }

    /// A workout's rows go; its samples and the workout itself leave tombstones.
    static func removeWorkout(_ id: String, in db: Database, now: Date) throws {
        try SampleWriter.deleteAll(of: id, in: db, now: now)
        // The foreign keys cascade to journal entries, events and route points.
        _ = try WorkoutRecord.deleteOne(db, key: id)
        try ChangeLog.record(.workout, objectID: id, workoutID: id, .deleted, in: db, now: now)
    }

    /// Runs an edit in one transaction; store failures become `JournalProblem`s that say what to do,
    /// refusals pass through as they are. Subscribers of the change feed are woken after the commit.
    func edit<Value: Sendable>(_ body: @escaping @Sendable (Database) throws -> Value) async throws -> Value {
        let value: Value
        do {
            value = try await database.writer.write(body)
        } catch let refusal as StoreRefusal {
            throw refusal
        } catch let error as WorkoutLookupError {
            throw error
        } catch {
            throw StoreFailure.problem(for: error, path: database.path)
        }
        commits.signal()
        return value
    }
}
