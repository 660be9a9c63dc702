// Number and duration formatting for the feed, without Foundation's locale machinery: the feed
// must read the same on every machine, and status bars want fixed, compact forms.

import CoachWire

enum FeedNumberFormat {
    /// "0:05", "12:34", "1:02:03". Seconds are floored: a clock never shows a second early.
    static func clock(_ seconds: Double) -> String {
        let total = seconds.isFinite ? Int(Swift.max(seconds, 0).rounded(.down)) : 0
        let hours = total / 3600, minutes = total / 60 % 60, secs = total % 60
        if hours > 0 { return "\(hours):\(pad(minutes)):\(pad(secs))" }
        return "\(minutes):\(pad(secs))"
    }

    static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// `value` with exactly `decimals` digits after the point, rounded down (5.00 km only once
    /// 5 km are really done).
    static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "--" }
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((Swift.max(value, 0) * Double(scale)).rounded(.down))
        guard decimals > 0 else { return "\(scaled)" }
        let fraction = String(scaled % scale)
        return "\(scaled / scale)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    static func integer(_ value: Double) -> String {
        guard value.isFinite else { return "--" }
        return "\(Int(value.rounded()))"
    }

    /// "850 m" below a kilometre, "2.41 km" from there.
    static func distance(_ meters: Double) -> (value: String, unit: String) {
        meters < 1000 ? (integer(meters.rounded(.down)), "m") : (fixed(meters / 1000, decimals: 2), "km")
    }

    /// "5:32" per km; past an hour per km it is not a pace anyone runs, so unavailable.
    static func pace(_ secondsPerKm: Double) -> String {
        guard secondsPerKm.isFinite, secondsPerKm < 3600 else { return "--" }
        let total = Int(secondsPerKm.rounded())
        return "\(total / 60):\(pad(total % 60))"
    }

    /// A goal's target in numbers: "5 km", "1:30:00", "500 kcal" (whole minutes under an hour are
    /// worded: FeedStrings.goalTarget).
    static func goal(_ goal: WorkoutGoal) -> String? {
        switch goal {
        case .open: return nil
        case .time(let seconds): return clock(seconds)
        case .distance(let meters):
            if meters >= 1000 {
                let km = meters / 1000
                return (km == km.rounded() ? "\(Int(km))" : fixed(km, decimals: 2)) + " km"
            }
            return integer(meters) + " m"
        case .energy(let kilocalories): return integer(kilocalories) + " kcal"
        }
    }
}
