// The values a plan file writes as text: goals ("400m" is metres here, never minutes; "1:30" is a
// time) and alert targets ("4:00-4:10" min/km, "150-160", "zone 3", "10.5-11 km/h").

import CoachCore
import CoachWire

public enum PlanValues {
    public static func goal(_ text: String) -> WorkoutGoal? {
        let compact = text.lowercased().filter { !$0.isWhitespace }
        // "400m": metres. WorkoutGoal's shorthand reads a bare "m" as minutes, as `--goal 45m` means.
        if compact.hasSuffix("m"), let metres = Double(compact.dropLast()), metres > 0 { return .distance(meters: metres) }
        if let seconds = clock(compact), seconds > 0 { return .time(seconds: seconds) }
        guard let goal = WorkoutGoal(shorthand: compact) else { return nil }
        if let value = goal.value, !(value > 0) { return nil }
        return goal
    }

    /// "1:30" → 90, "1:02:03" → 3723; nil when not m:ss or h:mm:ss.
    public static func clock(_ text: String) -> Double? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), let values = Optional(parts.compactMap { Double($0) }), values.count == parts.count,
              values.dropFirst().allSatisfy({ $0 < 60 }) else { return nil }
        return values.reduce(0) { $0 * 60 + $1 }
    }

    /// A range in the metric's canonical unit (pace s/km, speed m/s) or a heart-rate zone.
    public static func target(_ metric: AlertMetric, _ text: String) -> PlanAlert.Target? {
        let compact = text.lowercased().filter { !$0.isWhitespace }
        if compact.hasPrefix("zone"), metric == .heartRate, let zone = Int(compact.dropFirst(4)), (1...5).contains(zone) {
            return .zone(zone)
        }
        let unitless = ["/km", "km/h", "bpm", "spm", "rpm", "w"].reduce(compact) { text, unit in
            text.hasSuffix(unit) ? String(text.dropLast(unit.count)) : text
        }
        let bounds = unitless.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard bounds.count == 2 else { return nil }
        let values: [Double] = bounds.compactMap { metric == .pace ? clock($0) : Double($0) }
        guard values.count == 2, values.allSatisfy({ $0 > 0 }), values[0] <= values[1] else { return nil }
        let scale = metric == .speed ? 1 / 3.6 : 1   // km/h in the file, m/s inside
        return .range(low: values[0] * scale, high: values[1] * scale)
    }

    /// The target as the file writes it.
    public static func text(_ metric: AlertMetric, _ target: PlanAlert.Target) -> String {
        switch target {
        case .zone(let zone): return "zone \(zone)"
        case .range(let low, let high):
            switch metric {
            case .pace: return "\(clockText(low))-\(clockText(high))"
            case .speed: return "\(JSONText.number(low * 3.6, decimals: 2))-\(JSONText.number(high * 3.6, decimals: 2))"
            default: return "\(JSONText.number(low, decimals: 1))-\(JSONText.number(high, decimals: 1))"
            }
        }
    }

    /// A goal as the file writes it: "400m", "5km", "90s", "10min", "300kcal", "open".
    public static func text(_ goal: WorkoutGoal) -> String {
        switch goal {
        case .open: return "open"
        case .time(let s):
            if s >= 60, s.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(s / 60))min" }
            return "\(JSONText.number(s, decimals: 1))s"
        case .distance(let m):
            if m >= 1000, m.truncatingRemainder(dividingBy: 100) == 0 { return "\(JSONText.number(m / 1000, decimals: 1))km" }
            return "\(JSONText.number(m, decimals: 1))m"
        case .energy(let kcal): return "\(JSONText.number(kcal, decimals: 1))kcal"
        }
    }

    static func clockText(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        return "\(total / 60):\(total % 60 < 10 ? "0" : "")\(total % 60)"
    }
}
