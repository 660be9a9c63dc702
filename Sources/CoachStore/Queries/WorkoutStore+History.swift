// Queries behind `coach history` and `coach show ID`: summaries newest first, and one workout with
// per-metric statistics, found by a unique id prefix as git finds commits.

import CoachCore
import Foundation
import GRDB

extension WorkoutStore {
    /// Workouts newest first. Saved ones by default; `includeAll` adds active and discarded ones.
    public func history(limit: Int? = nil, includeAll: Bool = false) throws -> [WorkoutSummary] {
        try database.writer.read { db in
            var request = WorkoutRecord.all()
            if !includeAll { request = request.filter(WorkoutRecord.Columns.state == StoredWorkoutState.saved) }
            request = request.order(
                SQL("COALESCE(startDate, createdAt) DESC").sqlExpression, WorkoutRecord.Columns.id)
            if let limit { request = request.limit(limit) }
            return try request.fetchAll(db).map(WorkoutSummary.init)
        }
    }

    /// The workout whose id starts with `prefix` (case-insensitive), with statistics and events.
    /// Throws `WorkoutLookupError` when none or several match; an exact id always wins.
    public func workout(matching prefix: String) throws -> WorkoutDetail {
        let prefix = prefix.lowercased().trimmingCharacters(in: .whitespaces)
        return try database.writer.read { db in
            guard !prefix.isEmpty else { throw WorkoutLookupError.notFound(prefix) }
            let record: WorkoutRecord
            if let exact = try WorkoutRecord.fetchOne(db, key: prefix) {
                record = exact
            } else {
                // GLOB is case-sensitive and index-friendly; ids are lowercase UUIDs.
                let pattern = prefix.replacingOccurrences(of: "[", with: "[[]")
                    .replacingOccurrences(of: "*", with: "[*]").replacingOccurrences(of: "?", with: "[?]") + "*"
                let matches = try WorkoutRecord.filter(sql: "id GLOB ?", arguments: [pattern]).limit(10).fetchAll(db)
                guard let first = matches.first else { throw WorkoutLookupError.notFound(prefix) }
                guard matches.count == 1 else {
                    throw WorkoutLookupError.ambiguous(prefix, candidates: matches.map(\.id))
                }
                record = first
            }
            return try detail(of: record, in: db)
        }
    }

    private func detail(of record: WorkoutRecord, in db: Database) throws -> WorkoutDetail {
        let events = try Self.events(ofWorkout: record.id, in: db)
        let sampleCount = try SampleRecord.filter(SampleRecord.Columns.workoutId == record.id).fetchCount(db)
        // A saved workout keeps the statistics its builder computed; otherwise they are computed
        // from the stored samples.
        let statistics = try record.statistics.map { $0.map(MetricStatistics.init) }
            ?? Self.statistics(ofWorkout: record.id, in: db)
        return WorkoutDetail(summary: WorkoutSummary(record), statistics: statistics.sorted { $0.type.rawValue < $1.type.rawValue },
                             events: events, sampleCount: sampleCount)
    }

    static func statistics(ofWorkout id: String, in db: Database) throws -> [MetricStatistics] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT type, COUNT(*) AS count, SUM(value) AS sum, AVG(value) AS average,
                   MIN(value) AS minimum, MAX(value) AS maximum,
                   (SELECT value FROM sample AS s2 WHERE s2.workoutId = s1.workoutId AND s2.type = s1.type
                    ORDER BY monotonicNs DESC, id DESC LIMIT 1) AS mostRecent,
                   (SELECT date FROM sample AS s2 WHERE s2.workoutId = s1.workoutId AND s2.type = s1.type
                    ORDER BY monotonicNs DESC, id DESC LIMIT 1) AS mostRecentDate
            FROM sample AS s1 WHERE workoutId = ? GROUP BY type ORDER BY type
            """, arguments: [id])
        return rows.compactMap { row in
            guard let type = QuantityType(rawValue: row["type"]) else { return nil }
            let cumulative = type.isCumulative
            return MetricStatistics(type: type, unit: type.displayUnit, count: row["count"],
                                    sum: cumulative ? row["sum"] : nil, average: cumulative ? nil : row["average"],
                                    minimum: cumulative ? nil : row["minimum"], maximum: cumulative ? nil : row["maximum"],
                                    mostRecent: row["mostRecent"], mostRecentDate: row["mostRecentDate"])
        }
    }

    /// The samples of one workout, oldest first (exports, tests).
    public func samples(ofWorkout id: String) throws -> [StoredSample] {
        try database.writer.read { db in
            try SampleRecord.filter(SampleRecord.Columns.workoutId == id)
                .order(SQL("monotonicNs, id").sqlExpression).fetchAll(db).compactMap(StoredSample.init)
        }
    }

    /// The route of one workout, oldest point first (exports, charts, tests).
    public func route(ofWorkout id: String) throws -> [StoredLocation] {
        try database.writer.read { db in
            try RoutePointRecord.filter(RoutePointRecord.Columns.workoutId == id)
                .order(SQL("monotonicNs, id").sqlExpression).fetchAll(db)
                .map { StoredLocation(latitude: $0.latitude, longitude: $0.longitude, altitude: $0.altitude,
                                      horizontalAccuracy: $0.horizontalAccuracy, date: $0.date) }
        }
    }

    /// The events of one workout in order (exports).
    public func events(ofWorkout id: String) throws -> [StoredEvent] {
        try database.writer.read { db in try Self.events(ofWorkout: id, in: db) }
    }

    static func events(ofWorkout id: String, in db: Database) throws -> [StoredEvent] {
        try EventRecord.filter(EventRecord.Columns.workoutId == id).order(EventRecord.Columns.monotonicNs).fetchAll(db)
            .compactMap { row in
                WorkoutEventType(rawValue: row.type).map {
                    StoredEvent(type: $0, date: row.date, duration: row.duration, metadata: row.metadata)
                }
            }
    }

    /// Whether a workout with this exact id exists (imports use it to tell a repeat).
    public func containsWorkout(id: String) throws -> Bool {
        try database.writer.read { db in try WorkoutRecord.exists(db, key: id) }
    }
}
