// Queries by date (issue 33, item 11): the words --since/--until take, `history` limited to a
// range on a real store file, and per-day summaries that total water and steps as well.

import CoachCore
@testable import CoachStore
import Foundation
import Testing

@Suite struct QueriesByDateTests {
    static let utc: Calendar = PeriodSummary.calendar(timeZone: TimeZone(identifier: "UTC")!)
    /// Wednesday 2026-01-14 12:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_768_392_000)

    static func day(_ text: String) -> Date { ISO8601DateFormatter().date(from: text + "T00:00:00Z")! }

    @Test func wordsNameIntervals() throws {
        func interval(_ text: String) -> DateInterval? { DateExpression.interval(text, now: Self.now, calendar: Self.utc) }
        #expect(interval("today") == DateInterval(start: Self.day("2026-01-14"), end: Self.day("2026-01-15")))
        #expect(interval("yesterday")?.start == Self.day("2026-01-13"))
        // ISO weeks start on Monday: this week is 12–18 January, last week 5–11.
        #expect(interval("last week") == DateInterval(start: Self.day("2026-01-05"), end: Self.day("2026-01-12")))
        #expect(interval("This  Week")?.start == Self.day("2026-01-12"))
        #expect(interval("last month") == DateInterval(start: Self.day("2025-12-01"), end: Self.day("2026-01-01")))
        #expect(interval("7d") == DateInterval(start: Self.day("2026-01-08"), end: Self.day("2026-01-15")))
        #expect(interval("2026-01-02") == DateInterval(start: Self.day("2026-01-02"), end: Self.day("2026-01-03")))
        #expect(interval("2026-01-02T07:30:00Z")?.start == ISO8601DateFormatter().date(from: "2026-01-02T07:30:00Z"))
        #expect(interval("next week") == nil)
        #expect(interval("2026-13-45") == nil)
        #expect(DateExpression.problem("soon").contains("last week"))
    }

    /// Saves a 2-minute run starting at `start` with `water` mL drunk and 100 steps.
    static func saveRun(_ store: WorkoutStore, at start: Date, water: Double) async throws -> String {
        let clock = ManualWorkoutClock(start: Timestamp(monotonic: Fixtures.start.monotonic, date: start.addingTimeInterval(-3)))
        let manager = Fixtures.manager(journal: store, clock: clock)
        let id = await Fixtures.startRunning(manager)
        await manager.advance(by: .seconds(60))
        _ = try await manager.addSample(.dietaryWater, value: water)
        _ = try await manager.addSample(.stepCount, value: 100)
        _ = try await manager.addSample(.distance, value: 250)
        await manager.advance(by: .seconds(60))
        _ = await manager.perform(.end())
        return id
    }

    @Test func historyByDateAndDailyTotalsOnAFile() async throws {
        let directory = try Fixtures.temporaryDirectory()
        defer { Fixtures.remove(directory) }
        let store = try WorkoutStore.open(path: directory + "/coach.sqlite")
        let early = try await Self.saveRun(store, at: Self.day("2026-01-05").addingTimeInterval(7 * 3600), water: 500)
        let morning = try await Self.saveRun(store, at: Self.day("2026-01-13").addingTimeInterval(7 * 3600), water: 250)
        let evening = try await Self.saveRun(store, at: Self.day("2026-01-13").addingTimeInterval(19 * 3600), water: 750)

        let lastWeek = try #require(DateExpression.interval("last week", now: Self.now, calendar: Self.utc))
        #expect(try store.history(since: lastWeek.start, until: lastWeek.end).map(\.id) == [early])
        let yesterday = try #require(DateExpression.interval("yesterday", now: Self.now, calendar: Self.utc))
        #expect(Set(try store.history(since: yesterday.start).map(\.id)) == [morning, evening])
        #expect(try store.history(until: yesterday.start).map(\.id) == [early])

        let workouts = try store.history(since: Self.day("2026-01-12"))
        let totals = try store.sampleTotals(ofWorkouts: workouts.map(\.id))
        #expect(totals[morning]?["dietaryWater"] == 250)
        #expect(totals[evening]?["stepCount"] == 100)
        #expect(totals[evening]?["distance"] == nil)  // already in totalDistance
        let days = PeriodSummary.totals(of: workouts, by: .day, calendar: Self.utc, typeTotals: totals)
        #expect(days.count == 1)
        #expect(days.first?.start == Self.day("2026-01-13"))
        #expect(days.first?.count == 2)
        #expect(days.first?.totals == ["dietaryWater": 1000, "stepCount": 200])
        #expect(days.first?.totalDistance == 500)
        let text = WorkoutFormatter.summaryText(days, calendar: Self.utc)
        #expect(text.hasPrefix("DAY"))
        #expect(text.contains("2026-01-13"))
        #expect(text.contains("dietaryWater 1000 mL, stepCount 200"))
        #expect(WorkoutFormatter.summaryJSON(days).contains(#""totals":{"dietaryWater":1000,"stepCount":200}"#))
    }
}
