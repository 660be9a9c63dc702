// The gateway's side of Bluetooth sensors: `coach serve` plugs in a SensorService (CoachBluetooth's
// link), and the `sensors` / `sensors.reload` methods ask it for the live status or to re-read the
// remembered sensors after `coach sensor add`/`remove`.

import CoachWire
import Synchronization

/// What the gateway needs from whatever keeps the sensors connected.
public protocol SensorService: Sendable {
    /// One object per remembered sensor: address, name, role, state, connected, batteryLevel…
    func status() -> JSONValue
    /// Re-reads the remembered sensors (the settings file changed).
    func reload() throws -> JSONValue
}

extension Gateway {
    public func attachSensors(_ service: any SensorService) {
        sensorService.withLock { $0 = service }
    }

    func sensorStatus() -> JSONValue {
        sensorService.withLock { $0 }?.status() ?? .object([("running", .bool(false)), ("sensors", .array([]))])
    }

    func reloadSensors() throws -> JSONValue {
        guard let service = sensorService.withLock({ $0 }) else { return .object([("running", .bool(false))]) }
        return try service.reload()
    }
}
