// AlertMonitor: hysteresis for a step's alert. Readings are smoothed (the median of the last
// `threshold` seconds, so one stray beat neither starts nor ends an excursion); the smoothed value
// must stay out of range for more than `threshold` seconds before one alert, and back inside for as
// long before one "back in range". A noisy reading that crosses the edge many times says one thing
// per excursion, never a flood. Pure: readings and their times are handed in.

/// Which side of the range a reading is on.
public enum AlertDirection: String, Sendable, Hashable, Codable {
    case below, above
}

public enum AlertChange: Sendable, Hashable {
    case outOfRange(AlertDirection)
    case backInRange
}

public struct AlertMonitor: Sendable, Hashable {
    /// Seconds a reading must stay out (or back in) before it is said (the N, default 5).
    public let threshold: Double

    private enum State: Sendable, Hashable {
        case inRange
        /// Out since `since`, not yet said.
        case leaving(since: Double)
        case alerted(AlertDirection)
        /// Said to be out; in again since `since`, not yet said.
        case returning(since: Double, AlertDirection)
    }

    private var state = State.inRange
    private struct Reading: Sendable, Hashable { var at: Double; var value: Double }
    private var window: [Reading] = []

    public init(threshold: Double = 5) { self.threshold = threshold }

    /// True between an alert and its "back in range".
    public var isAlerting: Bool {
        switch state {
        case .alerted, .returning: return true
        case .inRange, .leaving: return false
        }
    }

    /// The side the last alert named, while alerting.
    public var direction: AlertDirection? {
        switch state {
        case .alerted(let direction), .returning(_, let direction): return direction
        case .inRange, .leaving: return nil
        }
    }

    /// One reading at `seconds` (any monotonic origin); returns a change when one is due.
    public mutating func observe(_ reading: Double, in range: ClosedRange<Double>, at seconds: Double) -> AlertChange? {
        if let last = window.last, seconds < last.at { window.removeAll() }  // another clock: start over
        window.append(Reading(at: seconds, value: reading))
        window.removeAll { seconds - $0.at >= threshold }
        let sorted = window.map(\.value).sorted()
        let value = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        let outside: AlertDirection? = value < range.lowerBound ? .below : value > range.upperBound ? .above : nil
        switch (state, outside) {
        case (.inRange, nil):
            return nil
        case (.inRange, .some):
            state = .leaving(since: seconds)
            return nil
        case (.leaving, nil):
            state = .inRange
            return nil
        case (.leaving(let since), .some(let direction)):
            guard seconds - since > threshold else { return nil }
            state = .alerted(direction)
            return .outOfRange(direction)
        case (.alerted, .some):
            return nil
        case (.alerted(let direction), nil):
            state = .returning(since: seconds, direction)
            return nil
        case (.returning(_, let direction), .some):
            state = .alerted(direction)
            return nil
        case (.returning(let since, _), nil):
            guard seconds - since > threshold else { return nil }
            state = .inRange
            return .backInRange
        }
    }

    /// A new step, a pause: whatever was pending is forgotten without a word.
    public mutating func reset() {
        state = .inRange
        window.removeAll()
    }
}
