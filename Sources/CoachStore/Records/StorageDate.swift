// StorageDate: a Date as the store's date columns hold it — GRDB's text form
// "yyyy-MM-dd HH:mm:ss.SSS" in UTC, milliseconds rounded to the nearest as its DateFormatter (ICU) does —
// written by hand. On every durable sample GRDB's DateFormatter ran twice (the sample row and its
// change row), about 4 % of the gateway's CPU under perf while samples streamed in. The text is
// the same byte for byte (StorageDateTests compares it with GRDB's on 20 000 dates), so rows
// written either way read back alike.

import CoachWire
import Foundation
import GRDB

enum StorageDate {
    /// What to bind for `date`: the hand-written text, or GRDB's own value outside years 1000–9999.
    static func databaseValue(_ date: Date) -> DatabaseValue {
        text(date)?.databaseValue ?? date.databaseValue
    }

    /// GRDB's text for `date`, or nil outside years 1000–9999 (fixed-width fields do not apply).
    static func text(_ date: Date) -> String? {
        let milliseconds = (date.timeIntervalSince1970 * 1000 + 0.5).rounded(.down)  // ICU: floor(x + ½)
        guard milliseconds.isFinite, abs(milliseconds) < 2.5e14 else { return nil }
        let whole = (milliseconds / 1000).rounded(.down)
        let (y, m, d, hh, mm, ss) = CivilTime.civil(Int64(whole))
        guard (1000...9999).contains(y) else { return nil }
        let millis = Int(milliseconds - whole * 1000)
        return CivilTime.text((y, m, d, hh, mm, ss), milliseconds: millis, separator: UInt8(ascii: " "))
    }
}
