// QuantityStatistics (what the builder keeps and the store saves) and MetricStatistics (what
// `coach show` and `coach stats` print): one set of figures, two encodings that must not drift.

import CoachCore
import Foundation
import Testing

@Suite struct StatisticsReportTests {
    static func heartRate() -> QuantityStatistics {
        var statistics = QuantityStatistics(type: .heartRate)
        for (second, value) in [(0, 120.0), (1, 150), (2, 135)] {
            statistics.add(QuantitySample(type: .heartRate, value: value,
                                          at: Timestamp(monotonic: MonotonicInstant(nanoseconds: Int64(second) * 1_000_000_000),
                                                        date: Date(timeIntervalSince1970: 1_767_225_600 + Double(second)))))
        }
        return statistics
    }

    static func keys(_ value: some Encodable) throws -> Set<String> {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let object = try JSONSerialization.jsonObject(with: try encoder.encode(value)) as? [String: Any]
        return Set(object?.keys.map { $0 } ?? [])
    }

    @Test func aWorkoutsReportCarriesEveryFigureInItsDisplayUnit() {
        let report = MetricStatistics(Self.heartRate())
        #expect(report == MetricStatistics(type: .heartRate, unit: "bpm", count: 3, average: 135, minimum: 120, maximum: 150,
                                           mostRecent: 135, mostRecentDate: Date(timeIntervalSince1970: 1_767_225_602)))
    }

    @Test func anIntervalsReportLeavesOutTheMostRecentValue() throws {
        let report = MetricStatistics(Self.heartRate(), unit: QuantityType.heartRate.canonicalUnit, includesMostRecent: false)
        #expect(report.unit == "count/min")
        #expect(report.mostRecent == nil && report.mostRecentDate == nil)
        // `coach stats --json` keys, as they were before intervals shared this type.
        #expect(try Self.keys(report) == ["type", "unit", "count", "average", "minimum", "maximum"])
    }

    @Test func theSavedFormKeepsItsKeys() throws {
        // Saved workouts hold this JSON (WorkoutRecord.statistics): a renamed key would lose their statistics.
        #expect(try Self.keys(Self.heartRate()) == ["type", "count", "average", "minimum", "maximum", "mostRecent", "mostRecentAt"])
    }
}
