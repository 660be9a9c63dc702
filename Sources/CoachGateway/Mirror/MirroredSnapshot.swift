// The primary's `status` object (docs/protocol.md) read back into a WorkoutSnapshot, so the mirror
// shows it through its own manager, feed and replies. Pure. Anything malformed is left out rather
// than guessed; a reading keeps its age while its value stays the same (so a sensor that stopped on
// the primary goes stale on the mirror too, instead of looking fresh with every status).

import CoachCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum MirroredSnapshot {
    /// `json` is a `status` notification's params (or a result's `workout`); `previous` is what the
    /// mirror showed before (for reading ages); `now` is when it arrived.
    static func decode(_ json: JSONValue, previous: WorkoutSnapshot?, at now: Timestamp) -> WorkoutSnapshot? {
        guard let stateName = json["state"]?.stringValue, let state = SessionState(rawValue: stateName) else { return nil }
        var snapshot = WorkoutSnapshot(at: now)
        snapshot.workoutID = json["id"]?.stringValue
        snapshot.state = state
        snapshot.activity = json["activity"]?.stringValue.flatMap(ActivityType.init(rawValue:))
        snapshot.location = json["location"]?.stringValue.flatMap(LocationType.init(rawValue:))
        if let goal = json["goal"], let type = goal["type"]?.stringValue {
            snapshot.goal = WorkoutGoal(type: type, value: goal["value"]?.doubleValue)
        } else if snapshot.workoutID != nil {
            snapshot.goal = .open
        }
        snapshot.workoutName = json["name"]?.stringValue
        snapshot.startDate = json["start"]?.stringValue.flatMap(parseDate)
        snapshot.endDate = json["end"]?.stringValue.flatMap(parseDate)
        snapshot.elapsed = finite(json["elapsed"]?.doubleValue) ?? 0
        snapshot.countdown = finite(json["countdown"]?.doubleValue).flatMap { Int(exactly: $0.rounded()) }
        snapshot.laps = finite(json["laps"]?.doubleValue).flatMap { Int(exactly: $0.rounded()) } ?? 0
        snapshot.goalProgress = finite(json["goalProgress"]?.doubleValue)
        snapshot.goalReached = json["goalReached"]?.boolValue ?? false
        if case .object(let metrics)? = json["metrics"] {
            for (name, entry) in metrics {
                guard let type = QuantityType(rawValue: name) else { continue }
                var statistics = QuantityStatistics(type: type)
                statistics.sum = finite(entry["total"]?.doubleValue)
                statistics.mostRecent = finite(entry["latest"]?.doubleValue)
                statistics.average = finite(entry["average"]?.doubleValue)
                statistics.minimum = finite(entry["min"]?.doubleValue)
                statistics.maximum = finite(entry["max"]?.doubleValue)
                statistics.count = 1
                let before = previous?.workoutID == snapshot.workoutID ? previous?.statistics[type] : nil
                if let before, before.mostRecent == statistics.mostRecent, before.sum == statistics.sum {
                    statistics.mostRecentAt = before.mostRecentAt
                } else {
                    statistics.mostRecentAt = now
                }
                snapshot.statistics[type] = statistics
            }
        }
        return snapshot
    }

    private static func finite(_ value: Double?) -> Double? {
        guard let value, value.isFinite else { return nil }
        return value
    }

    /// "2026-01-01T00:00:00.000Z" (what ISO8601.format writes) → Date.
    static func parseDate(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int32? {
            guard range.upperBound <= bytes.count else { return nil }
            var value: Int32 = 0
            for byte in bytes[range] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int32(byte - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19) else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = month - 1
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        let seconds = timegm(&parts)
        guard seconds != -1 else { return nil }
        var milliseconds: Int32 = 0
        if bytes.count >= 24, bytes[19] == UInt8(ascii: "."), let fraction = number(20..<23) { milliseconds = fraction }
        return Date(timeIntervalSince1970: Double(seconds) + Double(milliseconds) / 1000)
    }
}
