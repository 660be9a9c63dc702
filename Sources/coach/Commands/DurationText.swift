// Durations as people type them on a command line or in the REPL: "60s", "1m30s", "2m", "1h",
// "90" (seconds), "1.5m". One parser for `/wait` and `coach serve --idle-exit`.

enum DurationText {
    /// The longest duration accepted (a year): anything longer is a typo, and the cap keeps the
    /// conversion to whole milliseconds in range.
    static let limit = 366.0 * 24 * 3600

    /// Nil for anything else, for zero and for more than `limit`.
    static func parse(_ text: String) -> Duration? {
        var total = 0.0
        var number = ""
        var sawUnit = false
        for character in text.lowercased() {
            if character.isNumber || character == "." {
                number.append(character)
                continue
            }
            let scale: Double
            switch character {
            case "h": scale = 3600
            case "m": scale = 60
            case "s": scale = 1
            default: return nil
            }
            guard let value = Double(number) else { return nil }
            total += value * scale
            number = ""
            sawUnit = true
        }
        if !number.isEmpty {
            // A bare trailing number is seconds ("90", "1m30").
            guard let value = Double(number) else { return nil }
            total += value
        } else if !sawUnit {
            return nil
        }
        guard total > 0, total <= limit else { return nil }
        return .milliseconds(Int64((total * 1000).rounded()))
    }
}
