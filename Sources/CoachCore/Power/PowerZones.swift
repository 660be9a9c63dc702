// Power zones (issue 33, item 8): Coggan's seven zones by percent of the functional threshold
// power (FTP) — up to 55, 75, 90, 105, 120 and 150 %, and above — the zone of a reading, and time
// spent in each zone, counted as heart-rate zones are (HeartRateZones.swift).

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

public struct PowerZones: Sendable, Hashable, Codable {
    /// Watts.
    public var ftp: Double

    /// Upper bounds of zones 1…6 as fractions of FTP (Coggan & Allen, "Training and Racing with a
    /// Power Meter": active recovery, endurance, tempo, lactate threshold, VO2max, anaerobic
    /// capacity); zone 7 (neuromuscular power) is everything above 150 %.
    public static let upperBounds: [Double] = [0.55, 0.75, 0.90, 1.05, 1.20, 1.50]
    public static let zoneCount = 7

    /// nil for an FTP no rider has (outside 50…600 W).
    public init?(ftp: Double) {
        guard ftp.isFinite, (50...600).contains(ftp) else { return nil }
        self.ftp = ftp
    }

    /// 1…7. A bound belongs to the zone below it (55 % is still zone 1); coasting (0 W) is zone 1.
    public func zone(for watts: Double) -> Int? {
        guard watts.isFinite, watts >= 0 else { return nil }
        let fraction = watts / ftp
        return (Self.upperBounds.firstIndex { fraction <= $0 } ?? Self.upperBounds.count) + 1
    }

    /// Watts where zone `zone` (2…7) starts; 0 for zone 1.
    public func lowerBound(of zone: Int) -> Double {
        zone <= 1 ? 0 : ftp * Self.upperBounds[Swift.min(zone, Self.zoneCount) - 2]
    }

    /// Seconds in each zone (index 0 = zone 1): each reading holds until the next one, for at most
    /// `maximumGap` (a pause or a lost power meter is not time in a zone). Oldest first.
    public func timeInZones(_ readings: [(date: Date, watts: Double)], maximumGap: Double = 10) -> [Double] {
        var seconds = [Double](repeating: 0, count: Self.zoneCount)
        for (index, reading) in readings.enumerated() {
            guard let zone = zone(for: reading.watts) else { continue }
            let next = index + 1 < readings.count ? readings[index + 1].date.timeIntervalSince(reading.date) : 1
            seconds[zone - 1] += Swift.min(Swift.max(next, 0), maximumGap)
        }
        return seconds
    }
}
