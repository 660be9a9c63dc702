// The gateway's side of Bluetooth sensors: `coach serve` plugs in a SensorService (CoachBluetooth's
// link), and the `sensors` / `sensors.reload` methods ask it for the live status or to re-read the
// remembered sensors after `coach sensor add`/`remove`. Its readings come in as samples
// (Gateway+Samples.swift).

import CoachWire
import Synchronization

/// What the gateway needs from whatever keeps the sensors connected.
public protocol SensorService: Sendable {
    /// One object per remembered sensor: address, name, role, state, connected, batteryLevel…
    func status() -> JSONValue
    /// Re-reads the remembered sensors (the settings file changed).
    func reload() throws -> JSONValue
}

/// Where a SensorService is plugged in; empty until one is.
public final class SensorSlot: Sendable {
    private let service = Mutex<(any SensorService)?>(nil)

    public func attach(_ service: any SensorService) { self.service.withLock { $0 = service } }

    func status() -> JSONValue {
        service.withLock { $0 }?.status() ?? .object([("running", .bool(false)), ("sensors", .array([]))])
    }

    func reload() throws -> JSONValue {
        guard let service = service.withLock({ $0 }) else { return .object([("running", .bool(false))]) }
        return try service.reload()
    }
}
