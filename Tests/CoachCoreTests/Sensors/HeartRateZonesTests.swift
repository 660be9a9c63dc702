// Heart-rate zones: bounds by percent of maximum, the age estimate, time in zones, and the zone in
// the expanded feed and the widget (hidden while locked).

import CoachCore
import Foundation
import Testing

@Suite("Heart-rate zones")
struct HeartRateZonesTests {
    @Test func zonesByPercentOfMaximum() throws {
        let zones = try #require(HeartRateZones(maximum: 200))
        #expect(zones.zone(for: 99) == nil)
        #expect(zones.zone(for: 100) == 1)
        #expect(zones.zone(for: 119.9) == 1)
        #expect(zones.zone(for: 120) == 2)
        #expect(zones.zone(for: 150) == 3)
        #expect(zones.zone(for: 165) == 4)
        #expect(zones.zone(for: 180) == 5)
        #expect(zones.zone(for: 230) == 5)
        #expect(zones.zone(for: .nan) == nil)
        #expect(zones.lowerBound(of: 4) == 160)
    }

    @Test func configuredMaximumWinsOverAge() {
        #expect(HeartRateZones(maximum: 190, age: 40)?.maximum == 190)
        #expect(HeartRateZones(maximum: nil, age: 40)?.maximum == 180)  // Tanaka: 208 − 0.7 × 40
        #expect(HeartRateZones(maximum: 30, age: 40)?.maximum == 180)   // an impossible maximum falls back to age
        #expect(HeartRateZones(maximum: nil, age: nil) == nil)
        #expect(HeartRateZones(maximum: nil, age: 300) == nil)
    }

    @Test func timeInZonesHoldsEachReadingUpToAGap() throws {
        let zones = try #require(HeartRateZones(maximum: 200))
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        let readings: [(date: Date, heartRate: Double)] = [
            (start, 110), (start + 5, 130), (start + 8, 170), (start + 60, 185), (start + 62, 90),
        ]
        let seconds = zones.timeInZones(readings)
        // 110 for 5 s (zone 1), 130 for 3 s (zone 2), 170 capped at 10 s (zone 4: a pause), 185 for 2 s, 90 below zone 1.
        #expect(seconds == [5, 3, 0, 10, 2])
    }

    @Test func theFeedAndTheWidgetNameTheZone() throws {
        var driver = EngineDriver.inState(.running)
        driver.appendActions(driver.engine.add(QuantitySample(type: .heartRate, value: 165, at: driver.now), at: driver.now).1)
        var activity = LiveActivity(configuration: .init(heartRateZones: HeartRateZones(maximum: 200)))
        _ = activity.apply(driver.engine.snapshot(at: driver.now))
        let content = activity.content(at: driver.now)
        #expect(content.state.heartRateZone == 4)
        let expanded = FeedView(content: content, language: .en).lines(.expanded).flatMap { $0 }.map(\.text).joined()
        #expect(expanded.contains("165 bpm · Zone 4"), "\(expanded)")
        let widget = WidgetScreen.render(content, size: WidgetSize(columns: 80, rows: 24), language: .ja).lines.joined(separator: "\n")
        #expect(widget.contains("ゾーン4"), "\(widget)")
        activity.setLocked(true)
        #expect(activity.content(at: driver.now).state.heartRateZone == nil)
        activity.setLocked(false)
        activity.setHeartRateZones(nil)
        #expect(activity.content(at: driver.now).state.heartRateZone == nil)
    }
}
