// Reading Bluetooth GATT characteristic values: little-endian fields taken in order, where running
// out of bytes (or having some left over) is an error that names the byte offset and the field.

/// A characteristic value that does not match its layout.
public struct GATTDecodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The zero-based byte offset where the problem starts.
    public var offset: Int
    public var message: String

    public init(offset: Int, _ message: String) {
        self.offset = offset
        self.message = message
    }

    public var description: String { "byte \(offset): \(message)" }
}

/// A cursor over a characteristic value. Every read names its field, so a short value is reported
/// as "byte 3: energy expended (2 bytes) missing, the value has 3 bytes".
struct GATTByteReader {
    let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var remaining: Int { bytes.count - offset }

    mutating func uint8(_ field: String) throws(GATTDecodeError) -> UInt8 {
        try UInt8(truncatingIfNeeded: unsigned(field, size: 1))
    }

    mutating func uint16(_ field: String) throws(GATTDecodeError) -> UInt16 {
        try UInt16(truncatingIfNeeded: unsigned(field, size: 2))
    }

    mutating func int16(_ field: String) throws(GATTDecodeError) -> Int16 {
        try Int16(bitPattern: uint16(field))
    }

    mutating func uint24(_ field: String) throws(GATTDecodeError) -> UInt32 {
        try UInt32(truncatingIfNeeded: unsigned(field, size: 3))
    }

    mutating func uint32(_ field: String) throws(GATTDecodeError) -> UInt32 {
        try UInt32(truncatingIfNeeded: unsigned(field, size: 4))
    }

    /// Fails when bytes are left over: a value longer than its flags say is as wrong as a short one.
    func finish() throws(GATTDecodeError) {
        guard remaining == 0 else {
            throw GATTDecodeError(offset: offset, "\(remaining) unexpected byte\(remaining == 1 ? "" : "s") after the last field the flags announce")
        }
    }

    private mutating func unsigned(_ field: String, size: Int) throws(GATTDecodeError) -> UInt64 {
        guard remaining >= size else {
            throw GATTDecodeError(offset: offset, "\(field) (\(size) byte\(size == 1 ? "" : "s")) missing, the value has \(bytes.count) byte\(bytes.count == 1 ? "" : "s")")
        }
        var value: UInt64 = 0
        for index in 0..<size { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
        offset += size
        return value
    }
}

extension FixedWidthInteger {
    /// Whether flag bit `bit` is set.
    func hasBit(_ bit: Int) -> Bool { (self >> bit) & 1 == 1 }
}
