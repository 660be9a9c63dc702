// Goals as people type them on a command line: "30min", "1h30m", "5km", "3mi", "500kcal".

import CoachWire

extension WorkoutGoal {
    /// Parses `--goal` shorthand: a number and a unit (time: s, min, h, "1h30m"; distance: m, km,
    /// mi; energy: kcal, cal, kJ), or "open". Nil when it is not a goal.
    public init?(shorthand text: String) {
        let lower = text.lowercased().filter { !$0.isWhitespace }
        if lower == "open" || lower == "none" { self = .open; return }
        // Compound times such as "1h30m" or "1h30min".
        var seconds = 0.0
        var rest = Substring(lower)
        var matchedTime = false
        while !rest.isEmpty {
            guard let (number, afterNumber) = Self.leadingNumber(rest) else { break }
            let unit = afterNumber.prefix { $0.isLetter }
            let factor: Double
            switch unit {
            case "s", "sec", "secs", "second", "seconds": factor = 1
            case "m", "min", "mins", "minute", "minutes": factor = 60
            case "h", "hr", "hrs", "hour", "hours": factor = 3600
            default: factor = 0
            }
            guard factor > 0 else { break }
            seconds += number * factor
            matchedTime = true
            rest = afterNumber.dropFirst(unit.count)
        }
        if matchedTime && rest.isEmpty { self = .time(seconds: seconds); return }

        guard let (number, afterNumber) = Self.leadingNumber(Substring(lower)) else { return nil }
        switch afterNumber {
        case "m", "meter", "meters", "metre", "metres": self = .distance(meters: number)
        case "km", "k", "kilometer", "kilometers", "kilometre", "kilometres": self = .distance(meters: number * 1000)
        case "mi", "mile", "miles": self = .distance(meters: number * 1609.344)
        case "kcal", "cal", "calories", "kilocalories": self = .energy(kilocalories: number)
        case "kj", "kilojoules": self = .energy(kilocalories: number / 4.184)
        default: return nil
        }
    }

    private static func leadingNumber(_ text: Substring) -> (Double, Substring)? {
        let digits = text.prefix { $0.isNumber || $0 == "." }
        guard !digits.isEmpty, let value = Double(digits) else { return nil }
        return (value, text.dropFirst(digits.count))
    }
}
