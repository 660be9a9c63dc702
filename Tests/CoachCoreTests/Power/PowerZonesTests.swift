// Power zones and FTP (issue 33, item 8): Coggan's bounds, time in zones, 95 % of the best
// 20 minutes, which estimate is in effect, and the zone in the feed (hidden while locked).

import CoachCore
import Foundation
import Testing

@Suite("Power zones and FTP")
struct PowerZonesTests {
    let start = Date(timeIntervalSince1970: 1_767_225_600)

    @Test func cogganBoundsAtAnFTPOf250() throws {
        let zones = try #require(PowerZones(ftp: 250))
        // 55 % = 137.5, 75 % = 187.5, 90 % = 225, 105 % = 262.5, 120 % = 300, 150 % = 375 W.
        let cases: [(Double, Int)] = [(0, 1), (137.5, 1), (138, 2), (187.5, 2), (188, 3), (225, 3), (250, 4), (262.5, 4),
                                      (263, 5), (300, 5), (301, 6), (375, 6), (376, 7), (1500, 7)]
        for (watts, zone) in cases { #expect(zones.zone(for: watts) == zone, "\(watts) W") }
        #expect(zones.lowerBound(of: 4) == 225)
        #expect(zones.zone(for: -1) == nil)
        #expect(PowerZones(ftp: 20) == nil)
    }

    @Test func timeInZonesHoldsEachReadingAtMostTenSeconds() throws {
        let zones = try #require(PowerZones(ftp: 250))
        let readings = [(0.0, 100.0), (5, 250), (8, 400), (60, 250)].map { (date: start.addingTimeInterval($0.0), watts: $0.1) }
        // 5 s in zone 1, 3 s in zone 4, 10 s (not 52) in zone 7, the last reading 1 s in zone 4.
        #expect(zones.timeInZones(readings) == [5, 0, 0, 4, 0, 0, 10])
    }

    @Test func ninetyFivePercentOfTheBestTwentyMinutes() throws {
        // 5 min at 150 W, 20 min at 250 W, 5 min at 150 W, one reading a second.
        var readings: [(date: Date, watts: Double)] = []
        for second in 0..<1800 { readings.append((start.addingTimeInterval(Double(second)), (300..<1500).contains(second) ? 250 : 150)) }
        #expect(FTPEstimate.bestAverage(readings) == 250)
        let samples = readings.map { QuantitySample(type: .power, value: $0.watts, at: Timestamp(monotonic: MonotonicInstant(nanoseconds: Int64($0.date.timeIntervalSince(start) * 1e9)), date: $0.date)) }
        let estimate = try #require(FTPEstimate.of(samples, workoutID: "ride", end: start.addingTimeInterval(1800)))
        #expect(estimate.watts == 238, "95 % of 250 W is 237.5, rounded")
        #expect(estimate.bestTwentyMinutes == 250)
        // Under 20 minutes of readings: no estimate.
        #expect(FTPEstimate.bestAverage(Array(readings.prefix(1199))) == nil)
    }

    @Test func aGapLongerThanTenSecondsCountsAsNothing() {
        // 20 min at 300 W with one reading a minute: each holds 10 s, so the average is a sixth.
        let readings = (0...20).map { (date: start.addingTimeInterval(Double($0 * 60)), watts: 300.0) }
        #expect(abs((FTPEstimate.bestAverage(readings) ?? 0) - 300.0 * 10 / 60) < 0.5)
    }

    @Test func theHighestEstimateOfSixWeeksElseTheNewest() {
        let day = 86_400.0
        func estimate(_ watts: Double, daysAgo: Double) -> FTPEstimate {
            FTPEstimate(watts: watts, bestTwentyMinutes: watts / 0.95, date: start.addingTimeInterval(-daysAgo * day), workoutID: "\(watts)")
        }
        let estimates = [estimate(260, daysAgo: 60), estimate(240, daysAgo: 20), estimate(220, daysAgo: 2)]
        #expect(FTPEstimate.current(of: estimates, on: start)?.watts == 240, "an easy ride does not lower it")
        #expect(FTPEstimate.current(of: estimates, on: start.addingTimeInterval(-30 * day))?.watts == 260)
        #expect(FTPEstimate.current(of: [estimate(260, daysAgo: 60)], on: start)?.watts == 260, "an old one stands in")
        #expect(FTPEstimate.current(of: [], on: start) == nil)
    }

    @Test func theFeedNamesThePowerZoneUnlessLocked() {
        var live = LiveActivity(configuration: LiveActivity.Configuration(powerZones: PowerZones(ftp: 250)))
        var power = QuantityStatistics(type: .power)
        power.add(QuantitySample(type: .power, value: 250, at: at(10)))
        live.apply(WorkoutSnapshot(workoutID: "w", state: .running, activity: .cycling, location: .indoor, startDate: at(0).date,
                                   elapsed: 10, statistics: [.power: power], at: at(10)))
        let content = live.content(at: at(11))
        #expect(content.state.powerZone == 4)
        let wording = Wording(language: .en) { group, key in group == "feed" && key == "powerZone" ? "Power zone {zone}" : nil }
        let text = FeedRenderer(wording: wording).render(content, presentation: .expanded, format: .text)
        #expect(text.contains("250 W · Power zone 4"), "\(text)")
        #expect(FeedRenderer(wording: wording).render(content, presentation: .expanded, format: .json).contains(#""powerZone":4"#))
        // The widget shows it as the expanded presentation does.
        let frame = WidgetScreen.render(content, size: WidgetSize(columns: 80, rows: 24), wording: wording)
        #expect(frame.lines.contains { $0.contains("250 W · Power zone 4") }, "\(frame.lines)")
        live.setLocked(true)
        #expect(live.content(at: at(11)).state.powerZone == nil)
        let locked = WidgetScreen.render(live.content(at: at(11)), size: WidgetSize(columns: 80, rows: 24), wording: wording)
        #expect(!locked.lines.contains { $0.contains("Power zone") })
    }
}
