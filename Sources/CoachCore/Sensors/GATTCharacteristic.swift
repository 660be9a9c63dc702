// The Bluetooth SIG characteristics and services Coach understands, and how people name them:
// 16-bit numbers ("2a37", "0x2A37"), 128-bit UUIDs ("00002a37-0000-1000-8000-00805f9b34fb") or names.

/// A GATT characteristic Coach can decode.
public enum GATTCharacteristic: String, Sendable, Hashable, CaseIterable, Codable {
    case heartRateMeasurement, rscMeasurement, cscMeasurement, cyclingPowerMeasurement, batteryLevel

    /// The assigned 16-bit number.
    public var assignedNumber: UInt16 {
        switch self {
        case .heartRateMeasurement: return 0x2A37
        case .rscMeasurement: return 0x2A53
        case .cscMeasurement: return 0x2A5B
        case .cyclingPowerMeasurement: return 0x2A63
        case .batteryLevel: return 0x2A19
        }
    }

    /// The service the characteristic lives in.
    public var service: GATTService {
        switch self {
        case .heartRateMeasurement: return .heartRate
        case .rscMeasurement: return .runningSpeedAndCadence
        case .cscMeasurement: return .cyclingSpeedAndCadence
        case .cyclingPowerMeasurement: return .cyclingPower
        case .batteryLevel: return .battery
        }
    }

    /// The 128-bit form BlueZ uses in its `UUID` properties (lower case).
    public var uuid: String { GATTUUID.expand(assignedNumber) }

    public var displayName: String {
        switch self {
        case .heartRateMeasurement: return "Heart Rate Measurement"
        case .rscMeasurement: return "RSC Measurement"
        case .cscMeasurement: return "CSC Measurement"
        case .cyclingPowerMeasurement: return "Cycling Power Measurement"
        case .batteryLevel: return "Battery Level"
        }
    }

    /// The characteristic a UUID (any form) or a name stands for; nil for one Coach does not decode.
    public init?(identifier: String) {
        if let number = GATTUUID.shortNumber(identifier),
           let match = Self.allCases.first(where: { $0.assignedNumber == number }) {
            self = match
            return
        }
        let key = identifier.lowercased().filter { $0.isLetter }
        let aliases: [String: GATTCharacteristic] = [
            "heartratemeasurement": .heartRateMeasurement, "heartrate": .heartRateMeasurement, "hr": .heartRateMeasurement,
            "rscmeasurement": .rscMeasurement, "rsc": .rscMeasurement,
            "cscmeasurement": .cscMeasurement, "csc": .cscMeasurement,
            "cyclingpowermeasurement": .cyclingPowerMeasurement, "cyclingpower": .cyclingPowerMeasurement, "power": .cyclingPowerMeasurement,
            "batterylevel": .batteryLevel, "battery": .batteryLevel,
        ]
        guard let match = aliases[key] else { return nil }
        self = match
    }
}

/// The GATT services a fitness sensor offers.
public enum GATTService: String, Sendable, Hashable, CaseIterable, Codable {
    case heartRate, runningSpeedAndCadence, cyclingSpeedAndCadence, cyclingPower, battery

    public var assignedNumber: UInt16 {
        switch self {
        case .heartRate: return 0x180D
        case .runningSpeedAndCadence: return 0x1814
        case .cyclingSpeedAndCadence: return 0x1816
        case .cyclingPower: return 0x1818
        case .battery: return 0x180F
        }
    }

    public var uuid: String { GATTUUID.expand(assignedNumber) }

    /// The measurement characteristic Coach subscribes to in this service.
    public var measurement: GATTCharacteristic {
        switch self {
        case .heartRate: return .heartRateMeasurement
        case .runningSpeedAndCadence: return .rscMeasurement
        case .cyclingSpeedAndCadence: return .cscMeasurement
        case .cyclingPower: return .cyclingPowerMeasurement
        case .battery: return .batteryLevel
        }
    }
}

/// Bluetooth base-UUID arithmetic: `0000XXXX-0000-1000-8000-00805f9b34fb`.
public enum GATTUUID {
    static let baseSuffix = "-0000-1000-8000-00805f9b34fb"

    public static func expand(_ number: UInt16) -> String {
        let hex = String(number, radix: 16)
        return "0000" + String(repeating: "0", count: 4 - hex.count) + hex + baseSuffix
    }

    /// The 16-bit number in "2a37", "0x2A37" or a 128-bit UUID built on the base UUID.
    public static func shortNumber(_ text: String) -> UInt16? {
        var value = text.lowercased()
        if value.hasPrefix("0x") { value.removeFirst(2) }
        if value.count == 36, value.hasSuffix(baseSuffix), value.hasPrefix("0000") {
            value = String(value.dropFirst(4).prefix(4))
        }
        guard value.count == 4, value.allSatisfy(\.isHexDigit) else { return nil }
        return UInt16(value, radix: 16)
    }
}

/// Hex text as people paste it: "16 4B 00", "164b00", "0x16,0x4B", "16:4b:00".
public enum GATTHex {
    public static func bytes(_ text: String) throws(GATTHexError) -> [UInt8] {
        var bytes: [UInt8] = []
        var position = 0
        for token in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ":" || $0 == "-" || $0 == "\t" || $0 == "\n" }) {
            var digits = Substring(token)
            position = text.distance(from: text.startIndex, to: token.startIndex)
            if digits.lowercased().hasPrefix("0x") { digits = digits.dropFirst(2); position += 2 }
            if let bad = digits.firstIndex(where: { !$0.isHexDigit || !$0.isASCII }) {
                throw GATTHexError(message: "'\(digits[bad])' at character \(position + digits.distance(from: digits.startIndex, to: bad) + 1) is not a hex digit")
            }
            // A lone digit between separators ("6 48") is one byte; a longer run is read in pairs.
            if digits.count == 1 { digits = "0" + digits }
            guard digits.count.isMultiple(of: 2) else {
                throw GATTHexError(message: "'\(digits)' has an odd number of hex digits; write each byte as two digits")
            }
            var index = digits.startIndex
            while index < digits.endIndex {
                let next = digits.index(index, offsetBy: 2)
                bytes.append(UInt8(digits[index..<next], radix: 16) ?? 0)
                index = next
            }
        }
        return bytes
    }
}

public struct GATTHexError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
