// Queries behind `coach history` and `coach show ID`: summaries newest first, and one workout with
// per-metric statistics, found by a unique id prefix as git finds commits.

import CoachCore
import Foundation
import GRDB

extension WorkoutStore {
    /// Workouts newest first. Saved ones by default; `includeAll` adds active and discarded ones.
    /// `source` keeps only those a source of that name started or imported; `scope` hides what
    /// the reader may not see (a client denied workouts sees only its own).
    /// `since`/`until` keep workouts that started in [since, until) (DateExpression reads them).
    public func history(limit: Int? = nil, includeAll: Bool = false, source: String? = nil,
                        scope: ReadScope = .everything, since: Date? = nil, until: Date? = nil) throws -> [WorkoutSummary] {
        try database.writer.read { db in
            var request = WorkoutRecord.all()
            if let since { request = request.filter(sql: "COALESCE(startDate, createdAt) >= ?", arguments: [since]) }
            if let until { request = request.filter(sql: "COALESCE(startDate, createdAt) < ?", arguments: [until]) }
            if !includeAll { request = request.filter(WorkoutRecord.Columns.state == StoredWorkoutState.saved) }
            if let source { request = request.filter(WorkoutRecord.Columns.sourceName == source) }
            if !scope.allows(.workouts, sourceName: nil) {
                request = request.filter(WorkoutRecord.Columns.sourceName == scope.ownSource)
            }
            request = request.order(
                SQL("COALESCE(startDate, createdAt) DESC").sqlExpression, WorkoutRecord.Columns.id)
            if let limit { request = request.limit(limit) }
            return try request.fetchAll(db).map(WorkoutSummary.init)
        }
    }

    /// Sums of the cumulative sample types other than distance and energy (which the summaries
    /// have already), per workout id and type name: what `history --summary` totals per period.
    public func sampleTotals(ofWorkouts ids: [String]) throws -> [String: [String: Double]] {
        let types = QuantityType.allCases.filter { $0.isCumulative && $0 != .distance && $0 != .activeEnergy }.map(\.rawValue)
        guard !ids.isEmpty, !types.isEmpty else { return [:] }
        return try database.writer.read { db in
            var totals: [String: [String: Double]] = [:]
            for chunk in stride(from: 0, to: ids.count, by: 500).map({ Array(ids[$0..<min($0 + 500, ids.count)]) }) {
                let rows = try Row.fetchAll(db, sql: """
                    SELECT workoutId, type, SUM(value) FROM sample
                    WHERE workoutId IN (\(chunk.map { _ in "?" }.joined(separator: ","))) AND type IN (\(types.map { _ in "?" }.joined(separator: ",")))
                    GROUP BY workoutId, type
                    """, arguments: StatementArguments(chunk + types))
                for row in rows { totals[row[0], default: [:]][row[1]] = row[2] }
            }
            return totals
        }
    }

    /// The workout whose id starts with `prefix` (case-insensitive), with statistics and events.
    /// Throws `WorkoutLookupError` when none or several match; an exact id always wins.
    /// A workout the `scope` may not read is not found, as if it did not exist; its samples of
    /// types the scope may not read are left out, except the reader's own.
    public func workout(matching prefix: String, scope: ReadScope = .everything) throws -> WorkoutDetail {
        let prefix = prefix.lowercased().trimmingCharacters(in: .whitespaces)
        return try database.writer.read { db in
            let record = try Self.lookup(prefix, in: db)
            guard scope.allows(.workouts, sourceName: record.sourceName) else { throw WorkoutLookupError.notFound(prefix) }
            return try detail(of: record, scope: scope, in: db)
        }
    }

    /// The one workout whose id starts with `prefix` (already lowercased); an exact id wins.
    static func lookup(_ prefix: String, in db: Database) throws -> WorkoutRecord {
        guard !prefix.isEmpty else { throw WorkoutLookupError.notFound(prefix) }
        if let exact = try WorkoutRecord.fetchOne(db, key: prefix) { return exact }
        // GLOB is case-sensitive and index-friendly; ids are lowercase UUIDs.
        let pattern = prefix.replacingOccurrences(of: "[", with: "[[]")
            .replacingOccurrences(of: "*", with: "[*]").replacingOccurrences(of: "?", with: "[?]") + "*"
        let matches = try WorkoutRecord.filter(sql: "id GLOB ?", arguments: [pattern]).limit(10).fetchAll(db)
        guard let first = matches.first else { throw WorkoutLookupError.notFound(prefix) }
        guard matches.count == 1 else { throw WorkoutLookupError.ambiguous(prefix, candidates: matches.map(\.id)) }
        return first
    }

