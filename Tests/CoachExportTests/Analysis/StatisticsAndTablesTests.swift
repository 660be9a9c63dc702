// `coach stats` intervals against the inputs computed independently, and the CSV/JSON exports
// parsed back (Foundation's JSONSerialization) with every record present.

import CoachCore
import CoachExport
import Foundation
import Testing

@Suite struct StatisticsAndTablesTests {
    @Test func oneMinuteIntervalsMatchTheFedValues() throws {
        let intervals = StatisticsCollection.collect(KnownWorkout.recording(), interval: 60)
        #expect(intervals.count == 6)
        for (index, interval) in intervals.enumerated() {
            let seconds = KnownWorkout.seconds.filter { $0 / 60 == index }
            let heart = seconds.map(KnownWorkout.heartRate)
            let metric = try #require(interval.metric(.heartRate))
            #expect(metric.count == seconds.count)
            #expect(abs((metric.average ?? 0) - heart.reduce(0, +) / Double(heart.count)) < 1e-9)
            #expect(metric.minimum == heart.min())
            #expect(metric.maximum == heart.max())
            #expect(interval.metric(.power)?.maximum == seconds.map(KnownWorkout.power).max())
            #expect(abs((interval.metric(.activeEnergy)?.sum ?? 0) - 0.25 * Double(seconds.count)) < 1e-9)
            #expect(interval.metric(.activeEnergy)?.average == nil)
            #expect((interval.metric(.distance)?.sum ?? 0) > 0)
        }
        // The interval holding the pause has fewer samples: 60…119 only.
        #expect(intervals[2].metric(.heartRate)?.count == 30)
        // Route distance per interval adds up to the workout's route distance.
        let total = intervals.compactMap { $0.metric(.distance)?.sum }.reduce(0, +)
        #expect(abs(total - Timeline(KnownWorkout.recording()).totalDistance) < 1e-6)
        let text = StatisticsCollection.text(intervals)
        #expect(text.split(separator: "\n").count == 7)
        #expect(text.hasPrefix("FROM"))
        #expect(text.contains("5:00"))
    }

    @Test func csvAndJSONHoldEveryRecord() throws {
        let recording = KnownWorkout.recording()
        let csv = String(decoding: try WorkoutExporter.data(recording, format: .csv), as: UTF8.self)
        let lines = csv.split(separator: "\n")
        #expect(lines.count == 1 + recording.samples.count + recording.route.count + recording.events.count)
        #expect(lines.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 10 })
        #expect(lines[1].hasPrefix("2026-01-01T00:00:00.250Z,sample,heartRate,110,count/min"))
        let json = try WorkoutExporter.data(recording, format: .json)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect((object["samples"] as? [Any])?.count == recording.samples.count)
        #expect((object["route"] as? [Any])?.count == recording.route.count)
        #expect((object["events"] as? [[String: Any]])?.map { $0["type"] as? String } == ["pause", "resume", "lap"])
        #expect(object["name"] as? String == "Known run")
    }
}
