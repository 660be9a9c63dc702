// The first service: the core GatewayAssembly built before the group runs — the vocabulary, the
// workout manager with its clock, the store and crash recovery — which every other service is
// handed. First to start, so last to stop: the manager ends (its journal flushed) only once
// nothing is left that could send it a command.

import CoachCore
import CoachGateway

extension Services {
    struct Core: GatewayService {
        let name = "core"
        let required = true
        let gateway: Gateway
        let heartRateZones: HeartRateZones?

        func start() async {
            await gateway.displays.feed.setHeartRateZones(heartRateZones)
        }

        func stop() async {
            await gateway.manager.shutdown()
        }
    }
}
