// Reads FIT activity files (watches, bike computers, Strava exports, Coach): checks the header and
// file CRCs and every length before reading, follows definition messages (either byte order,
// developer fields, compressed-timestamp headers), and keeps records, timer events, laps and the
// session's sport. Every number is range-checked: no input can trap.

import CoachCore
import Foundation

public enum FITReader {
    private struct Definition {
        var global: UInt16
        var bigEndian: Bool
        var fields: [FITField]
        var developerBytes: Int
    }

    /// Field values of one data message, by field number (raw, invalid values already dropped).
    private typealias Values = [UInt8: UInt64]

    public static func read(_ data: Data, id: String, file: String) throws(ImportProblem) -> WorkoutRecording {
        let bytes = [UInt8](data)
        func fail(_ message: String) -> ImportProblem { ImportProblem(file: file, message: message) }
        guard bytes.count >= 12 else { throw fail("too short for a FIT file (\(bytes.count) bytes)") }
        let headerSize = Int(bytes[0])
        guard bytes.count >= headerSize else { throw fail("truncated: the file ends inside its \(headerSize)-byte header") }
        guard headerSize == 12 || headerSize == 14,
              bytes[8] == 0x2E, bytes[9] == 0x46, bytes[10] == 0x49, bytes[11] == 0x54 else {
            throw fail("not a FIT file (no .FIT signature in the header)")
        }
        let dataSize = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
        if headerSize == 14 {
            let stored = UInt16(bytes[12]) | UInt16(bytes[13]) << 8
            guard stored == 0 || stored == FIT.crc(bytes[0..<12]) else { throw fail("the header's CRC does not match: the file is damaged") }
        }
        let end = headerSize + dataSize
        guard bytes.count >= end + 2 else {
            throw fail("truncated: the header announces \(dataSize) bytes of messages but the file has \(Swift.max(0, bytes.count - headerSize - 2))")
        }
        let storedCRC = UInt16(bytes[end]) | UInt16(bytes[end + 1]) << 8
        guard storedCRC == FIT.crc(bytes[0..<end]) else { throw fail("the file's CRC does not match: the file is damaged") }

        var definitions: [UInt8: Definition] = [:]
        var builder = TrackBuilder()
        var timer: [RecordedEvent] = []
        var timerStarts = 0
        var lastTimestamp: UInt64?
        var offset = headerSize
        var messageIndex = 0
        var serialNumber: UInt64?
        var timeCreated: UInt64?
        var fileType: UInt64?
        var sawTimerEvents = false
        var sessionSport: UInt64?

        func date(_ raw: UInt64?) -> Date? {
            // Below 0x10000000 a FIT time is seconds since the device powered on, not a date.
            guard let raw, raw >= 0x1000_0000, raw != FIT.invalidUInt32 else { return nil }
            return Date(timeIntervalSince1970: Double(Int64(raw) + FIT.epoch))
        }

        while offset < end {
            messageIndex += 1
            let header = bytes[offset]
            offset += 1
            if header & 0x40 != 0 && header & 0x80 == 0 {
                // Definition message.
                guard offset + 5 <= end else { throw fail("message \(messageIndex) is cut short") }
                let bigEndian = bytes[offset + 1] == 1
                let global = bigEndian ? UInt16(bytes[offset + 2]) << 8 | UInt16(bytes[offset + 3])
                                       : UInt16(bytes[offset + 3]) << 8 | UInt16(bytes[offset + 2])
                let count = Int(bytes[offset + 4])
                offset += 5
                guard offset + count * 3 <= end else { throw fail("definition \(messageIndex) is cut short") }
                var fields: [FITField] = []
                for index in 0..<count {
                    let base = offset + index * 3
                    fields.append(FITField(number: bytes[base], size: bytes[base + 1], base: bytes[base + 2]))
                }
                offset += count * 3
                var developerBytes = 0
                if header & 0x20 != 0 {
                    guard offset < end else { throw fail("definition \(messageIndex) is cut short") }
                    let developerCount = Int(bytes[offset])
                    offset += 1
                    guard offset + developerCount * 3 <= end else { throw fail("definition \(messageIndex) is cut short") }
                    for index in 0..<developerCount { developerBytes += Int(bytes[offset + index * 3 + 1]) }
                    offset += developerCount * 3
                }
                definitions[header & 0x0F] = Definition(global: global, bigEndian: bigEndian, fields: fields,
                                                        developerBytes: developerBytes)
                continue
            }
            // Data message: normal header, or compressed timestamp (bit 7; local type in bits 5–6).
            let local: UInt8
            var timestamp: UInt64?
            if header & 0x80 != 0 {
                local = (header >> 5) & 0x03
                let timeOffset = UInt64(header & 0x1F)
                if let last = lastTimestamp {
                    var value = (last & ~0x1F) + timeOffset
                    if timeOffset < (last & 0x1F) { value += 0x20 }
                    timestamp = value
                }
            } else {
                local = header & 0x0F
            }
            guard let definition = definitions[local] else {
                throw fail("message \(messageIndex) uses local type \(local) before it is defined")
            }
            var values = Values()
            for field in definition.fields {
                let size = Int(field.size)
                guard offset + size <= end else { throw fail("message \(messageIndex) is cut short") }
                if let value = integer(bytes, at: offset, size: size, base: field.base, bigEndian: definition.bigEndian) {
                    values[field.number] = value
                }
                offset += size
            }
            guard offset + definition.developerBytes <= end else { throw fail("message \(messageIndex) is cut short") }
            offset += definition.developerBytes
            if let stamp = values[253] { timestamp = stamp }
            if let timestamp { lastTimestamp = timestamp }

            switch definition.global {
            case 0:
                fileType = values[0]
                builder.device = FIT.device(manufacturer: values[1], product: values[2])
                serialNumber = values[3]
                timeCreated = values[4]
            case 20:
                guard let when = date(timestamp) else { continue }
                var point = ReadPoint(date: when, segment: timerStarts > 0 ? timerStarts - 1 : 0)
                if let lat = values[0], let lon = values[1] {
                    point.latitude = Double(Int32(truncatingIfNeeded: lat)) / FIT.semicirclesPerDegree
                    point.longitude = Double(Int32(truncatingIfNeeded: lon)) / FIT.semicirclesPerDegree
                }
                if let altitude = values[78] ?? values[2] { point.altitude = Double(altitude) / 5 - 500 }
                point.heartRate = values[3].map { Double($0) }
                point.cadence = values[4].map { Double($0) + Double(values[53] ?? 0) / 128 }
                point.distance = values[5].map { Double($0) / 100 }
                point.power = values[7].map { Double($0) }
                builder.points.append(point)
            case 21 where values[0] == 0:
                // Timer: start (0) opens a running interval; stop (1), stop_all (4) close it.
                guard let when = date(timestamp) else { continue }
                sawTimerEvents = true
                switch values[1] {
                case 0:
                    if timerStarts == 0 { builder.start = when } else { timer.append(RecordedEvent(type: .resume, date: when)) }
                    timerStarts += 1
                case 1, 4, 8, 9:
                    timer.append(RecordedEvent(type: .pause, date: when))
                    builder.end = when
                default: break
                }
            case 19:
                if let start = date(values[2]) ?? date(timestamp) { builder.lapStarts.append(start) }
                builder.lapEnergy.append(values[11].map { Double($0) } ?? 0)
            case 18:
                if let sport = values[5] {
                    builder.activity = activity(fitSport: sport)
                    sessionSport = sport
                }
                if builder.start == nil, let start = date(values[2]) { builder.start = start }
            default: break
            }
        }
        if let fileType, fileType != 4 {
            throw fail("a FIT file of type \(fileType), not an activity (type 4): nothing to import")
        }
        if sawTimerEvents {
            // The last stop is the end, not a pause.
            if timer.last?.type == .pause { timer.removeLast() }
            builder.timerEvents = timer
        }
        // The session (with the sport) usually comes after the records: scale cadence at the end.
        let stepsPerUnit = FIT.stepsPerCadenceUnit(sport: sessionSport)
        if stepsPerUnit != 1 {
            for index in builder.points.indices { builder.points[index].cadence = builder.points[index].cadence.map { $0 * stepsPerUnit } }
        }
        var recording = try builder.recording(id: id, file: file)
        // The device's serial makes the workout's identity; time_created is the file's version
        // (an edited file is written later), so re-importing an edited file replaces the workout.
        recording.serialNumber = serialNumber.map { "\($0)" }
        recording.fileVersion = timeCreated.map { Int($0) }
        return recording
    }

