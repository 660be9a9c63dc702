// BlueZ's D-Bus API (org.bluez on the system bus) as Coach uses it: the object tree from the
// ObjectManager, discovery on the adapter, connecting devices, notifications from characteristics.
// Objects are found by their Address and UUID properties, never by path (paths carry ATT handles).

import CoachCore

public struct BluetoothDevice: Sendable, Hashable {
    public var path: String
    public var address: String
    public var name: String?
    public var uuids: [String]
    public var connected: Bool
    public var servicesResolved: Bool
    public var rssi: Int?
    public var batteryPercentage: Int?

    /// The fitness services this device advertises or offers.
    public var services: [GATTService] {
        GATTService.allCases.filter { service in service != .battery && uuids.contains { $0.lowercased() == service.uuid } }
    }
}

public struct BlueZ {
    public static let service = "org.bluez"
    static let objectManager = "org.freedesktop.DBus.ObjectManager"
    static let properties = "org.freedesktop.DBus.Properties"
    static let adapterInterface = "org.bluez.Adapter1"
    static let deviceInterface = "org.bluez.Device1"
    static let characteristicInterface = "org.bluez.GattCharacteristic1"
    static let batteryInterface = "org.bluez.Battery1"

    public let connection: DBusConnection

    public init(connection: DBusConnection) { self.connection = connection }

    /// path → interface → properties.
    public func managedObjects() throws -> [String: [String: [String: DBusValue]]] {
        let reply = try connection.call(Self.service, "/", Self.objectManager, "GetManagedObjects")
        var objects: [String: [String: [String: DBusValue]]] = [:]
        for (path, interfaces) in reply.first?.dictionary ?? [:] {
            var byInterface: [String: [String: DBusValue]] = [:]
            for (name, properties) in interfaces.dictionary ?? [:] { byInterface[name] = properties.dictionary ?? [:] }
            objects[path] = byInterface
        }
        return objects
    }

    public func adapters(in objects: [String: [String: [String: DBusValue]]]) -> [String] {
        objects.filter { $0.value[Self.adapterInterface] != nil }.map(\.key).sorted()
    }

    public func devices(in objects: [String: [String: [String: DBusValue]]]) -> [BluetoothDevice] {
        objects.compactMap { path, interfaces -> BluetoothDevice? in
            guard let device = interfaces[Self.deviceInterface], let address = device["Address"]?.string else { return nil }
            return BluetoothDevice(
                path: path, address: address.uppercased(), name: device["Alias"]?.string ?? device["Name"]?.string,
                uuids: device["UUIDs"]?.strings ?? [], connected: device["Connected"]?.bool ?? false,
                servicesResolved: device["ServicesResolved"]?.bool ?? false, rssi: device["RSSI"]?.int,
                batteryPercentage: interfaces[Self.batteryInterface]?["Percentage"]?.int)
        }.sorted { $0.address < $1.address }
    }

    /// The characteristics Coach decodes under a device, by their UUID.
    public func characteristics(of devicePath: String, in objects: [String: [String: [String: DBusValue]]]) -> [(path: String, characteristic: GATTCharacteristic)] {
        objects.compactMap { path, interfaces in
            guard path.hasPrefix(devicePath + "/"), let properties = interfaces[Self.characteristicInterface],
                  let uuid = properties["UUID"]?.string, let characteristic = GATTCharacteristic(identifier: uuid) else { return nil }
            return (path, characteristic)
        }.sorted { $0.path < $1.path }
    }

    /// Starts LE discovery for the fitness services (the filter first: BlueZ merges every client's
    /// filters, so devices that do not match may still appear and are checked by their UUIDs).
    public func startDiscovery(adapter: String) throws {
        let uuids = [GATTService.heartRate, .runningSpeedAndCadence, .cyclingSpeedAndCadence, .cyclingPower].map(\.uuid)
        try connection.call(Self.service, adapter, Self.adapterInterface, "SetDiscoveryFilter",
                            [.options([("Transport", .string("le")), ("UUIDs", .stringArray(uuids))])])
        try connection.call(Self.service, adapter, Self.adapterInterface, "StartDiscovery")
    }

    public func stopDiscovery(adapter: String) throws {
        try connection.call(Self.service, adapter, Self.adapterInterface, "StopDiscovery")
    }

    public func connect(device: String) throws {
        do {
            try connection.call(Self.service, device, Self.deviceInterface, "Connect", timeout: .seconds(30))
        } catch let error as DBusError where error.name == "org.bluez.Error.AlreadyConnected" {
            return
        }
    }

    public func startNotify(characteristic: String) throws {
        try connection.call(Self.service, characteristic, Self.characteristicInterface, "StartNotify")
    }

    public func readValue(characteristic: String) throws -> [UInt8] {
        let reply = try connection.call(Self.service, characteristic, Self.characteristicInterface, "ReadValue", [.options([])])
        return reply.first?.bytes ?? []
    }

    /// Signals Coach follows: property changes (notifications, connection state) and new objects.
    public func subscribe(_ handler: @escaping (DBusSignal) -> Void) throws {
        try connection.addMatch("type='signal',sender='\(Self.service)',interface='\(Self.properties)',member='PropertiesChanged'", handler: handler)
        try connection.addMatch("type='signal',sender='\(Self.service)',interface='\(Self.objectManager)',member='InterfacesAdded'", handler: handler)
    }
}
