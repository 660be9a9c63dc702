// Heart-rate zones: five bands by percent of the maximum heart rate (50–60, 60–70, 70–80, 80–90,
// 90–100 %), the maximum either configured or estimated from age, and time spent in each zone.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

public struct HeartRateZones: Sendable, Hashable, Codable {
    /// Beats per minute.
    public var maximum: Double

    /// Lower bounds of zones 1…5 as fractions of the maximum.
    public static let lowerBounds: [Double] = [0.5, 0.6, 0.7, 0.8, 0.9]

    public init?(maximum: Double) {
        guard maximum.isFinite, (100...240).contains(maximum) else { return nil }
        self.maximum = maximum
    }

    /// Tanaka, Monahan & Seals (2001): 208 − 0.7 × age, closer for adults than 220 − age.
    public static func estimatedMaximum(age: Int) -> Double? {
        guard (10...100).contains(age) else { return nil }
        return 208 - 0.7 * Double(age)
    }

    /// The configured maximum, else the one estimated from age; nil when neither is usable.
    public init?(maximum: Int?, age: Int?) {
        if let maximum, let zones = HeartRateZones(maximum: Double(maximum)) {
            self = zones
        } else if let age, let estimated = Self.estimatedMaximum(age: age), let zones = HeartRateZones(maximum: estimated) {
            self = zones
        } else {
            return nil
        }
    }

    /// 1…5, or nil below zone 1 (under half the maximum). Above the maximum is zone 5.
    public func zone(for heartRate: Double) -> Int? {
        guard heartRate.isFinite, heartRate > 0 else { return nil }
        let fraction = heartRate / maximum
        return Self.lowerBounds.lastIndex { fraction >= $0 }.map { $0 + 1 }
    }

    /// Beats per minute where zone `zone` starts (1…5).
    public func lowerBound(of zone: Int) -> Double { maximum * Self.lowerBounds[Swift.min(Swift.max(zone, 1), 5) - 1] }

    /// Seconds in each zone (index 0 = zone 1): each reading holds until the next one, for at most
    /// `maximumGap` (a pause or a lost strap is not time in a zone). Readings must be oldest first.
    public func timeInZones(_ readings: [(date: Date, heartRate: Double)], maximumGap: Double = 10) -> [Double] {
        var seconds = [Double](repeating: 0, count: 5)
        for (index, reading) in readings.enumerated() {
            guard let zone = zone(for: reading.heartRate) else { continue }
            let next = index + 1 < readings.count ? readings[index + 1].date.timeIntervalSince(reading.date) : 1
            seconds[zone - 1] += Swift.min(Swift.max(next, 0), maximumGap)
        }
        return seconds
    }
}
