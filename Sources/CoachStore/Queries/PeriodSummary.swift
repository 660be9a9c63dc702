// `coach history --summary day|week|month`: saved workouts totalled per calendar period, as HealthKit's
// statistics collections total a quantity per interval. Pure: the workouts, the calendar (time zone,
// first weekday) and the number of periods come in; no store, no clock.

import Foundation

/// The calendar period a summary totals over.
public enum SummaryPeriod: String, Sendable, CaseIterable, Codable {
    /// Calendar days in the user's time zone.
    case day
    /// ISO 8601 weeks: Monday to Sunday, in the user's time zone.
    case week
    case month

    var component: Calendar.Component {
        switch self {
        case .day: return .day
        case .week: return .weekOfYear
        case .month: return .month
        }
    }
}

/// The totals of one period. Periods without a workout are kept (count 0) so a gap shows as a gap.
public struct PeriodTotals: Sendable, Hashable, Codable {
    public var period: SummaryPeriod
    /// The period's first instant and the first instant after it, in the summary's calendar.
    public var start: Date
    public var end: Date
    public var count: Int
    /// Running seconds, pauses excluded.
    public var elapsed: Double
    /// Metres and kilocalories over the workouts that measured them; nil when none did.
    public var totalDistance: Double?
    public var totalEnergy: Double?
    /// Sums of the other cumulative sample types (dietaryWater in mL, stepCount, …) by type name;
    /// empty when the period's workouts have none.
    public var totals: [String: Double] = [:]

    /// Every key is written, `null` when unknown, as `WorkoutSummary` does.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(period, forKey: .period)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(count, forKey: .count)
        try container.encode(elapsed, forKey: .elapsed)
        try container.encode(totalDistance, forKey: .totalDistance)
        try container.encode(totalEnergy, forKey: .totalEnergy)
        try container.encode(totals, forKey: .totals)
    }
}

public enum PeriodSummary {
    /// A calendar for summaries: ISO weeks (Monday first) in `timeZone`.
    public static func calendar(timeZone: TimeZone = .current) -> Calendar {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        return calendar
    }

    /// Totals per period, newest first, from the newest workout's period back to the oldest's
    /// (at most `limit` periods). Workouts without a start date cannot be placed and are left out.
    /// `typeTotals` holds each workout's sums of other sample types, by workout id (the store's
    /// `sampleTotals(ofWorkouts:)`).
    public static func totals(of workouts: [WorkoutSummary], by period: SummaryPeriod,
                              calendar: Calendar, limit: Int? = nil,
                              typeTotals: [String: [String: Double]] = [:]) -> [PeriodTotals] {
        let dated = workouts.compactMap { workout in workout.startDate.map { (workout, $0) } }
        guard let newest = dated.map(\.1).max(), let oldest = dated.map(\.1).min(),
              let newestInterval = calendar.dateInterval(of: period.component, for: newest)
        else { return [] }

        var buckets: [Date: PeriodTotals] = [:]
        for (workout, date) in dated {
            guard let interval = calendar.dateInterval(of: period.component, for: date) else { continue }
            var totals = buckets[interval.start] ?? empty(period, interval)
            totals.count += 1
            totals.elapsed += workout.elapsed
            if let distance = workout.totalDistance { totals.totalDistance = (totals.totalDistance ?? 0) + distance }
            if let energy = workout.totalEnergy { totals.totalEnergy = (totals.totalEnergy ?? 0) + energy }
            for (type, sum) in typeTotals[workout.id] ?? [:] { totals.totals[type, default: 0] += sum }
            buckets[interval.start] = totals
        }

        // Walk back period by period so empty ones appear; stop at the oldest workout or the limit.
        var result: [PeriodTotals] = []
        var interval = newestInterval
        while interval.end > oldest, result.count < (limit ?? Int.max) {
            result.append(buckets[interval.start] ?? empty(period, interval))
            guard let previousDay = calendar.date(byAdding: .day, value: -1, to: interval.start),
                  let previous = calendar.dateInterval(of: period.component, for: previousDay) else { break }
            interval = previous
        }
        return result
    }

    private static func empty(_ period: SummaryPeriod, _ interval: DateInterval) -> PeriodTotals {
        PeriodTotals(period: period, start: interval.start, end: interval.end, count: 0, elapsed: 0,
                     totalDistance: nil, totalEnergy: nil)
    }
}
