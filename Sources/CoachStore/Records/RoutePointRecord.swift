// RoutePointRecord: one row of `routePoint` — a location sample of a workout's route, written live
// as it is journaled (like samples) and made exactly the finished workout's route when it is saved.

import CoachCore
import Foundation
import GRDB

struct RoutePointRecord: Codable, Hashable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "routePoint"

    var id: Int64?
    var workoutId: String
    var latitude: Double
    var longitude: Double
    var altitude: Double?
    var horizontalAccuracy: Double?
    var date: Date
    var monotonicNs: Int64

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let workoutId = Column(CodingKeys.workoutId)
        static let monotonicNs = Column(CodingKeys.monotonicNs)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension RoutePointRecord {
    init(_ location: LocationSample, workoutID: String) {
        self.init(id: nil, workoutId: workoutID, latitude: location.latitude, longitude: location.longitude,
                  altitude: location.altitude, horizontalAccuracy: location.horizontalAccuracy,
                  date: location.at.date, monotonicNs: location.at.monotonic.nanoseconds)
    }

    /// Makes the stored route the finished workout's. The points written live normally are exactly
    /// those, so this only counts them; an import (nothing written live) inserts them all.
    static func reconcile(_ route: [LocationSample], workoutID: String, in db: Database) throws {
        let stored = try filter(Columns.workoutId == workoutID).fetchCount(db)
        guard stored != route.count else { return }
        try filter(Columns.workoutId == workoutID).deleteAll(db)
        for location in route {
            var point = RoutePointRecord(location, workoutID: workoutID)
            try point.insert(db)
        }
    }
}
