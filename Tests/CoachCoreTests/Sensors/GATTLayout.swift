// Test-side encoders written from the Bluetooth SIG field tables (docs: reference/bluez-dbus.md §2):
// each builds a value field by field and records where each field starts, so tests can check the
// decoder against the layout and know which byte a truncated value must be reported at.

import CoachCore
import CoachWire

/// A value under construction: little-endian fields and their start offsets.
struct LayoutBuilder {
    private(set) var bytes: [UInt8] = []
    private(set) var fieldStarts: [Int] = []

    mutating func u8(_ value: Int) { field(UInt64(UInt8(truncatingIfNeeded: value)), size: 1) }
    mutating func u16(_ value: Int) { field(UInt64(UInt16(truncatingIfNeeded: value)), size: 2) }
    mutating func s16(_ value: Int) { field(UInt64(UInt16(bitPattern: Int16(value))), size: 2) }
    mutating func u24(_ value: Int) { field(UInt64(value & 0xFF_FFFF), size: 3) }
    mutating func u32(_ value: UInt32) { field(UInt64(value), size: 4) }

    private mutating func field(_ value: UInt64, size: Int) {
        fieldStarts.append(bytes.count)
        for index in 0..<size { bytes.append(UInt8((value >> (8 * UInt64(index))) & 0xFF)) }
    }

    /// The offset a decoder must name when the value is cut to `length` bytes: the start of the
    /// field that the cut falls in (or starts at).
    func expectedErrorOffset(truncatedTo length: Int) -> Int {
        fieldStarts.last { $0 <= length } ?? 0
    }
}

/// A small deterministic generator, so every run checks the same values.
typealias SplitMix = SplitMix64

func hex(_ text: String) -> [UInt8] {
    (try? GATTHex.bytes(text)) ?? []
}
