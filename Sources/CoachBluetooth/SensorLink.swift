// SensorLink: keeps the remembered sensors connected through BlueZ and hands their decoded values
// to the gateway. It owns one D-Bus connection on its own thread (sd-bus is single-threaded): the
// thread connects each sensor, subscribes to its measurement characteristics, decodes every
// notification, and reconnects a sensor that drops, waiting longer after each failed attempt.

import CoachCore
import Foundation
import Synchronization

/// What `coach sensor list` shows about a sensor while the gateway runs.
public struct SensorStatus: Sendable, Hashable {
    public var descriptor: SensorDescriptor
    public var name: String?
    /// "searching", "connecting", "connected", "waiting to reconnect", "failed: …"
    public var state: String
    public var connected: Bool
    public var batteryLevel: Int?
    public var lastReading: Date?
    public var services: [GATTService]
}

public final class SensorLink: Sendable {
    public typealias ReadingHandler = @Sendable (SensorDescriptor, SensorMetrics) -> Void

    private let busAddress: String?
    private let onReading: ReadingHandler
    private let shared: Mutex<Shared>

    private struct Shared {
        var sensors: [SensorDescriptor]
        var statuses: [String: SensorStatus] = [:]
        var stopped = false
        var sensorsChanged = false
    }

    public init(sensors: [SensorDescriptor], busAddress: String?, onReading: @escaping ReadingHandler) {
        self.busAddress = busAddress
        self.onReading = onReading
        shared = Mutex(Shared(sensors: sensors))
    }

    /// Connects to the bus and starts the thread; throws when libsystemd or the bus is missing.
    public func start() throws {
        let ready = DispatchSemaphore(value: 0)
        let failure = Mutex<(any Error)?>(nil)
        let thread = Thread { [self] in
            let connection: DBusConnection
            do { connection = try DBusConnection(address: busAddress) } catch {
                failure.withLock { $0 = error }
                ready.signal()
                return
            }
            ready.signal()
            var loop = LinkLoop(bluez: BlueZ(connection: connection), link: self)
            loop.run()
        }
        thread.name = "coach-bluetooth"
        thread.start()
        ready.wait()
        if let error = failure.withLock({ $0 }) { throw error }
    }

    public func stop() { shared.withLock { $0.stopped = true } }

    public func update(sensors: [SensorDescriptor]) {
        shared.withLock {
            $0.sensors = sensors
            $0.sensorsChanged = true
        }
    }

    public func statuses() -> [SensorStatus] {
        shared.withLock { state in state.sensors.compactMap { state.statuses[$0.address] } }
    }

    // MARK: - Used by the loop on the bus thread

    fileprivate var isStopped: Bool { shared.withLock { $0.stopped } }

    fileprivate func takeSensorsIfChanged() -> [SensorDescriptor]? {
        shared.withLock {
            guard $0.sensorsChanged else { return nil }
            $0.sensorsChanged = false
            return $0.sensors
        }
    }

    fileprivate var sensors: [SensorDescriptor] { shared.withLock { $0.sensors } }

    fileprivate func setStatus(_ address: String, _ change: (inout SensorStatus) -> Void, descriptor: SensorDescriptor) {
        shared.withLock {
            var status = $0.statuses[address] ?? SensorStatus(descriptor: descriptor, name: descriptor.name, state: "searching",
                                                              connected: false, services: [])
            status.descriptor = descriptor
            change(&status)
            $0.statuses[address] = status
        }
    }

    fileprivate func deliver(_ descriptor: SensorDescriptor, _ metrics: SensorMetrics) { onReading(descriptor, metrics) }
}

/// The bus thread's state: one slot per sensor.
private struct LinkLoop {
    let bluez: BlueZ
    unowned let link: SensorLink

    enum Phase { case waiting(until: ContinuousClock.Instant), connected(subscribed: Bool, since: ContinuousClock.Instant) }

    final class Slot {
        var descriptor: SensorDescriptor
        var phase: Phase = .waiting(until: .now)
        var backoff = ReconnectBackoff()
        var devicePath: String?
        var streams: [String: (GATTCharacteristic, SensorStream)] = [:]
        init(_ descriptor: SensorDescriptor) { self.descriptor = descriptor }
    }

    var slots: [Slot] = []
    var objects: [String: [String: [String: DBusValue]]] = [:]
    var discovering: String?
    let events = EventBox()

    final class EventBox { var signals: [DBusSignal] = [] }

    init(bluez: BlueZ, link: SensorLink) {
        self.bluez = bluez
        self.link = link
        slots = link.sensors.map(Slot.init)
    }

    mutating func run() {
        let box = events
        do { try bluez.subscribe { box.signals.append($0) } } catch {
            for slot in slots { status(slot) { $0.state = "failed: \(error)" } }
            return
        }
        refresh()
        while !link.isStopped {
            if let sensors = link.takeSensorsIfChanged() {
                let kept = slots.filter { slot in sensors.contains { $0.address == slot.descriptor.address } }
                slots = sensors.map { descriptor in
                    let slot = kept.first { $0.descriptor.address == descriptor.address } ?? Slot(descriptor)
                    slot.descriptor = descriptor
                    return slot
                }
            }
            for slot in slots { step(slot) }
            if slots.allSatisfy({ $0.devicePath != nil }), let adapter = discovering {
                try? bluez.stopDiscovery(adapter: adapter)
                discovering = nil
            }
            do { try bluez.connection.process(timeout: .milliseconds(200)) } catch {
                for slot in slots { status(slot) { $0.state = "failed: \(error)"; $0.connected = false } }
                return
            }
            let signals = box.signals
            box.signals.removeAll()
            for signal in signals { handle(signal) }
        }
    }

