// Pure text and JSON renderings for `coach history [--json]`, `coach show ID [--json]` and the
// change feed. No I/O: the CLI prints what these return. Time zone and "now" are passed in.

import CoachWire
import CoachCore
import Foundation

public enum WorkoutFormatter {
    // MARK: - JSON

    /// Stable JSON: sorted keys, ISO 8601 dates, values in canonical units.
    public static func json<Value: Encodable>(_ value: Value, pretty: Bool = false) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
                                          : [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // Every value here is finite (the builder rejects NaN), so encoding cannot fail in practice.
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }

    public static func historyJSON(_ workouts: [WorkoutSummary]) -> String { HistoryResult(workouts.map(\.wire)).json.serialized() }

    public static func showJSON(_ detail: WorkoutDetail) -> String { detail.wire.json.serialized() }

    public static func changesJSON(_ changes: StoreChanges) -> String { changes.wire().json.serialized() }

    // MARK: - Text

    /// One line per workout, newest first, with the short id `coach show` accepts.
    /// `wording` names the activities (English: the tables are English, as the headings are).
    public static func historyText(_ workouts: [WorkoutSummary], wording: Wording, timeZone: TimeZone = .current) -> String {
        guard !workouts.isEmpty else { return "No workouts yet. Start one with 'coach start'.\n" }
        let showState = workouts.contains { $0.state != .saved }
        var rows: [[String]] = [["ID", "DATE", "WORKOUT", "DURATION", "DISTANCE", "ENERGY"] + (showState ? ["STATE"] : [])]
        for workout in workouts {
            var row = [shortID(workout.id), date(workout.startDate, timeZone: timeZone, seconds: false),
                       title(workout, wording), duration(workout.elapsed),
                       workout.totalDistance.map(distance) ?? "-",
                       workout.totalEnergy.map { "\(Int($0.rounded())) kcal" } ?? "-"]
            if showState { row.append(workout.state.rawValue) }
            rows.append(row)
        }
        return table(rows)
    }

    /// `coach history --summary week|month`: one line per period, newest first, and the total.
    public static func summaryText(_ periods: [PeriodTotals], calendar: Calendar) -> String {
        guard let first = periods.first else { return "No saved workouts yet. Start one with 'coach start'.\n" }
        // The OTHER column only when some period has other sample types (water, steps).
        let others = periods.contains { !$0.totals.isEmpty }
        var rows: [[String]] = [[first.period.rawValue.uppercased(), "WORKOUTS", "TIME", "DISTANCE", "ENERGY"] + (others ? ["OTHER"] : [])]
        func row(_ label: String, count: Int, elapsed: Double, distance: Double?, energy: Double?, totals: [String: Double]) -> [String] {
            [label, "\(count)", count == 0 ? "-" : duration(elapsed), distance.map(self.distance) ?? "-",
             energy.map { "\(Int($0.rounded())) kcal" } ?? "-"] + (others ? [otherTotals(totals)] : [])
        }
        for period in periods {
            rows.append(row(periodLabel(period, calendar: calendar), count: period.count, elapsed: period.elapsed,
                            distance: period.totalDistance, energy: period.totalEnergy, totals: period.totals))
        }
        let distances = periods.compactMap(\.totalDistance), energies = periods.compactMap(\.totalEnergy)
        rows.append(row("total", count: periods.reduce(0) { $0 + $1.count },
                        elapsed: periods.reduce(0) { $0 + $1.elapsed },
                        distance: distances.isEmpty ? nil : distances.reduce(0, +),
                        energy: energies.isEmpty ? nil : energies.reduce(0, +),
                        totals: periods.reduce(into: [:]) { sum, period in sum.merge(period.totals, uniquingKeysWith: +) }))
        return table(rows)
    }

    public static func summaryJSON(_ periods: [PeriodTotals]) -> String { json(periods) }

    /// "dietaryWater 1500 mL, stepCount 3200" (canonical units), "-" when none.
    static func otherTotals(_ totals: [String: Double]) -> String {
        guard !totals.isEmpty else { return "-" }
        return totals.sorted { $0.key < $1.key }.map { name, sum in
            let unit = QuantityType(rawValue: name)?.canonicalUnit ?? ""
            return "\(name) \(Int(sum.rounded()))" + (unit.isEmpty || unit == "count" ? "" : " \(unit)")
        }.joined(separator: ", ")
    }

    /// "2026-11-16 – 11-22" for an ISO week (its last day, not the next Monday); "2026-11" for a
    /// month; "2026-11-16" for a day.
    static func periodLabel(_ period: PeriodTotals, calendar: Calendar) -> String {
        let first = calendar.dateComponents([.year, .month, .day], from: period.start)
        if period.period == .day { return String(format: "%04d-%02d-%02d", first.year!, first.month!, first.day!) }
        guard period.period == .week else { return String(format: "%04d-%02d", first.year!, first.month!) }
        let lastDay = calendar.date(byAdding: .day, value: -1, to: period.end) ?? period.start
        let last = calendar.dateComponents([.month, .day], from: lastDay)
        return String(format: "%04d-%02d-%02d – %02d-%02d", first.year!, first.month!, first.day!, last.month!, last.day!)
    }

