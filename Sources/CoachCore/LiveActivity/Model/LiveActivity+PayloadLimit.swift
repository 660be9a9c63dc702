// ActivityKit caps static + dynamic data at 4 KB. The only unbounded input is the user's workout
// name, so it is cut when the activity is requested, leaving room for the largest content state.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension LiveActivityContent {
    /// ActivityKit's limit for attributes + content state, in bytes.
    public static let payloadLimit = 4096

    /// The JSON-encoded size of attributes + content state, as ActivityKit counts it.
    public var encodedSize: Int {
        let encoder = JSONEncoder()
        let attributes = (try? encoder.encode(self.attributes))?.count ?? 0
        let state = (try? encoder.encode(self.state))?.count ?? 0
        return attributes + state
    }
}

extension LiveActivityAttributes {
    /// The largest content state Coach produces: every metric, every optional set, long numbers.
    static let largestState = LiveActivityContentState(
        phase: .stopping, countdown: 99, elapsed: 28_799.123_456_789,
        metrics: FeedMetricKind.allCases.map { FeedMetric(kind: $0, value: 123_456.123_456_789) },
        goalProgress: 0.123_456_789, goalReached: true, laps: 9_999_999, isStale: true, isLocked: true,
        endDate: Date(timeIntervalSince1970: 4_102_444_800.123_456))

    /// These attributes with the workout name cut (at a character boundary, marked with "…") so that
    /// they and the largest content state encode within the 4 KB payload limit.
    func cappedToPayloadLimit(limit: Int = LiveActivityContent.payloadLimit) -> LiveActivityAttributes {
        guard let name = workoutName, !fits(limit: limit) else { return self }
        let characters = Array(name)
        // Binary search on the number of characters kept: encoded size grows with it.
        var low = 0, high = characters.count
        while low < high {
            let mid = (low + high + 1) / 2
            var candidate = self
            candidate.workoutName = String(characters[..<mid]) + "…"
            if candidate.fits(limit: limit) { low = mid } else { high = mid - 1 }
        }
        var capped = self
        capped.workoutName = low == 0 ? nil : String(characters[..<low]) + "…"
        return capped
    }

    private func fits(limit: Int) -> Bool {
        LiveActivityContent(attributes: self, state: Self.largestState, activityState: .active).encodedSize <= limit
    }
}
