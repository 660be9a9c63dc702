// GatewayApp: the one place a gateway is put together for a user — `coach serve`, the REPL's own
// gateway and CoachTesting's alike. The settings file is applied here and only here (auto-pause,
// milestone unit, heart-rate zones, sensors, speech, the browser display, MQTT, a class, Wyoming,
// lock.follow), so a setting added later reaches every gateway at once; the callers say only what
// kind of gateway they want (GatewayRequest). GatewayAssembly (CoachGateway) builds the core; each
// other part is a service (Services/) listed only when configured, in the order below, and run by
// a ServiceGroup, which starts them in that order and stops them in the reverse one
// (docs/architecture.md, "Services").

import CoachCore
import CoachGateway
import CoachSettings
import Logging

/// The gateway's services (one file each in Services/).
enum Services {}

public enum GatewayApp {
    /// Claims the socket, builds the core, starts the configured services in order. Throws when
    /// the socket is taken (GatewayStartError), the core cannot be built, or a required service
    /// does not start (GatewayServiceFailure, logged already; what had started is stopped).
    public static func start(_ request: GatewayRequest, settings: GatewaySettings,
                             logger: Logger = GatewayLogHandler.logger()) async throws -> RunningGateway {
        let claim = try request.socket.map(SocketClaim.claim)
        let hosted = try await GatewayAssembly.start(configuration(request, settings: settings))
        let gateway = hosted.gateway
        let socket = claim.map { Services.Socket(gateway: gateway, claim: $0, idleExit: request.idleExit) }
        let web = Services.Web(request, settings: settings, gateway: gateway, logger: logger)
        let wyoming = Services.Wyoming(request, settings: settings, gateway: gateway)
        let mqtt = Services.HomeAssistant(request, settings: settings, gateway: gateway, logger: logger)
        let ride = Services.ClassRide(request, settings: settings, gateway: gateway, logger: logger)
        let services: [(any GatewayService)?] = [
            Services.Core(gateway: gateway, heartRateZones: settings.heartRateZones),
            socket,
            Services.PowerZoneFollowing(gateway: gateway, settings: settings.settings, store: hosted.store),
            web,
            wyoming,
            mqtt,
            ride,
            Services.Speech(request, settings: settings, gateway: gateway, logger: logger),
            Services.Sensors(request, settings: settings, gateway: gateway),
            Services.LockFollow(request, settings: settings, gateway: gateway, logger: logger),
        ]
        let group = GatewayServiceGroup(services.compactMap { $0 }, stopOnSignals: request.stopsOnSignals, logger: logger)
        try await group.started()
        return RunningGateway(hosted: hosted, group: group, socket: socket, web: web, wyoming: wyoming, mqtt: mqtt, ride: ride)
    }

    /// What the core takes from the request and the settings.
    static func configuration(_ request: GatewayRequest, settings: GatewaySettings) -> GatewayConfiguration {
        var configuration = GatewayConfiguration()
        configuration.countdown = request.countdown
        configuration.guest = request.guest
        configuration.virtualClock = request.virtualClock
        configuration.clockFile = request.clockFile
        configuration.storePath = request.storePath
        configuration.stateDirectory = request.stateDirectory
        configuration.plansDirectory = request.plansDirectory
        configuration.autoPause = settings.autoPause
        configuration.milestoneUnit = settings.settings.milestoneUnit
        configuration.heartRateZones = settings.heartRateZones
        configuration.energyProfile = settings.energyProfile
        configuration.reports = settings.settings.reports
        return configuration
    }
}
