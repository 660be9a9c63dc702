// Riding in a class (docs/class.md): with a class named (`--class`, setting `class.name`), the
// gateway also publishes its workout under `coach/class/<class>/<rider>/` on the class's broker,
// as the named client `class` — metrics only as far as the user allowed `class` to read them — and
// runs the instructor's class-wide commands through its own RequestRouter. Like Home Assistant's
// bridge it never stops the gateway: a missing libmosquitto or a bad URL is one line in the log.

import CoachGateway
import CoachMQTT
import CoachSettings
import Logging
import Synchronization

extension Services {
    final class ClassRide: GatewayService {
        let name = "class"
        private let gateway: Gateway
        private let className: String
        private let rider: String
        private let url: String?
        private let settings: GatewaySettings
        private let logger: Logger
        private let running = Mutex<MQTTBridge?>(nil)

        /// nil when no class is named.
        init?(_ request: GatewayRequest, settings: GatewaySettings, gateway: Gateway, logger: Logger) {
            let section = settings.settings.class
            guard !request.virtualClock, let className = request.className ?? section.name else { return nil }
            self.className = className
            rider = request.riderName ?? section.rider ?? Self.defaultRider(hostName: HostName.current())
            url = request.classURL ?? section.url ?? request.mqttURL ?? settings.settings.mqtt.url
            self.gateway = gateway
            self.settings = settings
            self.logger = logger
        }

        var bridge: MQTTBridge? { running.withLock { $0 } }

        func start() async throws {
            guard let url else {
                throw StartProblem("class: no broker: give --class-broker URL or set class.url (or mqtt.url) — continuing without the class")
            }
            let endpoint: MQTTEndpoint
            do { endpoint = try MQTTEndpoint(url: url, caFile: settings.settings.mqtt.caFile) } catch {
                throw StartProblem("class: \(error) — continuing without the class")
            }
            var configuration = MQTTBridge.Configuration(endpoint: endpoint,
                                                         device: HomeAssistantDevice(topics: MQTTTopics(rider: rider, inClass: className)))
            configuration.units = settings.settings.milestoneUnit
            let logger = logger
            do {
                let bridge = try await MQTTBridge.start(gateway: gateway, configuration: configuration, note: { logger.warning("\($0)") })
                running.withLock { $0 = bridge }
            } catch {
                throw StartProblem("class: \(error) — continuing without the class")
            }
            if !MQTTBridge.mayRead(MQTTBridge.metricTypes, gateway: gateway, identity: configuration.identity) {
                let advice = "class: the board shows your heart rate, power and the other metrics as unavailable until you allow them: "
                    + "coach permissions grant class --read all"
                logger.warning("\(advice)")
            }
        }

        func stop() async {
            await bridge?.stop()
        }

        /// The host name's first label, cut to a topic name: two bikes get two riders without a setting.
        static func defaultRider(hostName: String) -> String {
            let host = hostName.split(separator: ".").first.map(String.init) ?? hostName
            let cleaned = String(host.prefix(64).map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") ? $0 : "_" })
            return cleaned.isEmpty ? "rider" : cleaned
        }
    }
}
