// The FIT binary layer shared by the writer and the reader: the CRC-16 Garmin specifies, the epoch,
// base types, invalid values, and a little-endian byte sink with definition/data messages.

import Foundation

enum FIT {
    /// FIT timestamps count seconds from 1989-12-31T00:00:00Z.
    static let epoch: Int64 = 631_065_600

    /// FIT's cadence is revolutions per minute; for sports on foot (running 1, walking 11, hiking
    /// 17) a revolution is a stride, two steps, as Garmin's watches write it and Garmin Connect
    /// shows it doubled. Coach keeps steps per minute, so these sports halve on the way out and
    /// double on the way in.
    static func stepsPerCadenceUnit(sport: UInt64?) -> Double {
        switch sport {
        case 1, 11, 17: return 2
        default: return 1
        }
    }

    /// Base type bytes (FIT SDK, "Base Types").
    enum Base {
        static let enumeration: UInt8 = 0x00
        static let uint8: UInt8 = 0x02
        static let uint16: UInt8 = 0x84
        static let sint32: UInt8 = 0x85
        static let uint32: UInt8 = 0x86
        static let uint32z: UInt8 = 0x8C
    }

    static let invalidUInt8: UInt64 = 0xFF
    static let invalidUInt16: UInt64 = 0xFFFF
    static let invalidUInt32: UInt64 = 0xFFFF_FFFF
    static let invalidSInt32: UInt64 = 0x7FFF_FFFF

    /// Degrees to semicircles (2^31 per 180°).
    static let semicirclesPerDegree = 2_147_483_648.0 / 180

    private static let crcTable: [UInt16] = [
        0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
        0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
    ]

    /// FIT's CRC-16 over `bytes`.
    static func crc(_ bytes: some Sequence<UInt8>, seed: UInt16 = 0) -> UInt16 {
        var crc = seed
        for byte in bytes {
            var tmp = crcTable[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ tmp ^ crcTable[Int(byte & 0xF)]
            tmp = crcTable[Int(crc & 0xF)]
            crc = (crc >> 4) & 0x0FFF
            crc = crc ^ tmp ^ crcTable[Int((byte >> 4) & 0xF)]
        }
        return crc
    }

    /// A FIT timestamp for a unix second, clamped to the format's range.
    static func timestamp(_ unix: Int64) -> UInt64 {
        UInt64(Swift.min(Swift.max(unix - epoch, 0), 0xFFFF_FFFE))
    }

    /// A value scaled and offset into an unsigned field of `bytes` bytes, or the invalid value.
    static func scaled(_ value: Double?, scale: Double = 1, offset: Double = 0, bytes: Int) -> UInt64 {
        let invalid: UInt64 = bytes == 1 ? invalidUInt8 : bytes == 2 ? invalidUInt16 : invalidUInt32
        guard let value else { return invalid }
        let raw = ((value + offset) * scale).rounded()
        guard raw.isFinite, raw >= 0, raw < Double(invalid), let exact = UInt64(exactly: raw) else { return invalid }
        return exact
    }

    static func semicircles(_ degrees: Double?) -> UInt64 {
        guard let degrees else { return invalidSInt32 }
        let raw = (degrees * semicirclesPerDegree).rounded()
        guard raw.isFinite, raw > -2_147_483_648, raw < 2_147_483_647, let exact = Int32(exactly: raw) else { return invalidSInt32 }
        return UInt64(UInt32(bitPattern: exact))
    }
}

/// One field of a definition message: number, size in bytes, base type.
struct FITField {
    var number: UInt8
    var size: UInt8
    var base: UInt8
}

/// Builds a FIT file: header, messages, CRCs.
struct FITEncoder {
    private(set) var body: [UInt8] = []
    private var definitions: [UInt8: [FITField]] = [:]

    init() { body.reserveCapacity(1 << 16) }

    mutating func define(local: UInt8, global: UInt16, _ fields: [FITField]) {
        body.append(0x40 | local)
        body.append(0)            // reserved
        body.append(0)            // little-endian
        append(UInt64(global), bytes: 2)
        body.append(UInt8(fields.count))
        for field in fields { body += [field.number, field.size, field.base] }
        definitions[local] = fields
    }

    /// A data message of `local`: one value per defined field, in order.
    /// The file_id message every FIT file opens with: its type (4 activity, 5 workout), made by a
    /// development manufacturer (255: no Garmin-assigned id), product and serial 1, at `created`.
    mutating func fileID(local: UInt8, type: UInt64, created: UInt64) {
        define(local: local, global: 0, [
            FITField(number: 0, size: 1, base: FIT.Base.enumeration),    // type
            FITField(number: 1, size: 2, base: FIT.Base.uint16),         // manufacturer
            FITField(number: 2, size: 2, base: FIT.Base.uint16),         // product
            FITField(number: 3, size: 4, base: FIT.Base.uint32z),        // serial_number
            FITField(number: 4, size: 4, base: FIT.Base.uint32),         // time_created
        ])
        message(local: local, [type, 255, 1, 1, created])
    }

    mutating func message(local: UInt8, _ values: [UInt64]) {
        body.append(local)
        let fields = definitions[local] ?? []
        for (field, value) in zip(fields, values) { append(value, bytes: Int(field.size)) }
    }

    private mutating func append(_ value: UInt64, bytes: Int) {
        var value = value
        for _ in 0..<bytes {
            body.append(UInt8(value & 0xFF))
            value >>= 8
        }
    }

    /// Header (14 bytes, with its CRC) + messages + file CRC.
    func file() -> Data {
        var header: [UInt8] = [14, 0x20]
        let profile: UInt16 = 2132
        header += [UInt8(profile & 0xFF), UInt8(profile >> 8)]
        let size = UInt32(body.count)
        header += [UInt8(size & 0xFF), UInt8((size >> 8) & 0xFF), UInt8((size >> 16) & 0xFF), UInt8(size >> 24)]
        header += Array(".FIT".utf8)
        let headerCRC = FIT.crc(header)
        header += [UInt8(headerCRC & 0xFF), UInt8(headerCRC >> 8)]
        var data = Data(capacity: header.count + body.count + 2)
        data.append(contentsOf: header)
        data.append(contentsOf: body)
        let fileCRC = FIT.crc(body, seed: FIT.crc(header))
        data.append(contentsOf: [UInt8(fileCRC & 0xFF), UInt8(fileCRC >> 8)])
        return data
    }
}
