// GatewayRoot's class part (docs/class.md): with a class named (`--class`, setting `class.name`),
// the gateway also publishes its workout under `coach/class/<class>/<rider>/` on the class's broker,
// as the named client `class` — metrics only as far as the user allowed `class` to read them — and
// runs the instructor's class-wide commands through its own RequestRouter. Like Home Assistant's
// bridge it can never stop the gateway: a missing libmosquitto or a bad URL is a line on stderr.

import CoachGateway
import CoachMQTT
import CoachSettings

extension GatewayRoot {
    static func startClass(_ request: GatewayRequest, settings: GatewaySettings, gateway: Gateway) async -> [MQTTBridge] {
        let section = settings.settings.class
        guard !request.virtualClock, let className = request.className ?? section.name else { return [] }
        let note: @Sendable (String) -> Void = { OneShot.printError($0) }
        let rider = request.riderName ?? section.rider ?? defaultRider(hostName: hostName())
        guard let url = request.classURL ?? section.url ?? request.mqttURL ?? settings.settings.mqtt.url else {
            note("class: no broker: give --class-broker URL or set class.url (or mqtt.url) — continuing without the class")
            return []
        }
        let endpoint: MQTTEndpoint
        do { endpoint = try MQTTEndpoint(url: url, caFile: settings.settings.mqtt.caFile) } catch {
            note("class: \(error) — continuing without the class")
            return []
        }
        var configuration = MQTTBridge.Configuration(endpoint: endpoint,
                                                     device: HomeAssistantDevice(topics: MQTTTopics(rider: rider, inClass: className)))
        configuration.units = settings.settings.milestoneUnit
        let bridge: MQTTBridge
        do { bridge = try await MQTTBridge.start(gateway: gateway, configuration: configuration, note: note) } catch {
            note("class: \(error) — continuing without the class")
            return []
        }
        if !MQTTBridge.mayRead(MQTTBridge.metricTypes, gateway: gateway, identity: configuration.identity) {
            note("class: the board shows your heart rate, power and the other metrics as unavailable until you allow them: "
                 + "coach permissions grant class --read all")
        }
        return [bridge]
    }

    /// The host name's first label, cut to a topic name: two bikes get two riders without a setting.
    static func defaultRider(hostName: String) -> String {
        let host = hostName.split(separator: ".").first.map(String.init) ?? hostName
        let cleaned = String(host.prefix(64).map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "_" })
        return cleaned.isEmpty ? "rider" : cleaned
    }
}