    /// The summary, then per-metric statistics: sum for cumulative types; avg/min/max for
    /// discrete ones; the most recent value for both.
    public static func showText(_ detail: WorkoutDetail, wording: Wording, timeZone: TimeZone = .current) -> String {
        let summary = detail.summary
        var lines: [String] = []
        lines.append("Workout \(summary.id)")
        var pairs: [(String, String)] = [("Workout", title(summary, wording)), ("State", summary.state.rawValue)]
        if let reason = summary.discardReason { pairs.append(("Discarded", reason)) }
        if let goal = summary.goal, goal != .open {
            pairs.append(("Goal", goalText(goal) + (summary.goalReached ? " (reached)" : "")))
        }
        pairs.append(("Started", date(summary.startDate, timeZone: timeZone, seconds: true)))
        pairs.append(("Ended", date(summary.endDate, timeZone: timeZone, seconds: true)))
        pairs.append(("Duration", duration(summary.elapsed) + " (pauses excluded)"))
        pairs.append(("Events", eventsText(detail.events)))
        pairs.append(("Samples", "\(detail.sampleCount)"))
        if let distance = distanceText(detail) { pairs.append(("Distance", distance)) }
        if let source = summary.source { pairs.append(("Source", sourceText(source))) }
        // Grouped by source and device, as the Health app's Sources list: who wrote what.
        for group in detail.sources {
            let types = group.types.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map { "\($0.value) \($0.key)" }
            pairs.append(("From", (group.source.map(sourceText) ?? "unknown (before sources were recorded)")
                          + ": " + types.joined(separator: ", ")))
        }
        for (label, value) in pairs {
            lines.append("  " + label.padding(toLength: 10, withPad: " ", startingAt: 0) + value)
        }
        if !detail.statistics.isEmpty {
            lines.append("")
            var rows: [[String]] = [["METRIC", "COUNT", "SUM", "AVG", "MIN", "MAX", "LATEST"]]
            for metric in detail.statistics {
                let unit = metric.type.displayUnit
                rows.append([metric.type.rawValue, "\(metric.count)",
                             metric.sum.map { number($0) + " " + unit } ?? "-",
                             metric.average.map { number($0) + " " + unit } ?? "-",
                             metric.minimum.map(number) ?? "-", metric.maximum.map(number) ?? "-",
                             metric.mostRecent.map { number($0) + " " + unit } ?? "-"])
            }
            lines.append(table(rows).split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n"))
            return lines.joined(separator: "\n")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Pieces

    /// "hr-bridge 1.2 (Polar H10, model H10)".
    public static func sourceText(_ source: SampleSource) -> String {
        var text = source.name + (source.version.map { " " + $0 } ?? "")
        if let device = source.device {
            let parts = [device.name, device.model.map { "model " + $0 }, device.manufacturer].compactMap { $0 }
            if !parts.isEmpty { text += " (" + parts.joined(separator: ", ") + ")" }
        }
        if let basis = source.generatedFrom { text += ", generated from \(basis)" }
        return text
    }

    /// "4.21 km from the sensor (the route is not counted)": which distance counted, as HealthKit
    /// never adds a route's and a sensor's distance together.
    static func distanceText(_ detail: WorkoutDetail) -> String? {
        guard let source = detail.distanceSource, let total = detail.summary.totalDistance else { return nil }
        let hasRoute = (detail.routePoints ?? 0) > 1
        switch source {
        case .sensor: return distance(total) + " from the sensor" + (hasRoute ? " (the route is not counted)" : "")
        case .samples: return distance(total) + " from distance samples" + (hasRoute ? " (the route is not counted)" : "")
        case .route: return distance(total) + " along the route"
        }
    }

    /// Eight characters, as `git log --oneline` shows enough to be unique in practice.
    public static func shortID(_ id: String) -> String { String(id.prefix(8)) }

    /// "outdoor run": the stored location is shown for every activity, as it was recorded.
    static func title(_ workout: WorkoutSummary, _ wording: Wording) -> String {
        let activity = workout.activity.map(wording.label) ?? wording.workout(nil, nil)
        let location = workout.location.map(wording.location) ?? ""
        let base = (location.isEmpty ? activity : location + " " + activity)
        guard let name = workout.name, !name.isEmpty else { return base }
        return "\(name) (\(base))"
    }

    static func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.down))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0 ? String(format: "%d:%02d:%02d", hours, minutes, secs) : String(format: "%d:%02d", minutes, secs)
    }

    static func distance(_ meters: Double) -> String {
        meters >= 1000 ? String(format: "%.2f km", meters / 1000) : "\(Int(meters.rounded())) m"
    }

    static func number(_ value: Double) -> String {
        JSONText.number(value, decimals: 1)
    }

    static func goalText(_ goal: WorkoutGoal) -> String {
        switch goal {
        case .open: return "open"
        case .time(let seconds): return duration(seconds)
        case .distance(let meters): return distance(meters)
        case .energy(let kilocalories): return "\(number(kilocalories)) kcal"
        }
    }

    static func eventsText(_ events: [StoredEvent]) -> String {
        guard !events.isEmpty else { return "none" }
        var counts: [WorkoutEventType: Int] = [:]
        for event in events { counts[event.type, default: 0] += 1 }
        return WorkoutEventType.allCases.compactMap { type in
            counts[type].map { "\($0) \(type.rawValue)\($0 == 1 ? "" : "s")" }
        }.joined(separator: ", ")
    }

    static func date(_ date: Date?, timeZone: TimeZone, seconds: Bool) -> String {
        guard let date else { return "-" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let day = String(format: "%04d-%02d-%02d %02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!)
        return seconds ? day + String(format: ":%02d", c.second!) : day
    }

    /// Left-aligned columns, two spaces apart; no trailing spaces.
    static func table(_ rows: [[String]]) -> String {
        let widths = (0..<(rows.map(\.count).max() ?? 0)).map { column in
            rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