    /// An unsigned reading of a field (signed types as their bit pattern); nil for the type's
    /// invalid value or a size this reader does not decode (arrays, strings).
    private static func integer(_ bytes: [UInt8], at offset: Int, size: Int, base: UInt8, bigEndian: Bool) -> UInt64? {
        guard [1, 2, 4].contains(size), base != 0x07, base != 0x0D else { return nil }
        var value: UInt64 = 0
        for index in 0..<size {
            let byte = UInt64(bytes[offset + (bigEndian ? index : size - 1 - index)])
            value = value << 8 | byte
        }
        let invalid: UInt64
        switch base & 0x1F {
        case 0x00, 0x02: invalid = 0xFF                      // enum, uint8
        case 0x01: invalid = 0x7F                            // sint8
        case 0x03: invalid = 0x7FFF                          // sint16
        case 0x04: invalid = 0xFFFF                          // uint16
        case 0x05: invalid = 0x7FFF_FFFF                     // sint32
        case 0x06: invalid = 0xFFFF_FFFF                     // uint32
        case 0x0A, 0x0B, 0x0C: invalid = 0                   // uint8z, uint16z, uint32z
        default: return value
        }
        return value == invalid ? nil : value
    }

    static func activity(fitSport: UInt64) -> ActivityType {
        switch fitSport {
        case 1: return .running
        case 2: return .cycling
        case 5: return .swimming
        case 11: return .walking
        case 15: return .rowing
        case 17: return .hiking
        default: return .other
        }
    }
}
