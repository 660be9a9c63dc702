// The gateway's side of Bluetooth sensors: `coach serve` plugs in a SensorService (CoachBluetooth's
// link), and the `sensors` / `sensors.reload` methods ask it for the live status or to re-read the
// remembered sensors after `coach sensor add`/`remove`. Its readings come in as samples
// (Gateway+Samples.swift). The start's countdown says which are connected and can wait for them.

import CoachCore
import CoachWire
import Synchronization

/// What the gateway needs from whatever keeps the sensors connected.
public protocol SensorService: Sendable {
    /// One entry per remembered sensor: address, name, role, state, connected, batteryLevel…
    func status() -> SensorsResult
    /// Re-reads the remembered sensors (the settings file changed).
    func reload() throws -> SensorsResult
}

/// Where a SensorService is plugged in; empty until one is.
public final class SensorSlot: Sendable {
    private let service = Mutex<(any SensorService)?>(nil)

    public func attach(_ service: any SensorService) { self.service.withLock { $0 = service } }

    func status() -> SensorsResult {
        service.withLock { $0 }?.status() ?? SensorsResult(running: false)
    }

    func reload() throws -> SensorsResult {
        guard let service = service.withLock({ $0 }) else { return SensorsResult(running: false, sensors: nil) }
        return try service.reload()
    }

    /// The remembered sensors as the countdown tells of them (from the status every service gives).
    public func readiness() -> SensorReadiness {
        let sensors: [WireSensor] = status().sensors ?? []
        return SensorReadiness(sensors: sensors.map { (sensor: WireSensor) -> SensorReadiness.Sensor in
            let services: [String] = sensor.services ?? []
            let heartRate: Bool = sensor.role.map { $0 == "heartRate" } ?? services.contains("heartRate")
            return SensorReadiness.Sensor(name: sensor.name ?? sensor.address, connected: sensor.connected, measuresHeartRate: heartRate)
        })
    }
}

extension Gateway {
    /// Holds until every remembered sensor is connected or `timeout` passes (`start
    /// --wait-sensors 10s`): the countdown starts only then. Polls the link's status, which is
    /// cheap (a lock and a copy); returns at once without remembered sensors.
    public func waitForSensors(timeout: Duration, clock: ContinuousClock = ContinuousClock()) async {
        let deadline = clock.now + timeout
        while !sensors.readiness().allConnected, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(200))
            if Task.isCancelled { return }
        }
    }

    /// "Sensors: HRM-Pro connected. No heart-rate strap." for the start's reply; nil without
    /// remembered sensors.
    func sensorLine(_ readiness: SensorReadiness, language: Language) -> String? {
        let phrases = readiness.phrases
        guard !phrases.isEmpty else { return nil }
        // Japanese sentences end in 。 and run on without a space.
        return phrases.map { displays.phrase($0.key, $0.values, language: language) }.joined(separator: language == .ja ? "" : " ")
    }
}
