// CivilTime: Unix seconds to and from a UTC calendar date and time, by integer arithmetic
// (Howard Hinnant's algorithms). Shared by the exporters' ISO 8601 text and the store's date
// column text, both written by hand because Foundation's formatters cost microseconds a call.

public enum CivilTime {
    /// Unix seconds to a UTC calendar date and time (Howard Hinnant's days-from-civil inverse).
    public static func civil(_ unix: Int64) -> (Int, Int, Int, Int, Int, Int) {
        let days = unix >= 0 ? unix / 86_400 : (unix - 86_399) / 86_400
        let secondOfDay = Int(unix - days * 86_400)
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = Int(doy - (153 * mp + 2) / 5 + 1)
        let month = Int(mp < 10 ? mp + 3 : mp - 9)
        let year = Int(yoe + era * 400 + (month <= 2 ? 1 : 0))
        return (year, month, day, secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60)
    }

    /// Days since 1970-01-01 of a UTC calendar date.
    public static func daysFromCivil(year: Int, month: Int, day: Int) -> Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = Int64(month > 2 ? month - 3 : month + 9)
        let doy = (153 * mp + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// "YYYY-MM-DD?HH:MM:SS[.mmm][suffix]" for fields from `civil` (year 0–9999), `separator`
    /// between date and time ("T" in ISO 8601, a space in the store), written straight into the
    /// string's storage: one allocation, no formatter.
    public static func text(_ fields: (Int, Int, Int, Int, Int, Int), milliseconds: Int?, separator: UInt8,
                            suffix: UInt8? = nil) -> String {
        let (y, m, d, hh, mm, ss) = fields
        let length = 19 + (milliseconds == nil ? 0 : 4) + (suffix == nil ? 0 : 1)
        return String(unsafeUninitializedCapacity: length) { buffer in
            func put(_ value: Int, _ width: Int, at offset: Int) {
                var rest = value
                for position in stride(from: offset + width - 1, through: offset, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                }
            }
            put(y, 4, at: 0); buffer[4] = UInt8(ascii: "-"); put(m, 2, at: 5); buffer[7] = UInt8(ascii: "-")
            put(d, 2, at: 8); buffer[10] = separator; put(hh, 2, at: 11); buffer[13] = UInt8(ascii: ":")
            put(mm, 2, at: 14); buffer[16] = UInt8(ascii: ":"); put(ss, 2, at: 17)
            if let milliseconds { buffer[19] = UInt8(ascii: "."); put(milliseconds, 3, at: 20) }
            if let suffix { buffer[length - 1] = suffix }
            return length
        }
    }
}
