// Assist's intent and handle service (docs/integrations/wyoming.md): there when `--wyoming` or
// `wyoming.listen` says where. Asked on the command line it must listen or the start fails; from
// the settings, a problem is one line in the log and the gateway runs without it.

import CoachGateway
import CoachSettings
import CoachWyoming
import Synchronization

extension Services {
    final class Wyoming: GatewayService {
        let name = "wyoming"
        let required: Bool
        private let gateway: Gateway
        /// What the settings say, when they say it (checked at the start, where a problem is logged).
        private let listen: String?
        private let address: (host: String, port: Int)?
        private let running = Mutex<WyomingService?>(nil)

        /// nil when neither the command line nor the settings name an address.
        init?(_ request: GatewayRequest, settings: GatewaySettings, gateway: Gateway) {
            self.gateway = gateway
            if let asked = request.wyoming {
                required = true
                address = asked
                listen = nil
                return
            }
            guard !request.virtualClock, let listen = settings.settings.wyoming.listen else { return nil }
            required = false
            address = WyomingService.address(listen)
            self.listen = listen
        }

        var service: WyomingService? { running.withLock { $0 } }

        func start() async throws {
            guard let address else {
                throw StartProblem("wyoming.listen: '\(listen ?? "")' is not tcp://HOST:PORT — continuing without the Wyoming service")
            }
            do {
                let service = try await WyomingService.start(gateway: gateway, host: address.host, port: address.port)
                running.withLock { $0 = service }
            } catch {
                if required { throw error }
                throw StartProblem("wyoming: cannot listen on \(listen ?? "") (\(error)) — continuing without the Wyoming service")
            }
        }

        func stop() async {
            await service?.close()
        }
    }
}
