// RunningGateway: a gateway as GatewayApp started it — the gateway itself, what the start found
// (a recovered workout, a store problem), the services that run and what they listen on, for the
// caller to say; `shutdown()` stops it as SIGTERM does, `waitUntilStopped()` waits for that.

import CoachCore
import CoachGateway
import CoachMQTT
import CoachWeb
import CoachWyoming

public final class RunningGateway: Sendable {
    public let gateway: Gateway
    /// The workout recovered from the journal after a crash, if there was one.
    public let recovered: WorkoutSnapshot?
    /// A problem with the store, to report (the gateway runs anyway).
    public let storeProblem: String?
    /// Whether finished workouts are kept (a store is open).
    public let keepsWorkouts: Bool
    private let group: GatewayServiceGroup
    private let socket: Services.Socket?
    private let web: Services.Web?
    private let wyomingService: Services.Wyoming?
    private let mqtt: Services.HomeAssistant?
    private let ride: Services.ClassRide?

    init(hosted: HostedGateway, group: GatewayServiceGroup, socket: Services.Socket?, web: Services.Web?,
         wyoming: Services.Wyoming?, mqtt: Services.HomeAssistant?, ride: Services.ClassRide?) {
        gateway = hosted.gateway
        recovered = hosted.recovered
        storeProblem = hosted.storeProblem
        keepsWorkouts = hosted.store != nil
        self.group = group
        self.socket = socket
        self.web = web
        wyomingService = wyoming
        self.mqtt = mqtt
        self.ride = ride
    }

    /// The configured services, in the order they started ("core", "socket", "power-zones", …).
    public var services: [String] { group.names }
    public var server: GatewayServer? { socket?.server }
    /// The browser display, when it listens (docs/web.md).
    public var webDisplay: WebDisplay? { web?.display }
    /// The Wyoming service for Home Assistant's Assist (docs/integrations/wyoming.md).
    public var wyoming: WyomingService? { wyomingService?.service }
    /// Home Assistant's device and the class's rider, each once its broker is being published to.
    public var publishers: [MQTTBridge] {
        ((mqtt?.bridges ?? []) + [ride?.bridge].compactMap { $0 }).filter { $0.configuration.purpose == .publish }
    }

    /// Stops every service, last-first (the manager last: its journal flushed); returns once all have.
    public func shutdown() async {
        await group.shutdown()
    }

    /// Returns once the gateway has stopped: SIGTERM/SIGINT/SIGHUP (with `stopsOnSignals`),
    /// `coach shutdown`, the idle exit, or `shutdown()`.
    public func waitUntilStopped() async throws {
        try await group.stopped()
    }
}
