// The browser display (docs/web.md), fed by the gateway's FeedPump like tmux: there when `--http`
// or `http.listen` says where. One the command line asked for must listen or the start fails; one
// from the settings that cannot is one line in the log and the gateway runs without it.

import CoachGateway
import CoachSettings
import CoachWeb
import Logging
import Synchronization

extension Services {
    final class Web: GatewayService {
        let name = "web"
        let required: Bool
        private let gateway: Gateway
        private let listen: String
        private let allowPublic: Bool
        private let settings: GatewaySettings
        private let logger: Logger
        private let running = Mutex<WebDisplay?>(nil)

        /// nil when neither the command line nor the settings name an address.
        init?(_ request: GatewayRequest, settings: GatewaySettings, gateway: Gateway, logger: Logger) {
            guard !request.virtualClock, let listen = request.httpListen ?? settings.settings.http.listen else { return nil }
            required = request.httpListen != nil
            self.listen = listen
            allowPublic = request.httpPublic || settings.settings.http.isPublic
            self.gateway = gateway
            self.settings = settings
            self.logger = logger
        }

        var display: WebDisplay? { running.withLock { $0 } }

        func start() async throws {
            do {
                guard let address = ListenAddress(listen) else {
                    throw WebDisplayError.bind(ListenAddress(host: listen, port: 0), "not an address such as 127.0.0.1:8787")
                }
                let http = settings.settings.http
                var configuration = WebConfiguration(address: address)
                configuration.allowPublic = allowPublic
                configuration.commands = http.commands
                configuration.maximumStreams = http.maxClients
                configuration.heartbeat = .milliseconds(Int64(http.heartbeat * 1000))
                configuration.tokenPath = TokenFile.defaultPath(environment: settings.environment)
                let logger = logger
                let display = try await WebDisplay.start(gateway: gateway, configuration: configuration, note: { logger.warning("\($0)") })
                running.withLock { $0 = display }
            } catch {
                if required { throw error }
                throw StartProblem("\(error) — continuing without the browser display")
            }
        }

        func stop() async {
            await display?.close()
        }
    }
}
