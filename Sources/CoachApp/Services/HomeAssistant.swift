// Home Assistant over MQTT (docs/integrations/home-assistant.md): the device the settings or
// `--mqtt` name goes on its broker, fed by the gateway's FeedPump like tmux; a device that MQTT no
// longer names (the URL deleted, `enabled: false`, another broker or node id) is taken off Home
// Assistant in the background. There when either has work to do. It never stops the gateway: a
// missing libmosquitto or a bad URL is one line naming what to do, and an unreachable broker is
// retried by the bridge.

import CoachCore
import CoachGateway
import CoachMQTT
import CoachSettings
import Foundation
import Logging
import Synchronization

extension Services {
    final class HomeAssistant: GatewayService {
        let name = "mqtt"
        private let gateway: Gateway
        private let settings: GatewaySettings
        private let stateDirectory: String
        private let plan: MQTTPlan
        private let logger: Logger
        /// The device published, and one being removed.
        private let running = Mutex<[MQTTBridge]>([])

        /// nil when MQTT has nothing to publish and nothing to remove.
        init?(_ request: GatewayRequest, settings: GatewaySettings, gateway: Gateway, logger: Logger) {
            guard !request.virtualClock, let stateDirectory = gateway.state?.directory else { return nil }
            let mqtt = settings.settings.mqtt
            let wanted = (request.mqttURL ?? (mqtt.enabled ? mqtt.url : nil)).map { url in
                MQTTRememberedDevice(url: url, caFile: mqtt.caFile, prefix: mqtt.prefix,
                                     nodeID: mqtt.nodeID ?? MQTTTopics.defaultNodeID(hostName: HostName.current()))
            }
            plan = MQTTPlan(wanted: wanted, remembered: MQTTRememberedDevice.read(stateDirectory: stateDirectory))
            guard plan.remove != nil || plan.publish != nil else { return nil }
            self.gateway = gateway
            self.settings = settings
            self.stateDirectory = stateDirectory
            self.logger = logger
        }

        var bridges: [MQTTBridge] { running.withLock { $0 } }

        func start() async throws {
            let logger = logger
            let note: @Sendable (String) -> Void = { logger.warning("\($0)") }
            if let old = plan.remove {
                do {
                    let forget = plan.remember == nil, stateDirectory = stateDirectory
                    let removal = try MQTTBridge.remove(configuration: try configuration(old), clock: gateway.clock, note: note, removed: { done in
                        if done, forget { MQTTRememberedDevice.forget(stateDirectory: stateDirectory) }
                    })
                    running.withLock { $0.append(removal) }
                } catch let problem as StartProblem {
                    note(problem.description)
                } catch {
                    note("mqtt: cannot remove the device \(old.nodeID) from Home Assistant: \(error)")
                }
            }
            guard let device = plan.publish else { return }
            let configuration = try configuration(device)
            do {
                let bridge = try await MQTTBridge.start(gateway: gateway, configuration: configuration, note: note)
                running.withLock { $0.append(bridge) }
            } catch {
                throw StartProblem("mqtt: \(error) — continuing without MQTT")
            }
            plan.remember?.write(stateDirectory: stateDirectory)
            if !MQTTBridge.mayRead(MQTTBridge.metricTypes, gateway: gateway) {
                note("mqtt: Home Assistant shows heart rate, distance and the other metrics as unavailable until you allow them: "
                     + "coach permissions grant mqtt --read all")
            }
        }

        /// `offline` on the broker while the gateway is still whole (a few seconds at most).
        func stop() async {
            for bridge in bridges { await bridge.stop() }
        }

        /// The bridge's configuration for a device; a bad URL is the problem to log.
        private func configuration(_ device: MQTTRememberedDevice) throws -> MQTTBridge.Configuration {
            let endpoint: MQTTEndpoint
            do { endpoint = try MQTTEndpoint(url: device.url, caFile: device.caFile) } catch {
                throw StartProblem("mqtt.url: \(error) — continuing without MQTT")
            }
            var configuration = MQTTBridge.Configuration(
                endpoint: endpoint,
                device: HomeAssistantDevice(topics: MQTTTopics(prefix: device.prefix, nodeID: device.nodeID), name: settings.settings.mqtt.name,
                                            language: settings.settings.mqtt.language))
            configuration.units = settings.settings.milestoneUnit
            return configuration
        }
    }
}

/// The machine's name, for the default node id (`coach_<host>`) and a class's default rider.
enum HostName {
    static func current() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "coach" }
        return String(nulTerminated: buffer)
    }
}
