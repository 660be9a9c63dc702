// FTP estimated from a saved ride (issue 33, item 8): 95 % of the best 20 minutes of average
// power (Allen & Coggan's 20-minute test), and which estimate is in effect on a given day.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

public struct FTPEstimate: Sendable, Hashable, Codable {
    /// The estimate, watts: 95 % of `bestTwentyMinutes`.
    public var watts: Double
    /// The best 20-minute average power of the workout, watts.
    public var bestTwentyMinutes: Double
    /// When the workout that gave it ended.
    public var date: Date
    public var workoutID: String

    public init(watts: Double, bestTwentyMinutes: Double, date: Date, workoutID: String) {
        self.watts = watts
        self.bestTwentyMinutes = bestTwentyMinutes
        self.date = date
        self.workoutID = workoutID
    }

    /// The 20-minute test's factor: FTP is 95 % of the best 20 minutes.
    public static let factor = 0.95
    public static let window = 1200
    /// A reading holds for at most this many seconds; a longer gap reads 0 W (coasting or a pause).
    public static let maximumHold: Int64 = 10
    /// An estimate counts for this long; after it the newest one stands in (EstimateHistory).
    public static let validity: TimeInterval = 42 * 86_400

    /// The best average over `window` whole seconds of `readings` (oldest first): each second has
    /// the latest reading of at most `maximumHold` seconds before, else 0 W. nil when the readings
    /// span less than the window.
    public static func bestAverage(_ readings: [(date: Date, watts: Double)], window: Int = window) -> Double? {
        guard let first = readings.first, let last = readings.last, window > 0 else { return nil }
        let start = Int64(first.date.timeIntervalSince1970.rounded(.down))
        let end = Int64(last.date.timeIntervalSince1970.rounded(.down))
        guard end - start + 1 >= Int64(window), end - start < 86_400 * 2 else { return nil }
        var series = [Double](repeating: 0, count: Int(end - start + 1))
        var index = 0
        var held: (second: Int64, watts: Double)?
        for second in start...end {
            while index < readings.count, Int64(readings[index].date.timeIntervalSince1970.rounded(.down)) <= second {
                let watts = readings[index].watts
                held = (Int64(readings[index].date.timeIntervalSince1970.rounded(.down)), watts.isFinite ? Swift.max(watts, 0) : 0)
                index += 1
            }
            if let held, second - held.second < maximumHold { series[Int(second - start)] = held.watts }
        }
        var sum = series.prefix(window).reduce(0, +)
        var best = sum
        for offset in window..<series.count {
            sum += series[offset] - series[offset - window]
            best = Swift.max(best, sum)
        }
        return best / Double(window)
    }

    /// The estimate a workout gives: nil without 20 minutes of power.
    public static func of(_ samples: [QuantitySample], workoutID: String, end: Date) -> FTPEstimate? {
        let readings = samples.filter { $0.type == .power }.sorted { $0.at < $1.at }.map { (date: $0.at.date, watts: $0.value) }
        guard let best = bestAverage(readings), best > 0 else { return nil }
        return FTPEstimate(watts: (best * factor).rounded(), bestTwentyMinutes: best, date: end, workoutID: workoutID)
    }

    /// The FTP in effect on `date`: the highest estimate of the 42 days before it (one easy ride
    /// does not lower it), else the newest older one; nil without any.
    public static func current(of estimates: [FTPEstimate], on date: Date) -> FTPEstimate? {
        let known = estimates.filter { $0.date <= date }
        let recent = known.filter { date.timeIntervalSince($0.date) <= validity }
        return recent.max { ($0.watts, $0.date) < ($1.watts, $1.date) } ?? known.max { $0.date < $1.date }
    }
}
