// A workout's replica in pages (issue 42). Whole, an hour of heart rate and power at 1 Hz is 7 200
// samples, 2.4 MB of JSON: over the socket's 1 MiB reply limit, so a mirror could never copy it; and
// building that reply (the rows, their JSON, its parsed form, the reply line) took ~9 MB for 3 000
// samples, which glibc kept after the reply — the week's soak saw every gateway that had served a
// replica hold 8–25 MB more than one that had not. A page holds at most `limit` samples and `limit`
// route points (rows after the cursor, by id: stable while rows are added), the events on the first.

import Foundation
import GRDB

/// Where the next page of a replica starts: the last sample and route point already sent.
public struct ReplicaCursor: Codable, Sendable, Hashable {
    public var samples: Int64
    public var route: Int64

    public init(samples: Int64 = 0, route: Int64 = 0) {
        self.samples = samples
        self.route = route
    }
}

/// A page could not join the pages before it (the workout changed between them: amended), or
/// pages were applied before the last one.
public struct ReplicaPageMismatch: Error, Sendable, Hashable {}

extension WorkoutStore {
    /// Rows per page the mirror asks for: ~170 kB of JSON for samples, as much for route points.
    public static let replicaPageRows = 500

    static func replicaPage(of workout: WorkoutRecord, after cursor: ReplicaCursor, limit: Int, in db: Database) throws -> ReplicatedWorkout {
        let id = workout.id
        var samples = try SampleRecord.filter(SampleRecord.Columns.workoutId == id && SampleRecord.Columns.id > cursor.samples)
            .order(SampleRecord.Columns.id).limit(limit + 1).fetchAll(db)
        var route = try RoutePointRecord.filter(RoutePointRecord.Columns.workoutId == id && RoutePointRecord.Columns.id > cursor.route)
            .order(RoutePointRecord.Columns.id).limit(limit + 1).fetchAll(db)
        let more = samples.count > limit || route.count > limit
        samples = Array(samples.prefix(limit))
        route = Array(route.prefix(limit))
        let first = cursor == ReplicaCursor()
        let events: [EventRecord] = first
            ? try EventRecord.filter(EventRecord.Columns.workoutId == id).order(SQL("monotonicNs, id").sqlExpression).fetchAll(db)
            : []
        let next = more ? ReplicaCursor(samples: samples.last?.id ?? cursor.samples, route: route.last?.id ?? cursor.route) : nil
        return ReplicatedWorkout(workout: workout, samples: samples, events: events, route: route, next: next)
    }
}

extension ReplicatedWorkout {
    /// The first page, to which the others are appended.
    public init(first page: ReplicatedWorkout) {
        self.init(workout: page.workout, samples: [], events: [], route: [])
        join(page)
    }

    /// The pages so far with `page` after them; throws when the workout changed in between.
    public func appending(_ page: ReplicatedWorkout) throws -> ReplicatedWorkout {
        guard page.workout == workout else { throw ReplicaPageMismatch() }
        var whole = self
        whole.join(page)
        return whole
    }

    /// Once the last page is in, the rows are in the order a whole replica has (by time, then id).
    private mutating func join(_ page: ReplicatedWorkout) {
        samples += page.samples
        events += page.events
        route += page.route
        next = page.next
        if next == nil {
            samples.sort { ($0.monotonicNs, $0.id ?? 0) < ($1.monotonicNs, $1.id ?? 0) }
            route.sort { ($0.monotonicNs, $0.id ?? 0) < ($1.monotonicNs, $1.id ?? 0) }
        }
    }
}
