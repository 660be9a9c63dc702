// The one statistics shape: read from a gateway older than HealthKit's names (only the old keys),
// and carried through a mirror with its count (no longer rebuilt as one sample).

import CoachCore
import CoachWire
@testable import CoachGateway
import Foundation
import Testing

@Suite struct WireStatisticsTests {
    @Test func anOlderGatewaysKeysAreRead() throws {
        let old: JSONValue = ["total": 12, "latest": 3, "average": 4.5, "min": 1, "max": 9, "unit": "m"]
        #expect(try WireStatistics(json: old) == WireStatistics(sum: 12, average: 4.5, minimum: 1, maximum: 9, mostRecent: 3, unit: "m"))
    }

    @Test func theNewNamesWinOverTheOld() throws {
        let both: JSONValue = ["count": 2, "sum": 12, "total": 99]
        #expect(try WireStatistics(json: both).sum == 12)
    }

    @Test func aWrongTypeIsNamedByItsPath() {
        #expect(throws: WireDecodingError(path: "metrics.heartRate.count", problem: "expected: integer")) {
            try WireWorkout(json: ["state": "running", "metrics": ["heartRate": ["count": 1.5]]])
        }
    }

    @Test func theMirrorCarriesTheCount() throws {
        var snapshot = WorkoutSnapshot(workoutID: "w", state: .running, activity: .running, elapsed: 60, at: Timestamp(monotonic: .zero, date: Date()))
        var heartRate = QuantityStatistics(type: .heartRate)
        for (index, value) in [120.0, 130, 150].enumerated() {
            heartRate.add(QuantitySample(type: .heartRate, value: value, at: Timestamp(monotonic: MonotonicInstant(nanoseconds: Int64(index) * 1_000_000_000), date: Date())))
        }
        snapshot.statistics[.heartRate] = heartRate
        let mirrored = try #require(MirroredSnapshot.decode(snapshot.wire(locked: false), previous: nil, at: Timestamp(monotonic: .zero, date: Date())))
        let carried = try #require(mirrored.statistics[.heartRate])
        #expect(carried.count == 3)
        #expect(carried.mostRecent == 150 && carried.minimum == 120 && carried.maximum == 150)
        #expect(mirrored.wire(locked: false).json == snapshot.wire(locked: false).json, "the mirror shows what the primary sent")
    }
}
