// `coach sensor …`: Bluetooth fitness sensors. `decode` is pure (no gateway, no Bluetooth): it
// prints what a GATT characteristic value means.

import ArgumentParser
import CoachCore
import CoachGateway
import CoachWire

struct SensorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sensor", abstract: "Bluetooth heart-rate straps, foot pods, speed/cadence and power meters.",
        discussion: """
            Examples:
              coach sensor decode 2a37 "16 4B 00 04 10 04"
            See docs/sensors.md.
            """,
        subcommands: [SensorDecodeCommand.self])
}

struct SensorDecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode", abstract: "Print what a GATT characteristic value means.",
        discussion: """
            UUID is the characteristic: 2a37 (heart rate), 2a53 (running speed and cadence),
            2a5b (cycling speed and cadence), 2a63 (cycling power) or 2a19 (battery level), as a
            16-bit number, a 128-bit UUID or a name (heartRate, rsc, csc, power, battery).

            Each HEX argument is one value as the sensor sent it ("16 4B 00", 164b00, 0x16,0x4b);
            quote a value that has spaces. Several values are read as successive notifications, so
            speed and cadence appear from the second CSC or power value on.

            With --json, one object per value; keys are lowerCamelCase field names in SI units:
            heartRate (bpm), sensorContact, energyExpended (kJ), rrIntervals (s), speed (m/s),
            cadence (1/min), strideLength (m), totalDistance (m), power (W), wheelRevolutions,
            lastWheelEventTime (s), crankRevolutions, accumulatedTorque (N·m), batteryLevel (%) …

            Examples:
              coach sensor decode 2a37 "16 4B 00 04 10 04"
              coach sensor decode heartRate 0648 --json
              coach sensor decode 2a5b "03 10 00 00 00 00 04 05 00 00 04" "03 14 00 00 00 00 08 07 00 00 08"
              coach sensor decode 00002a63-0000-1000-8000-00805f9b34fb "20 00 FA 00 0A 00 00 04"
            """)

    @Argument(help: "The characteristic: 2a37, 2a53, 2a5b, 2a63, 2a19 (or a 128-bit UUID or a name).") var uuid: String
    @Argument(help: "One or more values in hex, oldest first.") var values: [String]
    @Flag(help: "One JSON object per value.") var json = false
    @Option(help: ArgumentHelp("Wheel circumference in metres, for speed from wheel revolutions.", valueName: "m"))
    var wheelCircumference: Double = 2.096

    func validate() throws {
        guard GATTCharacteristic(identifier: uuid) != nil else {
            throw ValidationError("'\(uuid)' is not a characteristic Coach decodes. Use 2a37, 2a53, 2a5b, 2a63 or 2a19.")
        }
        if values.isEmpty { throw ValidationError("Give a value in hex, e.g. coach sensor decode 2a37 0648") }
        for (index, text) in values.enumerated() {
            do { _ = try GATTHex.bytes(text) } catch {
                throw ValidationError((values.count > 1 ? "value \(index + 1): " : "") + error.description)
            }
        }
        guard wheelCircumference.isFinite, wheelCircumference > 0, wheelCircumference < 10 else {
            throw ValidationError("--wheel-circumference is in metres, e.g. 2.096")
        }
    }

    func run() throws {
        guard let characteristic = GATTCharacteristic(identifier: uuid) else { throw ExitCode(ExitStatus.usage.rawValue) }
        var stream = SensorStream(wheelCircumference: wheelCircumference)
        for (index, text) in values.enumerated() {
            let label = values.count > 1 ? "value \(index + 1): " : ""
            let bytes = (try? GATTHex.bytes(text)) ?? []  // checked in validate()
            let reading: SensorReading
            do { reading = try SensorReading.decode(characteristic, bytes) } catch {
                var message = "\(label)not a valid \(characteristic.displayName): \(error.description)"
                if values.count > 1, values.allSatisfy({ $0.count <= 2 }) {
                    message += " (each argument is one value: quote a value that has spaces)"
                }
                OneShot.printError(message)
                throw ExitCode(ExitStatus.failure.rawValue)
            }
            let fields = reading.fields + derivedFields(stream.metrics(for: reading), reading: reading)
            if json {
                print(JSONValue.object([("characteristic", .string(characteristic.rawValue))] + fields.map { ($0.key, $0.value.json) }).serialized())
            } else {
                if values.count > 1 { print("\(label.dropLast(2)):") }
                print((values.count > 1 ? "  " : "") + characteristic.displayName + " (0x" + String(characteristic.assignedNumber, radix: 16, uppercase: true) + ")")
                for field in fields { print((values.count > 1 ? "  " : "") + "  \(field.key): \(field.value.text)\(field.unit.map { " " + $0 } ?? "")") }
            }
        }
    }

    /// Speed and cadence that only successive CSC or power values give.
    private func derivedFields(_ metrics: SensorMetrics, reading: SensorReading) -> [SensorField] {
        switch reading {
        case .cyclingSpeedAndCadence, .cyclingPower:
            var fields: [SensorField] = []
            if let speed = metrics.speed { fields.append(SensorField("speed", .number(speed), unit: "m/s")) }
            if let cadence = metrics.cadence { fields.append(SensorField("cadence", .number(cadence), unit: "rpm")) }
            return fields
        default:
            return []
        }
    }
}

extension SensorFieldValue {
    var json: JSONValue {
        switch self {
        case .number(let value): return .number(value)
        case .integer(let value): return .number(Double(value))
        case .flag(let value): return .bool(value)
        case .text(let value): return .string(value)
        case .numbers(let values): return .array(values.map(JSONValue.number))
        }
    }

    var text: String {
        switch self {
        case .number(let value): return Self.decimal(value)
        case .integer(let value): return String(value)
        case .flag(let value): return value ? "yes" : "no"
        case .text(let value): return value
        case .numbers(let values): return values.isEmpty ? "none" : values.map(Self.decimal).joined(separator: ", ")
        }
    }

    /// Up to four decimals without trailing zeros (1.015625 s → 1.0156).
    private static func decimal(_ value: Double) -> String {
        let rounded = (value * 10_000).rounded() / 10_000
        if rounded == rounded.rounded(.towardZero), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }
}
