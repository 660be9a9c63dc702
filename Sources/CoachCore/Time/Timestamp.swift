// Time as the core sees it: a monotonic instant (for elapsed time, never affected by wall-clock
// jumps) paired with the wall-clock date (for records and display). The core never reads a clock;
// callers hand it a Timestamp.

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// A reading of a monotonic clock, as nanoseconds since that clock's arbitrary origin.
public struct MonotonicInstant: Sendable, Hashable, Comparable, Codable {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = MonotonicInstant(nanoseconds: 0)

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public static func + (lhs: Self, rhs: Duration) -> Self {
        MonotonicInstant(nanoseconds: lhs.nanoseconds + rhs.nanoseconds)
    }

    public static func - (lhs: Self, rhs: Duration) -> Self {
        MonotonicInstant(nanoseconds: lhs.nanoseconds - rhs.nanoseconds)
    }

    public static func - (lhs: Self, rhs: Self) -> Duration {
        .nanoseconds(lhs.nanoseconds - rhs.nanoseconds)
    }
}

/// One moment, read from both clocks at once.
public struct Timestamp: Sendable, Hashable, Comparable, Codable {
    public var monotonic: MonotonicInstant
    public var date: Date

    public init(monotonic: MonotonicInstant, date: Date) {
        self.monotonic = monotonic
        self.date = date
    }

    /// Ordered by the monotonic reading: dates can jump, the monotonic clock cannot.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.monotonic < rhs.monotonic }

    public static func + (lhs: Self, rhs: Duration) -> Self {
        Timestamp(monotonic: lhs.monotonic + rhs, date: lhs.date.addingTimeInterval(rhs.seconds))
    }

    /// This moment expressed on another monotonic clock whose `now` is given, using the wall-clock
    /// distance between the two. Used after a restart, when the old monotonic origin is gone: a
    /// workout that kept running while the gateway was down keeps the time that passed.
    public func rebased(onto now: Timestamp) -> Timestamp {
        let distance = now.date.timeIntervalSince(self.date)
        return Timestamp(monotonic: now.monotonic - Duration.seconds(distance), date: self.date)
    }
}

extension Duration {
    /// The duration in seconds as a Double, for display and JSON.
    public var seconds: Double {
        let (whole, attoseconds) = self.components
        return Double(whole) + Double(attoseconds) / 1e18
    }

    /// Whole nanoseconds (durations in a workout are far inside Int64's range).
    public var nanoseconds: Int64 {
        let (whole, attoseconds) = self.components
        return whole * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
