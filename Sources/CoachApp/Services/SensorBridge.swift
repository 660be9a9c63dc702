// Between the sensors and the gateway (the sensors service, below): starts the BlueZ link for the
// sensors remembered in the settings file, turns each decoded value into samples through the
// gateway's sample path (in order, one consumer), and answers the `sensors` methods with the live
// status — `sensors.reload` connects what `coach sensor add` remembered since.

import CoachBluetooth
import CoachCore
import CoachGateway
import CoachSettings
import CoachWire
import Foundation
import Synchronization

extension Services {
    /// There unless the clock is virtual (readings come in real time): without a remembered sensor
    /// it only answers `sensors` — nothing is loaded, not even libsystemd.
    final class Sensors: GatewayService {
        let name = "sensors"
        private let gateway: Gateway
        private let settings: GatewaySettings
        private let bridge = Mutex<SensorBridge?>(nil)

        init?(_ request: GatewayRequest, settings: GatewaySettings, gateway: Gateway) {
            guard !request.virtualClock else { return nil }
            self.gateway = gateway
            self.settings = settings
        }

        func start() async throws {
            let bridge = SensorBridge(gateway: gateway, settingsPath: settings.path, environment: settings.environment)
            self.bridge.withLock { $0 = bridge }
            do { try bridge.connect(settings.settings.sensors) } catch {
                throw StartProblem("sensors: \(error) — continuing without sensors")
            }
        }

        func stop() async {
            bridge.withLock { $0 }?.stop()
        }
    }
}

final class SensorBridge: SensorService {
    private let link = Mutex<SensorLink?>(nil)
    private let settingsPath: String
    private let busAddress: String?
    private let readings: AsyncStream<(SensorDescriptor, SensorMetrics, Date)>.Continuation

    /// Attaches to the gateway, which then answers `sensors` through it.
    init(gateway: Gateway, settingsPath: String, environment: [String: String]) {
        self.settingsPath = settingsPath
        busAddress = DBusConnection.systemBusAddress(environment: environment)
        let (stream, continuation) = AsyncStream.makeStream(of: (SensorDescriptor, SensorMetrics, Date).self)
        readings = continuation
        let liveName: @Sendable (String) -> String? = { [weak self] address in self?.liveName(of: address) }
        Task { await Self.feed(stream, to: gateway, liveName: liveName) }
        gateway.sensors.attach(self)
    }

    deinit { stop() }

    /// Disconnects the sensors: the gateway is going away.
    func stop() {
        readings.finish()
        link.withLock { $0?.stop() }
    }

    /// Connects the sensors the settings remember. Nothing is loaded (libsystemd, the bus) until
    /// there is one.
    func connect(_ sensors: [CoachSettings.Sensor]) throws {
        try use(sensors)
    }

    /// Hands the sensors to the running link, or starts one for them.
    private func use(_ sensors: [CoachSettings.Sensor]) throws {
        let descriptors = sensors.compactMap(Self.descriptor)
        try link.withLock { current in
            if let current {
                current.update(sensors: descriptors)
                return
            }
            guard !descriptors.isEmpty else { return }
            let continuation = readings
            let started = SensorLink(sensors: descriptors, busAddress: busAddress) { descriptor, metrics in
                continuation.yield((descriptor, metrics, Date()))
            }
            try started.start()
            current = started
        }
    }

    /// Samples in arrival order, each with a sync identifier per sensor, type and second
    /// (SensorSampler), so a value BlueZ hands over twice (a re-read after a reconnect) replaces
    /// rather than duplicates. A strap's Energy Expended goes to the generated active energy.
    private static func feed(_ stream: AsyncStream<(SensorDescriptor, SensorMetrics, Date)>, to gateway: Gateway,
                             liveName: @escaping @Sendable (String) -> String?) async {
        var sampler = SensorSampler()
        var names: [String: String] = [:]
        for await (descriptor, metrics, date) in stream {
            // Written by Coach, measured by this sensor (HealthKit: source revision + HKDevice): its
            // remembered name, else the name BlueZ reports, else its address.
            if names[descriptor.address] == nil, let name = descriptor.name ?? liveName(descriptor.address) {
                names[descriptor.address] = name
            }
            let source = SampleSource(name: ClientIdentity.userName, version: CoachVersion.current,
                                      device: SampleDevice(name: names[descriptor.address] ?? descriptor.address))
            let second = Int64(date.timeIntervalSince1970.rounded(.down))
            // Speed first: a reading that resumes an auto-paused workout also counts in it.
            if let speed = metrics.speed { await gateway.observeSpeed(speed) }
            for sample in sampler.samples(address: descriptor.address, metrics: metrics, second: second) {
                _ = try? await gateway.addSample(LiveSample(sample.type, value: sample.value, syncIdentifier: sample.syncIdentifier,
                                                            syncVersion: sample.syncVersion, source: source))
            }
            if let kilojoules = metrics.energyExpended {
                await gateway.observeEnergyExpended(kilojoules, sensor: descriptor.address)
            }
        }
    }

    static func descriptor(_ sensor: CoachSettings.Sensor) -> SensorDescriptor? {
        guard let address = SensorDescriptor.normalizedAddress(sensor.address) else { return nil }
        return SensorDescriptor(address: address, name: sensor.name, role: sensor.role.flatMap(SensorRole.init(rawValue:)),
                                wheelCircumference: sensor.wheelCircumference)
    }

    /// The name BlueZ reports for a connected sensor.
    private func liveName(of address: String) -> String? {
        link.withLock { $0?.statuses() }?.first { $0.descriptor.address == address }?.name
    }

    // MARK: - SensorService

    func status() -> SensorsResult {
        SensorsResult(running: true, sensors: (link.withLock { $0?.statuses() } ?? []).map(Self.wire))
    }

    func reload() throws -> SensorsResult {
        try use(try CoachSettings.load(path: settingsPath).sensors)
        return status()
    }

    static func wire(_ status: SensorStatus) -> WireSensor {
        WireSensor(address: status.descriptor.address, name: status.name, role: status.descriptor.role?.rawValue, state: status.state,
                   connected: status.connected, batteryLevel: status.batteryLevel, services: status.services.map(\.rawValue),
                   secondsSinceLastReading: status.lastReading.map { (Date().timeIntervalSince($0) * 10).rounded() / 10 })
    }
}
