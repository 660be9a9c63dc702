// A replica as a protocol message: `workouts.replica`'s result (docs/mirroring.md). Its encoding
// stays the Codable one, written once (the store's rows, dates as seconds since 2001), with keys
// sorted so the same page is the same bytes; a mirror reads it back with `init(json:)`. As a
// WireMessage it takes part in the documented examples and the round-trip tests like the types in
// CoachWire/Messages; it lives here because its rows are the store's records.

import CoachWire
import Foundation

extension ReplicatedWorkout: CodableWireMessage {
    /// The documented example (docs/protocol.md): the first page of a saved run, one row of each
    /// kind, with where the next page starts.
    public static let example: ReplicatedWorkout = {
        let id = "5f0c2a8e-3b1d-4c7a-9e2f-8d6b1a4c3e70"
        let start = Date(timeIntervalSinceReferenceDate: 799_320_612)
        let workout = WorkoutRecord(id: id, activity: "running", location: "outdoor", goalType: "time", goalValue: 1800,
                                    startDate: start, endDate: start.addingTimeInterval(1850), elapsed: 1834.5, state: .saved,
                                    goalReached: true, createdAt: start, updatedAt: start.addingTimeInterval(1851),
                                    sourceName: "coach", sourceVersion: "0.9.0")
        let sample = SampleRecord(id: 48213, workoutId: id, type: "heartRate", value: 168, date: start.addingTimeInterval(1849),
                                  monotonicNs: 1_849_000_000_000, syncIdentifier: "strap-1:9f2c", syncVersion: 1,
                                  sourceName: "hr-bridge", sourceVersion: "1.2")
        let lap = EventRecord(id: 12, workoutId: id, type: "lap", healthKitType: 3, date: start.addingTimeInterval(603),
                              monotonicNs: 603_100_000_000, duration: 603.1, metadata: ["lap": "1"])
        let point = RoutePointRecord(id: 301, workoutId: id, latitude: 35.6581, longitude: 139.7017, altitude: 38.5,
                                     horizontalAccuracy: 4.8, date: start.addingTimeInterval(1849), monotonicNs: 1_849_000_000_000)
        return ReplicatedWorkout(workout: workout, samples: [sample], events: [lap], route: [point],
                                 next: ReplicaCursor(samples: 48213, route: 301))
    }()
}
