// ActivityKit's lifecycle vocabulary: the activity's state and how long an ended one stays visible.

#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
public import Foundation
#endif

/// ActivityKit's `ActivityState` (without `pending`: Coach never schedules a start).
public enum ActivityState: String, Sendable, Hashable, Codable, CaseIterable {
    /// Visible and receiving updates.
    case active
    /// The content is out of date: metrics stopped arriving.
    case stale
    /// Ended: shows the summary until its dismissal policy removes it.
    case ended
    /// Removed; the feed shows nothing (idle).
    case dismissed
}

/// ActivityKit's `ActivityUIDismissalPolicy`. Apple keeps an ended activity up to 4 hours; the HIG
/// says "in most cases, 15 to 30 minutes is adequate", so Coach's default is 15 minutes.
public enum DismissalPolicy: Sendable, Hashable {
    case `default`
    case immediate
    /// Removed at `min(date, end + 4 h)`, as ActivityKit does.
    case after(Date)

    public static let defaultLinger: Duration = .seconds(15 * 60)
    public static let maximumLinger: Duration = .seconds(4 * 3600)

    /// The wall-clock moment the ended activity disappears.
    public func dismissalDate(endedAt end: Date) -> Date {
        let latest = end.addingTimeInterval(Self.maximumLinger.seconds)
        switch self {
        case .default: return end.addingTimeInterval(Self.defaultLinger.seconds)
        case .immediate: return end
        case .after(let date): return min(date, latest)
        }
    }
}
