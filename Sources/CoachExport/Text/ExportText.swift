// Fast, locale-free text for the writers and readers: fixed-point decimals and ISO 8601 UTC
// times, by hand. `String(format:)` and ISO8601DateFormatter cost microseconds a call, and a
// 3-hour file has ~50 000 numbers (Benchmarks/export/README.md).

import CoachWire
import Foundation

enum ExportText {
    /// `value` with at most `decimals` fraction digits, trailing zeros dropped ("12.5", "3"); nil
    /// when it is not finite or too large to format exactly.
    static func decimal(_ value: Double, decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (value * scale).rounded()
        guard scaled.isFinite, abs(scaled) < 9e15, let integer = Int64(exactly: scaled) else { return "0" }
        var magnitude = integer.magnitude
        var fraction = decimals
        while fraction > 0, magnitude % 10 == 0 { magnitude /= 10; fraction -= 1 }
        if magnitude == 0 { return "0" }
        // Digits written right to left into the string's own storage: one allocation at most (none
        // up to 15 bytes), where building an array and reversing it cost three (CSV export 125 → see
        // Benchmarks/export/README.md).
        var length = fraction > 0 ? fraction + 1 : 0
        var rest = magnitude / pow10(fraction)
        repeat { length += 1; rest /= 10 } while rest > 0
        if integer < 0 { length += 1 }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var position = length - 1
            for _ in 0..<fraction {
                buffer[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                position -= 1
            }
            if fraction > 0 { buffer[position] = UInt8(ascii: "."); position -= 1 }
            repeat {
                buffer[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                position -= 1
            } while magnitude > 0
            if integer < 0 { buffer[0] = UInt8(ascii: "-") }
            return length
        }
    }

    private static func pow10(_ exponent: Int) -> UInt64 {
        var result: UInt64 = 1
        for _ in 0..<exponent { result *= 10 }
        return result
    }

    /// A whole number, rounded.
    static func integer(_ value: Double) -> String { decimal(value, decimals: 0) }

    /// "2026-11-23T18:30:05Z" (whole seconds) or "…05.250Z" when the date has milliseconds.
    static func isoDate(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e11 else { return "1970-01-01T00:00:00Z" }
        let millisTotal = (seconds * 1000).rounded()
        let whole = (millisTotal / 1000).rounded(.down)
        let millis = Int(millisTotal - whole * 1000)
        let (y, m, d, hh, mm, ss) = CivilTime.civil(Int64(whole))
        guard (0...9999).contains(y) else { return "1970-01-01T00:00:00Z" }
        return CivilTime.text((y, m, d, hh, mm, ss), milliseconds: millis != 0 ? millis : nil,
                              separator: UInt8(ascii: "T"), suffix: UInt8(ascii: "Z"))
    }

    /// Parses ISO 8601 date-times as GPX, TCX and Strava write them: "2026-11-23T18:30:05Z",
    /// with optional fraction and a "Z" or ±hh:mm offset (none: UTC). Nil when it is not one.
    static func parseISODate(_ text: some StringProtocol) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ count: Int) -> Int? {
            guard index + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + count] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            index += count
            return value
        }
        func expect(_ char: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == char else { return false }
            index += 1
            return true
        }
        // Leading/trailing whitespace is allowed in XML text.
        while index < bytes.count, bytes[index] == 32 || bytes[index] == 10 || bytes[index] == 9 || bytes[index] == 13 { index += 1 }
        guard let year = number(4), expect(45), let month = number(2), expect(45), let day = number(2),
              index < bytes.count, bytes[index] == 84 || bytes[index] == 32 else { return nil }
        index += 1
        guard let hour = number(2), expect(58), let minute = number(2), expect(58), let second = number(2),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second <= 60 else { return nil }
        var fraction = 0.0
        if expect(46) {
            var scale = 0.1
            var any = false
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
                any = true
            }
            guard any else { return nil }
        }
        var offset = 0
        if expect(90) {
            // UTC
        } else if index < bytes.count, bytes[index] == 43 || bytes[index] == 45 {
            let sign = bytes[index] == 45 ? -1 : 1
            index += 1
            guard let oh = number(2) else { return nil }
            _ = expect(58)
            guard let om = number(2) else { return nil }
            offset = sign * (oh * 3600 + om * 60)
        }
        while index < bytes.count, bytes[index] == 32 || bytes[index] == 10 || bytes[index] == 9 || bytes[index] == 13 { index += 1 }
        guard index == bytes.count else { return nil }
        let days = CivilTime.daysFromCivil(year: year, month: month, day: day)
        let unix = Double(days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offset)) + fraction
        return Date(timeIntervalSince1970: unix)
    }

    /// Whole seconds since 1970 of a date, floored; nil when it does not fit (never traps).
    static func unixSecond(_ date: Date) -> Int64? {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds.isFinite, abs(seconds) < 1e12 else { return nil }
        return Int64(exactly: seconds)
    }
}
