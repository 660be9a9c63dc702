// `coach sensor …`: Bluetooth fitness sensors. `decode` is pure (no gateway, no Bluetooth): it
// prints what a GATT characteristic value means.

import ArgumentParser
import CoachBluetooth
import CoachCore
import CoachGateway
import CoachSettings
import CoachWire
import Foundation
import CoachWire

struct SensorCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        .words("sensor", subcommands: [SensorScanCommand.self, SensorAddCommand.self, SensorListCommand.self,
                                      SensorRemoveCommand.self, SensorDecodeCommand.self])
    }
}

struct SensorDecodeCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("decode", key: "sensor_decode") }

    @Argument(help: .words("sensor_decode", "uuid")) var uuid: String
    @Argument(help: .words("sensor_decode", "values")) var values: [String]
    @Flag(help: .words("sensor_decode", "json")) var json = false
    @Option(help: .words("sensor_decode", "wheel_circumference", valueName: "m"))
    var wheelCircumference: Double = SensorStream.defaultWheelCircumference

    func validate() throws {
        guard GATTCharacteristic(identifier: uuid) != nil else {
            throw ValidationError(words: "sensor_decode", "not_decoded", ["uuid": uuid])
        }
        if values.isEmpty { throw ValidationError(words: "sensor_decode", "no_value") }
        for (index, text) in values.enumerated() {
            do { _ = try GATTHex.bytes(text) } catch {
                throw ValidationError((values.count > 1 ? Self.label(index) : "") + error.description)
            }
        }
        guard wheelCircumference.isFinite, wheelCircumference > 0, wheelCircumference < 10 else {
            throw ValidationError(words: "sensor_decode", "wheel_metres")
        }
    }

    func run() throws {
        guard let characteristic = GATTCharacteristic(identifier: uuid) else { throw ExitCode(ExitStatus.usage.rawValue) }
        var stream = SensorStream(wheelCircumference: wheelCircumference)
        for (index, text) in values.enumerated() {
            let label = values.count > 1 ? Self.label(index) : ""
            let bytes = (try? GATTHex.bytes(text)) ?? []  // checked in validate()
            let reading: SensorReading
            do { reading = try SensorReading.decode(characteristic, bytes) } catch {
                var message = CLIWords.text("sensor_decode", "not_valid", ["label": label, "name": characteristic.displayName, "problem": error.description])
                if values.count > 1, values.allSatisfy({ $0.count <= 2 }) {
                    message += CLIWords.text("sensor_decode", "quote_spaces")
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

    /// "value 2: ", before the problem or reading of one of several values.
    private static func label(_ index: Int) -> String { CLIWords.text("sensor_decode", "value_label", ["index": String(index + 1)]) }

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

extension SensorRole: ExpressibleByArgument {}

/// Settings-file and gateway helpers the sensor commands share.
enum SensorCommandSupport {
    static var settingsPath: String { CoachSettings.defaultPath() }

    static func loadSettings() throws -> CoachSettings {
        do { return try CoachSettings.load(path: settingsPath) } catch {
            OneShot.printError(error.description)
            throw ExitCode(ExitStatus.failure.rawValue)
        }
    }

    static func address(_ text: String) throws -> String {
        guard let address = SensorDescriptor.normalizedAddress(text) else {
            throw ValidationError(words: "sensor", "not_an_address", ["text": text])
        }
        return address
    }

    /// Asks a running gateway to re-read the sensors; nil when none runs (it reads them at start).
    static func reloadGateway(_ options: GatewayOptions) -> SensorsResult? {
        guard let client = try? GatewayLauncher.connect(location: options.location, autostart: false, executable: OneShot.executablePath) else {
            return nil
        }
        return try? client.call("sensors.reload", as: SensorsResult.self)
    }

    static func liveStatus(_ options: GatewayOptions) -> [String: WireSensor]? {
        guard let client = try? GatewayLauncher.connect(location: options.location, autostart: false, executable: OneShot.executablePath),
              let sensors = (try? client.call("sensors", as: SensorsResult.self))?.sensors else { return nil }
        return Dictionary(sensors.map { ($0.address, $0) }, uniquingKeysWith: { _, last in last })
    }

    static func connectBlueZ() throws -> BlueZ {
        do {
            let connection = try DBusConnection(address: DBusConnection.systemBusAddress(environment: ProcessInfo.processInfo.environment))
            return BlueZ(connection: connection)
        } catch {
            OneShot.printError("\(error)")
            throw ExitCode(ExitStatus.unreachable.rawValue)
        }
    }
}

struct SensorScanCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("scan", key: "sensor_scan") }
    @Option(help: .words("sensor_scan", "timeout")) var timeout: Double = 10
    @Flag(help: .words("sensor_scan", "json")) var json = false

    func validate() throws {
        guard timeout > 0, timeout <= 120 else { throw ValidationError(words: "sensor_scan", "timeout_range") }
    }

    func run() throws {
        let bluez = try SensorCommandSupport.connectBlueZ()
        let adapter: String
        do {
            guard let first = bluez.adapters(in: try bluez.managedObjects()).first else {
                OneShot.printError(CLIWords.text("sensor_scan", "no_adapter"))
                throw ExitCode(ExitStatus.unreachable.rawValue)
            }
            adapter = first
            try bluez.startDiscovery(adapter: adapter)
        } catch let exit as ExitCode { throw exit } catch {
            OneShot.printError(CLIWords.text("sensor_scan", "cannot_scan", ["error": "\(error)"]))
            throw ExitCode(ExitStatus.unreachable.rawValue)
        }
        let deadline = ContinuousClock.now + .milliseconds(Int64(timeout * 1000))
        while ContinuousClock.now < deadline {
            try? bluez.connection.process(timeout: .milliseconds(100))
        }
        try? bluez.stopDiscovery(adapter: adapter)
        let devices = ((try? bluez.devices(in: bluez.managedObjects())) ?? []).filter { !$0.services.isEmpty }
        if json {
            for device in devices {
                print(JSONValue.object([
                    ("address", .string(device.address)), ("name", .optional(device.name)),
                    ("services", .array(device.services.map { .string($0.rawValue) })),
                    ("rssi", device.rssi.map { .number(Double($0)) } ?? .null),
                    ("connected", .bool(device.connected)),
                ]).serialized())
            }
            return
        }
        if devices.isEmpty {
            print(CLIWords.text("sensor_scan", "none_found"))
            return
        }
        for device in devices {
            let services = device.services.map(\.rawValue).joined(separator: ", ")
            print("\(device.address)  \(device.name ?? CLIWords.text("sensor_scan", "no_name"))  \(services)\(device.rssi.map { "  \($0) dBm" } ?? "")")
        }
    }
}

struct SensorAddCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("add", key: "sensor_add") }
    @OptionGroup var options: GatewayOptions
    @Argument(help: .words("sensor_add", "address")) var address: String
    @Option(name: .customLong("as"), help: .words("sensor_add", "role")) var role: SensorRole?
    @Option(help: .words("sensor_add", "name")) var name: String?
    @Option(help: .words("sensor_add", "wheel_circumference", valueName: "m")) var wheelCircumference: Double?

    func validate() throws {
        _ = try SensorCommandSupport.address(address)
        if let wheelCircumference, !(wheelCircumference > 0.5 && wheelCircumference < 4) {
            throw ValidationError(words: "sensor_add", "wheel_range")
        }
    }

    func run() throws {
        let address = try SensorCommandSupport.address(address)
        var settings = try SensorCommandSupport.loadSettings()
        let sensor = CoachSettings.Sensor(address: address, name: name, role: role?.rawValue, wheelCircumference: wheelCircumference)
        if let index = settings.sensors.firstIndex(where: { SensorDescriptor.normalizedAddress($0.address) == address }) {
            settings.sensors[index] = sensor
        } else {
            settings.sensors.append(sensor)
        }
        do { try CoachSettings.saveSensors(settings.sensors, path: SensorCommandSupport.settingsPath) } catch {
            OneShot.printError(error.description)
            throw ExitCode(ExitStatus.failure.rawValue)
        }
        let reloaded = SensorCommandSupport.reloadGateway(options)
        if options.json {
            print(JSONValue.object([("added", .string(address)), ("gateway", .bool(reloaded != nil))]).serialized())
        } else {
            let asRole = role.map { CLIWords.text("sensor_add", "as_role", ["role": $0.rawValue]) } ?? ""
            print(CLIWords.text("sensor_add", "remembered", ["address": address, "role": asRole])
                  + CLIWords.text("sensor_add", reloaded != nil ? "connecting" : "connects_at_start"))
        }
    }
}