    private func detail(of record: WorkoutRecord, scope: ReadScope, in db: Database) throws -> WorkoutDetail {
        let events = try Self.events(ofWorkout: record.id, in: db)
        var summary = WorkoutSummary(record)
        let statistics: [MetricStatistics]
        let sampleCount: Int
        let sources: [SourceSamples]
        if scope.isEverything {
            sampleCount = try SampleRecord.filter(SampleRecord.Columns.workoutId == record.id).fetchCount(db)
            // A saved workout keeps the statistics its builder computed; otherwise they are
            // computed from the stored samples.
            statistics = try record.statistics.map { $0.map { MetricStatistics($0) } }
                ?? Self.statistics(ofWorkout: record.id, in: db)
            sources = try Self.sources(ofWorkout: record.id, scope: scope, in: db)
        } else {
            // A narrowed reader gets statistics of what it may see only, so no total betrays
            // samples it may not read.
            let visible = try Self.visibleSamples(ofWorkout: record.id, scope: scope, in: db)
            sampleCount = visible.count
            statistics = Self.statistics(of: visible)
            sources = Self.group(visible)
            summary.totalDistance = statistics.first { $0.type == .distance }?.sum
            summary.totalEnergy = statistics.first { $0.type == .activeEnergy }?.sum
        }
        var detail = WorkoutDetail(summary: summary, statistics: statistics.sorted { $0.type.rawValue < $1.type.rawValue },
                                   events: events, sampleCount: sampleCount, sources: sources)
        // Which distance counted (ReportedStatistics): the kinds of distance samples and the route.
        let distanceTypes = Set(sources.flatMap { $0.types.keys }.compactMap(QuantityType.init(rawValue:)).filter(\.isDistance))
        let routePoints = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM routePoint WHERE workoutId = ?", arguments: [record.id]) ?? 0
        detail.routePoints = routePoints
        detail.distanceSource = ReportedStatistics.distanceSource(
            hasSensorDistance: distanceTypes.contains { $0.isSensorDistance }, hasDistanceSamples: distanceTypes.contains(.distance),
            routePoints: routePoints)
        return detail
    }

    static func visibleSamples(ofWorkout id: String, scope: ReadScope, in db: Database) throws -> [SampleRecord] {
        try SampleRecord.filter(SampleRecord.Columns.workoutId == id).order(SQL("monotonicNs, id").sqlExpression)
            .fetchAll(db)
            .filter { record in
                QuantityType(rawValue: record.type).map { scope.allows(.quantity($0), sourceName: record.sourceName) } ?? false
            }
    }

    /// Statistics of the given samples (a narrowed reader's view), as HKStatistics computes them.
    static func statistics(of records: [SampleRecord]) -> [MetricStatistics] {
        var byType: [QuantityType: QuantityStatistics] = [:]
        for record in records {
            guard let type = QuantityType(rawValue: record.type) else { continue }
            let sample = QuantitySample(type: type, value: record.value,
                                        at: Timestamp(monotonic: MonotonicInstant(nanoseconds: record.monotonicNs), date: record.date))
            byType[type, default: QuantityStatistics(type: type)].add(sample)
        }
        return byType.values.map { MetricStatistics($0) }
    }

    /// The samples per source and device, largest group first.
    static func sources(ofWorkout id: String, scope: ReadScope, in db: Database) throws -> [SourceSamples] {
        let rows = try Row.fetchAll(db, sql: """
            SELECT sourceName, sourceVersion, deviceName, deviceModel, deviceManufacturer, type, COUNT(*) AS count,
                   sourceGeneratedFrom
            FROM sample WHERE workoutId = ?
            GROUP BY sourceName, sourceVersion, deviceName, deviceModel, deviceManufacturer, type, sourceGeneratedFrom
            """, arguments: [id])
        var groups: [SampleSource?: [String: Int]] = [:]
        for row in rows {
            var source = SampleSource.stored(name: row[0], version: row[1], deviceName: row[2], deviceModel: row[3],
                                             deviceManufacturer: row[4])
            source?.generatedFrom = row[7]
            groups[source, default: [:]][row[5], default: 0] += row[6] as Int
        }
        return order(groups)
    }

    static func group(_ records: [SampleRecord]) -> [SourceSamples] {
        var groups: [SampleSource?: [String: Int]] = [:]
        for record in records { groups[record.sampleSource, default: [:]][record.type, default: 0] += 1 }
        return order(groups)
    }

    private static func order(_ groups: [SampleSource?: [String: Int]]) -> [SourceSamples] {
        groups.map { SourceSamples(source: $0.key, count: $0.value.values.reduce(0, +), types: $0.value) }
            .sorted { ($0.count, $1.source?.name ?? "") > ($1.count, $0.source?.name ?? "") }
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

    /// The samples of one workout, oldest first (exports, tests), as `scope` may see them.
    public func samples(ofWorkout id: String, scope: ReadScope = .everything) throws -> [StoredSample] {
        try database.writer.read { db in
            try Self.visibleSamples(ofWorkout: id, scope: scope, in: db).compactMap(StoredSample.init)
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