    mutating func refresh() {
        if let fresh = try? bluez.managedObjects() { objects = fresh }
    }

    mutating func step(_ slot: Slot) {
        let now = ContinuousClock.now
        switch slot.phase {
        case .waiting(let until):
            guard now >= until else { return }
            refresh()
            guard let device = bluez.devices(in: objects).first(where: { $0.address == slot.descriptor.address }) else {
                slot.devicePath = nil
                // Not known to BlueZ yet: look for it (discovery stays on until every sensor is found).
                if discovering == nil, let adapter = bluez.adapters(in: objects).first {
                    do { try bluez.startDiscovery(adapter: adapter); discovering = adapter } catch {}
                }
                retry(slot, state: "searching")
                return
            }
            slot.devicePath = device.path
            status(slot) { $0.name = device.name ?? $0.name; $0.services = device.services; $0.state = "connecting" }
            do {
                if !device.connected { try bluez.connect(device: device.path) }
                slot.phase = .connected(subscribed: false, since: now)
            } catch {
                retry(slot, state: "waiting to reconnect (\(error))")
            }
        case .connected(false, let since):
            refresh()
            guard let path = slot.devicePath else { return }
            let characteristics = bluez.characteristics(of: path, in: objects)
            let measurements = characteristics.filter { $0.characteristic != .batteryLevel }
            guard !measurements.isEmpty else {
                // Services not resolved yet; a device that never offers any is retried later.
                if now - since > .seconds(20) { retry(slot, state: "no fitness service found") }
                return
            }
            do {
                for (charPath, characteristic) in measurements {
                    if slot.streams[charPath] == nil {
                        slot.streams[charPath] = (characteristic, SensorStream(wheelCircumference: slot.descriptor.wheelCircumference ?? SensorStream.defaultWheelCircumference))
                    }
                    try bluez.startNotify(characteristic: charPath)
                }
                for (charPath, _) in characteristics where characteristics.contains(where: { $0.path == charPath && $0.characteristic == .batteryLevel }) {
                    if let value = try? bluez.readValue(characteristic: charPath), let level = try? BatteryLevel(decoding: value) {
                        status(slot) { $0.batteryLevel = level.percent }
                    }
                    slot.streams[charPath] = (.batteryLevel, SensorStream())
                }
                slot.phase = .connected(subscribed: true, since: since)
                slot.backoff.reset()
                let battery = bluez.devices(in: objects).first { $0.path == path }?.batteryPercentage
                status(slot) { $0.state = "connected"; $0.connected = true; if let battery { $0.batteryLevel = battery } }
            } catch {
                retry(slot, state: "waiting to reconnect (\(error))")
            }
        case .connected(true, _):
            return
        }
    }

    func retry(_ slot: Slot, state: String) {
        slot.phase = .waiting(until: .now + slot.backoff.nextDelay())
        status(slot) { $0.state = state; $0.connected = false }
    }

    func status(_ slot: Slot, _ change: (inout SensorStatus) -> Void) {
        link.setStatus(slot.descriptor.address, change, descriptor: slot.descriptor)
    }

    mutating func handle(_ signal: DBusSignal) {
        switch signal.member {
        case "InterfacesAdded":
            refresh()
        case "PropertiesChanged":
            guard let interface = signal.arguments.first?.string, let changed = signal.arguments.dropFirst().first?.dictionary else { return }
            switch interface {
            case BlueZ.characteristicInterface:
                guard let value = changed["Value"]?.bytes,
                      let slot = slots.first(where: { $0.streams[signal.path] != nil }),
                      let entry = slot.streams[signal.path] else { return }
                let characteristic = entry.0
                var stream = entry.1
                guard let reading = try? SensorReading.decode(characteristic, value) else { return }
                let metrics = stream.metrics(for: reading)
                slot.streams[signal.path] = (characteristic, stream)
                if let level = metrics.batteryLevel { status(slot) { $0.batteryLevel = level } }
                let kept = slot.descriptor.role.map { $0.filter(metrics) } ?? metrics
                status(slot) { $0.lastReading = Date() }
                link.deliver(slot.descriptor, kept)
            case BlueZ.deviceInterface:
                guard let slot = slots.first(where: { $0.devicePath == signal.path }) else { return }
                if changed["Connected"]?.bool == false {
                    // Dropped: reconnect after a short wait, longer after each failure.
                    retry(slot, state: "waiting to reconnect (disconnected)")
                }
            case BlueZ.batteryInterface:
                if let slot = slots.first(where: { $0.devicePath == signal.path }), let level = changed["Percentage"]?.int {
                    status(slot) { $0.batteryLevel = level }
                }
            default:
                return
            }
        default:
            return
        }
    }
}
