// GatewayRoot's MQTT part (docs/integrations/home-assistant.md): the device the settings or
// `--mqtt` name goes on its broker, fed by the gateway's FeedPump like tmux; a device that MQTT no
// longer names (the URL deleted, `enabled: false`, another broker or node id) is taken off Home
// Assistant in the background. Nothing here can stop the gateway: a missing libmosquitto or a bad
// URL is a line on stderr naming what to do, and an unreachable broker is retried by the bridge.

import CoachCore
import CoachGateway
import CoachMQTT
import CoachSettings
import Foundation

extension GatewayRoot {
    static func startMQTT(_ request: GatewayRequest, settings: GatewaySettings, gateway: Gateway) async -> [MQTTBridge] {
        guard !request.virtualClock, let stateDirectory = gateway.state?.directory else { return [] }
        let mqtt = settings.settings.mqtt
        let wanted = (request.mqttURL ?? (mqtt.enabled ? mqtt.url : nil)).map { url in
            MQTTRememberedDevice(url: url, caFile: mqtt.caFile, prefix: mqtt.prefix,
                                 nodeID: mqtt.nodeID ?? MQTTTopics.defaultNodeID(hostName: hostName()))
        }
        let plan = MQTTPlan(wanted: wanted, remembered: MQTTRememberedDevice.read(stateDirectory: stateDirectory))
        let note: @Sendable (String) -> Void = { OneShot.printError($0) }
        var bridges: [MQTTBridge] = []
        if let old = plan.remove, let configuration = configuration(old, settings: settings) {
            let forget = plan.remember == nil
            do {
                bridges.append(try MQTTBridge.remove(configuration: configuration, clock: gateway.clock, note: note, removed: { done in
                    if done, forget { MQTTRememberedDevice.forget(stateDirectory: stateDirectory) }
                }))
            } catch {
                note("mqtt: cannot remove the device \(old.nodeID) from Home Assistant: \(error)")
            }
        }
        guard let device = plan.publish, let configuration = configuration(device, settings: settings) else { return bridges }
        do {
            bridges.append(try await MQTTBridge.start(gateway: gateway, configuration: configuration, note: note))
        } catch {
            note("mqtt: \(error) — continuing without MQTT")
            return bridges
        }
        plan.remember?.write(stateDirectory: stateDirectory)
        if !MQTTBridge.mayRead(MQTTBridge.metricTypes, gateway: gateway) {
            note("mqtt: Home Assistant shows heart rate, distance and the other metrics as unavailable until you allow them: "
                 + "coach permissions grant mqtt --read all")
        }
        return bridges
    }

    /// The bridge's configuration for a device, or nil after saying what is wrong with its URL.
    private static func configuration(_ device: MQTTRememberedDevice, settings: GatewaySettings) -> MQTTBridge.Configuration? {
        let endpoint: MQTTEndpoint
        do { endpoint = try MQTTEndpoint(url: device.url, caFile: device.caFile) } catch {
            OneShot.printError("mqtt.url: \(error) — continuing without MQTT")
            return nil
        }
        var configuration = MQTTBridge.Configuration(
            endpoint: endpoint,
            device: HomeAssistantDevice(topics: MQTTTopics(prefix: device.prefix, nodeID: device.nodeID), name: settings.settings.mqtt.name))
        configuration.units = settings.settings.milestoneUnit
        return configuration
    }

    /// The machine's name, for the default node id (`coach_<host>`).
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "coach" }
        return String(nulTerminated: buffer)
    }
}
