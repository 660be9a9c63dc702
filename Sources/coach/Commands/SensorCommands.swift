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
    static let configuration = CommandConfiguration(
        commandName: "sensor", abstract: "Bluetooth heart-rate straps, foot pods, speed/cadence and power meters.",
        discussion: """
            Sensors are reached through BlueZ on the system D-Bus (libsystemd's sd-bus, loaded at
            run time; Debian package libsystemd0). The bus is $COACH_DBUS_SYSTEM_BUS_ADDRESS, else
            $DBUS_SYSTEM_BUS_ADDRESS, else the system bus. Remembered sensors live in the settings
            file ($XDG_CONFIG_HOME/coach/config.yaml, `sensors:`); the gateway connects them while
            it runs and turns their values into samples of the workout in progress.

            Examples:
              coach sensor scan                         # fitness sensors in range (10 s)
              coach sensor add C0:FF:EE:00:00:01        # remember a strap; the gateway connects it
              coach sensor add F1:22:33:44:55:66 --as power
              coach sensor list                         # state and battery of each
              coach sensor remove C0:FF:EE:00:00:01
              coach sensor decode 2a37 "16 4B 00 04 10 04"
            See docs/sensors.md.
            """,
        subcommands: [SensorScanCommand.self, SensorAddCommand.self, SensorListCommand.self, SensorRemoveCommand.self,
                      SensorDecodeCommand.self])
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
    var wheelCircumference: Double = SensorStream.defaultWheelCircumference

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
            throw ValidationError("--wheel-circumference is in metres, e.g. 2.105")
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
            throw ValidationError("'\(text)' is not a Bluetooth address; write six hex bytes, e.g. C0:FF:EE:00:00:01 (see coach sensor scan).")
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
    static let configuration = CommandConfiguration(
        commandName: "scan", abstract: "List the fitness sensors in range (heart rate, running, cycling, power).",
        discussion: """
            Runs Bluetooth LE discovery through BlueZ for --timeout seconds and prints each device
            that offers a heart-rate, running speed/cadence, cycling speed/cadence or cycling power
            service, with its address (for coach sensor add), name and signal strength.

            Examples:
              coach sensor scan
              coach sensor scan --timeout 5 --json
            """)
    @Option(help: "Seconds to scan.") var timeout: Double = 10
    @Flag(help: "One JSON object per device.") var json = false

    func validate() throws {
        guard timeout > 0, timeout <= 120 else { throw ValidationError("--timeout is in seconds, between 0 and 120.") }
    }

    func run() throws {
        let bluez = try SensorCommandSupport.connectBlueZ()
        let adapter: String
        do {
            guard let first = bluez.adapters(in: try bluez.managedObjects()).first else {
                OneShot.printError("no Bluetooth adapter (is a controller plugged in and bluetoothd running? try: bluetoothctl show)")
                throw ExitCode(ExitStatus.unreachable.rawValue)
            }
            adapter = first
            try bluez.startDiscovery(adapter: adapter)
        } catch let exit as ExitCode { throw exit } catch {
            OneShot.printError("cannot scan: \(error) (is bluetoothd running? sudo systemctl start bluetooth)")
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
            print("No fitness sensors found. Wake the sensor (wear the strap, spin the wheel) and scan again.")
            return
        }
        for device in devices {
            let services = device.services.map(\.rawValue).joined(separator: ", ")
            print("\(device.address)  \(device.name ?? "(no name)")  \(services)\(device.rssi.map { "  \($0) dBm" } ?? "")")
        }
    }
}

struct SensorAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Remember a sensor; the gateway connects it and records its values.",
        discussion: """
            --as takes one metric from a sensor that reports several (a power meter's cadence is
            left out with --as power). Adding an address again updates it.

            Examples:
              coach sensor add C0:FF:EE:00:00:01
              coach sensor add F1:22:33:44:55:66 --as power --name "Crank PM"
              coach sensor add D0:11:22:33:44:55 --as speed --wheel-circumference 2.105
            """)
    @OptionGroup var options: GatewayOptions
    @Argument(help: "The sensor's Bluetooth address (coach sensor scan shows it).") var address: String
    @Option(name: .customLong("as"), help: "Use it only for heartRate, power, speed or cadence.") var role: SensorRole?
    @Option(help: "A name to show for it.") var name: String?
    @Option(help: ArgumentHelp("Wheel circumference in metres (speed sensors).", valueName: "m")) var wheelCircumference: Double?

    func validate() throws {
        _ = try SensorCommandSupport.address(address)
        if let wheelCircumference, !(wheelCircumference > 0.5 && wheelCircumference < 4) {
            throw ValidationError("--wheel-circumference is in metres, e.g. 2.105 for a 700x25c tyre.")
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
            print("Remembered \(address)\(role.map { " as \($0.rawValue)" } ?? "")." + (reloaded != nil
                ? " The gateway is connecting it."
                : " The gateway connects it when it starts."))
        }
    }
}

struct SensorRemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Forget a sensor.",
        discussion: "Example:\n  coach sensor remove C0:FF:EE:00:00:01")
    @OptionGroup var options: GatewayOptions
    @Argument(help: "The sensor's Bluetooth address.") var address: String

    func validate() throws { _ = try SensorCommandSupport.address(address) }

    func run() throws {
        let address = try SensorCommandSupport.address(address)
        var settings = try SensorCommandSupport.loadSettings()
        let before = settings.sensors.count
        settings.sensors.removeAll { SensorDescriptor.normalizedAddress($0.address) == address }
        guard settings.sensors.count < before else {
            OneShot.printError("\(address) is not a remembered sensor (coach sensor list shows them).")
            throw ExitCode(ExitStatus.noMatchingWorkout.rawValue)
        }
        do { try CoachSettings.saveSensors(settings.sensors, path: SensorCommandSupport.settingsPath) } catch {
            OneShot.printError(error.description)
            throw ExitCode(ExitStatus.failure.rawValue)
        }
        _ = SensorCommandSupport.reloadGateway(options)
        print("Forgot \(address).")
    }
}

struct SensorListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "The remembered sensors, with their state and battery while the gateway runs.",
        discussion: """
            Examples:
              coach sensor list
              coach sensor list --json
            """)
    @OptionGroup var options: GatewayOptions

    func run() throws {
        let settings = try SensorCommandSupport.loadSettings()
        let live = SensorCommandSupport.liveStatus(options)
        if options.json {
            let sensors: [JSONValue] = settings.sensors.map { sensor in
                let address = SensorDescriptor.normalizedAddress(sensor.address) ?? sensor.address
                return (live?[address] ?? WireSensor(address: address, name: sensor.name, role: sensor.role, state: "gateway not running",
                                                     services: nil)).json
            }
            print(JSONValue.object([("gateway", .bool(live != nil)), ("sensors", .array(sensors))]).serialized())
            return
        }
        if settings.sensors.isEmpty {
            print("No sensors remembered. Find one with coach sensor scan, then coach sensor add ADDRESS.")
            return
        }
        for sensor in settings.sensors {
            let address = SensorDescriptor.normalizedAddress(sensor.address) ?? sensor.address
            let status = live?[address]
            var parts = [address]
            if let name = status?.name ?? sensor.name { parts.append(name) }
            if let role = sensor.role { parts.append("as \(role)") }
            parts.append(status?.state ?? "gateway not running")
            if let battery = status?.batteryLevel { parts.append("battery \(battery) %") }
            print(parts.joined(separator: "  "))
        }
    }
}