struct SensorRemoveCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("remove", key: "sensor_remove") }
    @OptionGroup var options: GatewayOptions
    @Argument(help: .words("sensor_remove", "address")) var address: String

    func validate() throws { _ = try SensorCommandSupport.address(address) }

    func run() throws {
        let address = try SensorCommandSupport.address(address)
        var settings = try SensorCommandSupport.loadSettings()
        let before = settings.sensors.count
        settings.sensors.removeAll { SensorDescriptor.normalizedAddress($0.address) == address }
        guard settings.sensors.count < before else {
            OneShot.printError(CLIWords.text("sensor_remove", "not_remembered", ["address": address]))
            throw ExitCode(ExitStatus.noMatchingWorkout.rawValue)
        }
        do { try CoachSettings.saveSensors(settings.sensors, path: SensorCommandSupport.settingsPath) } catch {
            OneShot.printError(error.description)
            throw ExitCode(ExitStatus.failure.rawValue)
        }
        _ = SensorCommandSupport.reloadGateway(options)
        print(CLIWords.text("sensor_remove", "forgot", ["address": address]))
    }
}

struct SensorListCommand: ParsableCommand {
    static var configuration: CommandConfiguration { .words("list", key: "sensor_list") }
    @OptionGroup var options: GatewayOptions

    func run() throws {
        let settings = try SensorCommandSupport.loadSettings()
        let live = SensorCommandSupport.liveStatus(options)
        if options.json {
            let sensors: [JSONValue] = settings.sensors.map { sensor in
                let address = SensorDescriptor.normalizedAddress(sensor.address) ?? sensor.address
                return (live?[address] ?? WireSensor(address: address, name: sensor.name, role: sensor.role, state: CLIWords.text("sensor_list", "not_running"),
                                                     services: nil)).json
            }
            print(JSONValue.object([("gateway", .bool(live != nil)), ("sensors", .array(sensors))]).serialized())
            return
        }
        if settings.sensors.isEmpty {
            print(CLIWords.text("sensor_list", "none"))
            return
        }
        for sensor in settings.sensors {
            let address = SensorDescriptor.normalizedAddress(sensor.address) ?? sensor.address
            let status = live?[address]
            var parts = [address]
            if let name = status?.name ?? sensor.name { parts.append(name) }
            if let role = sensor.role { parts.append(CLIWords.text("sensor_list", "as_role", ["role": role])) }
            parts.append(status?.state ?? CLIWords.text("sensor_list", "not_running"))
            if let battery = status?.batteryLevel { parts.append(CLIWords.text("sensor_list", "battery", ["level": "\(battery)"])) }
            print(parts.joined(separator: "  "))
        }
    }
}
