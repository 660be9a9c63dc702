// The pure renderings for `coach history` and `coach show`, text and JSON.

import CoachCore
import CoachWire
@testable import CoachStore
import Foundation
import Testing

extension Wording {
    /// The few English words these tables show (the real ones are read from Intents/).
    static let history = Wording(language: .en) { group, key in
        ["activities": ["running": "run"], "locations": ["outdoor": "outdoor"]][group]?[key]
    }
}

@Suite struct WorkoutFormatterTests {
    private let utc = TimeZone(identifier: "UTC")!

    private let summary = WorkoutSummary(
        id: "3f2a9c1b-1111-4000-8000-000000000000", activity: .running, location: .outdoor,
        goal: .distance(meters: 5000), name: nil, startDate: Date(timeIntervalSince1970: 1_767_258_000),
        endDate: Date(timeIntervalSince1970: 1_767_260_000), elapsed: 1865, state: .saved,
        discardReason: nil, goalReached: true, totalDistance: 5020, totalEnergy: 320.4)

    @Test func historyTextHasOneAlignedRowPerWorkout() {
        let text = WorkoutFormatter.historyText([summary], wording: .history, timeZone: utc)
        #expect(text == """
            ID        DATE              WORKOUT      DURATION  DISTANCE  ENERGY
            3f2a9c1b  2026-01-01 09:00  outdoor run  31:05     5.02 km   320 kcal

            """)
    }

    @Test func emptyHistorySaysHowToStart() {
        #expect(WorkoutFormatter.historyText([], wording: .history).contains("coach start"))
    }

    @Test func historyJSONIsStableAndUsesISODates() throws {
        let json = WorkoutFormatter.historyJSON([summary])
        #expect(json.hasPrefix("[{\"activity\":\"running\""))
        #expect(json.contains("\"startDate\":\"2026-01-01T09:00:00Z\""))
        #expect(json.contains("\"goal\":{\"type\":\"distance\",\"value\":5000}"))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode([WorkoutSummary].self, from: Data(json.utf8)) == [summary])
    }

    /// `history` is now written by CoachWire's HistoryResult: byte for byte what JSONEncoder wrote
    /// (sorted keys, nulls, second-precision dates, a source with and without a device, an open goal).
    @Test func historyJSONIsWhatTheEncoderWrote() throws {
        var other = summary
        other.id = "7c1d0000-2222-4000-8000-000000000000"
        other.activity = nil
        other.location = nil
        other.goal = .open
        other.name = "Tempo \"hills\" / é"
        other.startDate = Date(timeIntervalSince1970: 1_767_258_000.987)
        other.endDate = nil
        other.elapsed = 0.1 + 0.2
        other.state = .discarded
        other.discardReason = "cancelled"
        other.goalReached = false
        other.totalDistance = nil
        other.totalEnergy = 1e-7
        other.source = SampleSource(name: "hr-bridge", version: "1.2",
                                    device: SampleDevice(name: "HRM-Pro", manufacturer: "Garmin"), generatedFrom: "power")
        var plain = summary
        plain.source = SampleSource(name: "coach")
        for workouts in [[summary, other, plain], [], [other]] {
            let typed = WorkoutFormatter.historyJSON(workouts)
            #expect(typed == WorkoutFormatter.json(workouts))
            let decoded = try HistoryResult(json: JSONValue(parsing: typed))
            #expect(decoded.json.serialized() == typed, "HistoryResult reads back what it wrote")
        }
    }

    @Test func showTextListsSummaryAndPerMetricStatistics() {
        let detail = WorkoutDetail(
            summary: summary,
            statistics: [
                MetricStatistics(type: .distance, unit: "m", count: 10, sum: 5020, mostRecent: 500),
                MetricStatistics(type: .heartRate, unit: "count/min", count: 1800, average: 142.5,
                                 minimum: 98, maximum: 181, mostRecent: 150),
            ],
            events: [StoredEvent(type: .pause, date: summary.startDate!, metadata: [:]),
                     StoredEvent(type: .resume, date: summary.startDate!, metadata: [:])],
            sampleCount: 1810)
        let text = WorkoutFormatter.showText(detail, wording: .history, timeZone: utc)
        #expect(text.contains("Workout 3f2a9c1b-1111-4000-8000-000000000000"))
        #expect(text.contains("  Goal      5.00 km (reached)"))
        #expect(text.contains("  Duration  31:05 (pauses excluded)"))
        #expect(text.contains("  Events    1 pause, 1 resume"))
        #expect(text.contains("distance   10     5020 m  -  "))
        #expect(text.contains("heartRate  1800   -       142.5 bpm  98   181  150 bpm"))
    }

    /// `show` and the change feed are now written by CoachWire's ShowResult and ChangesResult: byte
    /// for byte what JSONEncoder wrote (sorted keys at every level, dates to the second, optional
    /// members left out, an open goal without value, metadata and sources).
    @Test func showAndChangesJSONAreWhatTheEncoderWrote() throws {
        var open = summary
        open.goal = .open
        open.source = SampleSource(name: "hr-bridge", version: "1.2", device: SampleDevice(name: "HRM-Pro", manufacturer: "Garmin"))
        let start = summary.startDate!
        let detail = WorkoutDetail(
            summary: open,
            statistics: [MetricStatistics(type: .distance, unit: "m", count: 10, sum: 5020.25, mostRecent: 500,
                                          mostRecentDate: start.addingTimeInterval(1800.4)),
                         MetricStatistics(type: .heartRate, unit: "bpm", count: 1800, average: 142.5, minimum: 98, maximum: 181)],
            events: [StoredEvent(type: .lap, date: start.addingTimeInterval(0.7), duration: 300.25, metadata: ["lap": "1", "b": "x"]),
                     StoredEvent(type: .pause, date: start, metadata: [:])],
            sampleCount: 1810,
            sources: [SourceSamples(source: open.source, count: 1800, types: ["heartRate": 1790, "distance": 10]),
                      SourceSamples(source: nil, count: 10, types: [:])],
            distanceSource: .samples, routePoints: 3)
        var bare = detail
        bare.distanceSource = nil
        bare.routePoints = nil
        bare.sources = []
        for shown in [detail, bare] {
            let typed = WorkoutFormatter.showJSON(shown)
            #expect(typed == WorkoutFormatter.json(shown))
            #expect(try ShowResult(json: JSONValue(parsing: typed)).json.serialized() == typed, "ShowResult reads back what it wrote")
        }
        let sample = StoredSample(id: 42, workoutID: open.id, type: .heartRate, value: 150.5, date: start.addingTimeInterval(3.9),
                                  syncIdentifier: "strap:1", syncVersion: 2, source: open.source)
        var plain = sample
        plain.syncIdentifier = nil
        plain.syncVersion = nil
        plain.source = nil
        for page in [StoreChanges(added: [.workout(open), .sample(sample), .sample(plain)],
                                  deleted: [DeletedObject(kind: .sample, id: "41", workoutID: open.id)], anchor: 77, more: true),
                     StoreChanges(added: [], deleted: [], anchor: 0)] {
            let typed = WorkoutFormatter.changesJSON(page)
            #expect(typed == WorkoutFormatter.json(page))
            #expect(try ChangesResult(json: JSONValue(parsing: typed)).json.serialized() == typed, "ChangesResult reads back what it wrote")
        }
    }

    @Test func durationsShowHoursOnlyWhenNeeded() {
        #expect(WorkoutFormatter.duration(59.9) == "0:59")
        #expect(WorkoutFormatter.duration(3600) == "1:00:00")
    }
}
