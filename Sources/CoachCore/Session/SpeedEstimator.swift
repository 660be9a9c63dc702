// Speed from distance samples, for auto-pause when no sensor reports speed. Each increment gives a
// speed (metres over the time since the previous one); the estimate is the median of those inside
// a short trailing window, so one GPS fix that jumps metres while standing still moves it not at
// all (a mean would carry the jump for the whole window).

/// Metres per second: the median speed of the distance increments in the last `window`.
public struct SpeedEstimator: Sendable, Hashable {
    public let window: Duration
    private struct Reading: Sendable, Hashable { var at: MonotonicInstant; var speed: Double }
    private var readings: [Reading] = []
    private var lastIncrementAt: MonotonicInstant?

    public init(window: Duration = .seconds(5)) { self.window = window }

    /// Adds the distance covered since the previous increment, up to `at`; returns the speed, or
    /// nil until two increments have been seen.
    public mutating func add(metres: Double, at: MonotonicInstant) -> Double? {
        guard metres.isFinite, metres >= 0 else { return nil }
        defer { lastIncrementAt = at }
        guard let previous = lastIncrementAt, at > previous else {
            if let previous = lastIncrementAt, at < previous { readings.removeAll() }  // another clock: start over
            return readings.isEmpty ? nil : median
        }
        readings.append(Reading(at: at, speed: metres / (at - previous).seconds))
        readings.removeAll { at - $0.at >= window }
        return median
    }

    private var median: Double? {
        guard !readings.isEmpty else { return nil }
        let sorted = readings.map(\.speed).sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
