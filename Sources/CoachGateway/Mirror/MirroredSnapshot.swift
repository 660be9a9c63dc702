// The primary's `status` object (docs/protocol.md) read back into a WorkoutSnapshot, so the mirror
// shows it through its own manager, feed and replies. Pure. The object is read as CoachWire's
// WireWorkout (a malformed one is not shown rather than guessed at); a reading keeps its age while its value stays the same (so a sensor that stopped on
// the primary goes stale on the mirror too, instead of looking fresh with every status).

import CoachCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif

enum MirroredSnapshot {
    /// `json` is a `status` notification's params (or a result's `workout`); nil when it is not a
    /// workout object (CoachWire's WireWorkout).
    static func decode(_ json: JSONValue, previous: WorkoutSnapshot?, at now: Timestamp) -> WorkoutSnapshot? {
        guard let workout = try? WireWorkout(json: json) else { return nil }
        return decode(workout, previous: previous, at: now)
    }

    /// `previous` is what the mirror showed before (for reading ages); `now` is when it arrived.
    static func decode(_ workout: WireWorkout, previous: WorkoutSnapshot?, at now: Timestamp) -> WorkoutSnapshot? {
        guard let state = SessionState(rawValue: workout.state) else { return nil }
        var snapshot = WorkoutSnapshot(at: now)
        snapshot.workoutID = workout.id
        snapshot.state = state
        snapshot.activity = workout.activity.flatMap(ActivityType.init(rawValue:))
        snapshot.location = workout.location.flatMap(LocationType.init(rawValue:))
        snapshot.goal = workout.goal ?? (snapshot.workoutID != nil ? .open : nil)
        snapshot.workoutName = workout.name
        snapshot.startDate = workout.start.flatMap(parseDate)
        snapshot.endDate = workout.end.flatMap(parseDate)
        snapshot.elapsed = finite(workout.elapsed) ?? 0
        snapshot.countdown = workout.countdown
        snapshot.autoPaused = workout.autoPaused
        snapshot.laps = workout.laps ?? 0
        snapshot.goalProgress = finite(workout.goalProgress)
        snapshot.goalReached = workout.goalReached ?? false
        for (name, entry) in workout.metrics ?? [] {
            guard let type = QuantityType(rawValue: name) else { continue }
            var statistics = QuantityStatistics(type: type)
            // The primary's figures as it sent them, its count included (a primary older than the
            // count on the wire sent none: then one sample stands for what it reported).
            statistics.count = entry.count ?? 1
            statistics.sum = finite(entry.sum)
            statistics.mostRecent = finite(entry.mostRecent)
            statistics.average = finite(entry.average)
            statistics.minimum = finite(entry.minimum)
            statistics.maximum = finite(entry.maximum)
            let before = previous?.workoutID == snapshot.workoutID ? previous?.statistics[type] : nil
            if let before, before.mostRecent == statistics.mostRecent, before.sum == statistics.sum {
                statistics.mostRecentAt = before.mostRecentAt
            } else {
                statistics.mostRecentAt = now
            }
            snapshot.statistics[type] = statistics
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
