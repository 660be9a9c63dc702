// `coach history --summary week|month`: the pure totals per period. The dates are chosen around
// period edges, and the expected buckets were worked out by hand from a wall calendar.

import CoachCore
@testable import CoachStore
import Foundation
import Testing

@Suite struct PeriodSummaryTests {
    private let utc = TimeZone(identifier: "UTC")!
    private let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    /// A saved run starting at `iso` (UTC), lasting `minutes`, with optional distance and energy.
    private func run(_ iso: String, minutes: Double, meters: Double? = nil, kcal: Double? = nil) -> WorkoutSummary {
        let start = ISO8601DateFormatter().date(from: iso)!
        return WorkoutSummary(id: UUID().uuidString.lowercased(), activity: .running, location: .outdoor, goal: .open,
                              name: nil, startDate: start, endDate: start.addingTimeInterval(minutes * 60),
                              elapsed: minutes * 60, state: .saved, discardReason: nil, goalReached: false,
                              totalDistance: meters, totalEnergy: kcal)
    }

    private var workouts: [WorkoutSummary] {
        [run("2026-11-02T07:00:00Z", minutes: 30, meters: 5000, kcal: 300),   // Monday, ISO week 45
         run("2026-11-08T14:30:00Z", minutes: 20, meters: 3000),              // Sunday 23:30 in Tokyo
         run("2026-11-08T15:30:00Z", minutes: 40, kcal: 410),                 // Monday 00:30 in Tokyo
         run("2026-11-25T18:00:00Z", minutes: 10)]                            // week 48; week 47 empty
    }

    @Test func weeksAreMondayToSundayInTheUsersTimeZone() {
        let inUTC = PeriodSummary.totals(of: workouts, by: .week, calendar: PeriodSummary.calendar(timeZone: utc))
        // Newest first: weeks 48, 47 (empty), 46 (empty in UTC), 45 (three runs).
        #expect(inUTC.map(\.count) == [1, 0, 0, 3])
        #expect(inUTC.last.map(\.elapsed) == 5400)
        #expect(inUTC.last?.totalDistance == 8000)
        #expect(inUTC.last?.totalEnergy == 710)
        #expect(inUTC[1].totalDistance == nil && inUTC[1].elapsed == 0)

        let inTokyo = PeriodSummary.totals(of: workouts, by: .week, calendar: PeriodSummary.calendar(timeZone: tokyo))
        // In Tokyo the third run falls on Monday of week 46.
        #expect(inTokyo.map(\.count) == [1, 0, 1, 2])
        #expect(inTokyo[2].totalEnergy == 410 && inTokyo[2].totalDistance == nil)
    }

    @Test func monthsAndTheLimitCountPeriodsNotWorkouts() {
        let calendar = PeriodSummary.calendar(timeZone: utc)
        let months = PeriodSummary.totals(of: workouts + [run("2026-09-30T23:59:00Z", minutes: 5)], by: .month,
                                          calendar: calendar)
        #expect(months.map(\.count) == [4, 0, 1])   // November, October (empty), September
        let limited = PeriodSummary.totals(of: workouts, by: .week, calendar: calendar, limit: 2)
        #expect(limited.map(\.count) == [1, 0])
    }

    @Test func workoutsWithoutAStartDateAreLeftOutAndNoneGivesNoPeriods() {
        var undated = run("2026-11-02T07:00:00Z", minutes: 30)
        undated.startDate = nil
        #expect(PeriodSummary.totals(of: [undated], by: .week, calendar: PeriodSummary.calendar(timeZone: utc)).isEmpty)
        #expect(WorkoutFormatter.summaryText([], calendar: PeriodSummary.calendar(timeZone: utc)).contains("coach start"))
    }

    @Test func textShowsEachPeriodAndTheTotal() {
        let calendar = PeriodSummary.calendar(timeZone: utc)
        let text = WorkoutFormatter.summaryText(PeriodSummary.totals(of: workouts, by: .week, calendar: calendar),
                                                calendar: calendar)
        #expect(text == """
            WEEK                WORKOUTS  TIME     DISTANCE  ENERGY
            2026-11-23 – 11-29  1         10:00    -         -
            2026-11-16 – 11-22  0         -        -         -
            2026-11-09 – 11-15  0         -        -         -
            2026-11-02 – 11-08  3         1:30:00  8.00 km   710 kcal
            total               4         1:40:00  8.00 km   710 kcal

            """)
        let json = WorkoutFormatter.summaryJSON(PeriodSummary.totals(of: workouts, by: .month, calendar: calendar))
        #expect(json == "[{\"count\":4,\"elapsed\":6000,\"end\":\"2026-12-01T00:00:00Z\",\"period\":\"month\","
                + "\"start\":\"2026-11-01T00:00:00Z\",\"totalDistance\":8000,\"totalEnergy\":710,\"totals\":{}}]")
    }
}
