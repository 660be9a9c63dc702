// The dates `coach history --since/--until` and `coach export --all --since/--until` take, as a
// person writes them: "2026-05-01", "2026-05-01T07:30:00Z", "today", "yesterday", "this week",
// "last week", "this month", "last month", "7d" (the last 7 days). Pure: `now` and the calendar
// (time zone, ISO weeks) come in. Each names an interval: --since takes its start, --until its end,
// so `--since "last week" --until "last week"` is exactly last week.

import Foundation

public enum DateExpression {
    /// The interval `text` names, or nil with `problem(text)` saying what is accepted.
    public static func interval(_ text: String, now: Date, calendar: Calendar) -> DateInterval? {
        let words = text.lowercased().trimmingCharacters(in: .whitespaces).split(separator: " ").joined(separator: " ")
        func period(_ component: Calendar.Component, back: Int) -> DateInterval? {
            guard let moved = calendar.date(byAdding: component, value: -back, to: now) else { return nil }
            return calendar.dateInterval(of: component, for: moved)
        }
        switch words {
        case "today": return period(.day, back: 0)
        case "yesterday": return period(.day, back: 1)
        case "this week": return period(.weekOfYear, back: 0)
        case "last week": return period(.weekOfYear, back: 1)
        case "this month": return period(.month, back: 0)
        case "last month": return period(.month, back: 1)
        case "this year": return period(.year, back: 0)
        case "last year": return period(.year, back: 1)
        default: break
        }
        // "7d": from the start of the day 6 days ago to the end of today (the last 7 days).
        if words.hasSuffix("d"), let days = Int(words.dropLast()), (1...36_500).contains(days),
           let today = calendar.dateInterval(of: .day, for: now),
           let first = calendar.date(byAdding: .day, value: -(days - 1), to: today.start) {
            return DateInterval(start: first, end: today.end)
        }
        // A day in the calendar's time zone, or an instant.
        let day = DateFormatter()
        day.calendar = calendar
        day.timeZone = calendar.timeZone
        day.locale = Locale(identifier: "en_US_POSIX")
        day.dateFormat = "yyyy-MM-dd"
        if words.count == 10, let date = day.date(from: words), let interval = calendar.dateInterval(of: .day, for: date) {
            return interval
        }
        let instant = ISO8601DateFormatter()
        if let date = instant.date(from: text.trimmingCharacters(in: .whitespaces)) { return DateInterval(start: date, duration: 0) }
        return nil
    }

    /// What to say when `interval` gave nil.
    public static func problem(_ text: String) -> String {
        "'\(text)' is not a date: use 2026-05-01, 2026-05-01T07:30:00Z, today, yesterday, this week, last week, "
            + "this month, last month, this year, last year, or 7d (the last 7 days)"
    }
}
