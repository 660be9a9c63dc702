// MQTTBridge: the gateway on an MQTT broker, as Home Assistant sees it (docs/integrations/
// home-assistant.md). A display like tmux — it follows FeedPump.contents(), redacted already while
// locked — and a channel like the socket: a command from the broker is one request through the
// gateway's RequestRouter as the named client `mqtt`, whose read permissions decide which metrics
// leave the machine. All broker I/O happens on MQTTConnection's own thread; nothing here waits on it.
// A class rider (docs/class.md) is the same bridge on the class's topics, as the named client `class`:
// a gym's broker is not the user's home, so it has its own grant.

import CoachCore
import CoachGateway
import CoachNative
import CoachWire
import Synchronization

public final class MQTTBridge: Sendable {
    public struct Configuration: Sendable {
        public var endpoint: MQTTEndpoint
        public var device: HomeAssistantDevice
        public var purpose: MQTTSession.Purpose = .publish
        /// The pace's distance (settings: `units`).
        public var units: DistanceUnit = .kilometers
        /// Tests shorten these; the defaults are the session's.
        public var backoff = MQTTBackoff.Policy()
        public var throttleInterval: Duration = .seconds(1)
        /// The client the permission model knows this bridge as: `mqtt`, or `class` for a rider.
        public var clientName: String

        public init(endpoint: MQTTEndpoint, device: HomeAssistantDevice) {
            self.endpoint = endpoint
            self.device = device
            clientName = device.topics.isClassRider ? MQTTBridge.classClientName : MQTTBridge.clientName
        }

        public var identity: ClientIdentity { .named(clientName, version: CoachVersion.current) }

        var session: MQTTSession {
            var configuration = MQTTSession.Configuration(device: device, purpose: purpose, brokerName: endpoint.display)
            configuration.backoff = backoff
            configuration.throttleInterval = throttleInterval
            if device.topics.isClassRider { configuration.heartbeat = MQTTBridge.classHeartbeat }
            // Different gateways should not retry in step: the node id seeds the jitter.
            configuration.seed = UInt64(truncatingIfNeeded: device.topics.nodeID.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) })
            return MQTTSession(configuration: configuration)
        }
    }

    /// The name the permission model knows the bridge by (`coach permissions grant mqtt --read all`).
    public static let clientName = "mqtt"
    public static var identity: ClientIdentity { .named(clientName, version: CoachVersion.current) }
    /// A class rider's name in the permission model (`coach permissions grant class --read all`).
    public static let classClientName = "class"
    /// How often a class rider repeats an unchanged state: a board greys a rider after 10 s of silence.
    public static let classHeartbeat: Duration = .seconds(4)

    public let configuration: Configuration
    private let connection: MQTTConnection
    private let tasks: Mutex<[Task<Void, Never>]>

    private init(configuration: Configuration, connection: MQTTConnection, tasks: [Task<Void, Never>]) {
        self.configuration = configuration
        self.connection = connection
        self.tasks = Mutex(tasks)
    }

    /// Publishes `gateway` to the broker until `stop()`. Throws only when libmosquitto cannot be
    /// loaded (the error names the package); an unreachable broker is retried in the background.
    public static func start(gateway: Gateway, configuration: Configuration,
                             note: @escaping @Sendable (String) -> Void) async throws(NativeLibraryError) -> MQTTBridge {
        let library = try Mosquitto.load()
        let (commands, continuation) = AsyncStream.makeStream(of: MQTTCommand.self, bufferingPolicy: .bufferingOldest(256))
        let clock = gateway.clock
        let connection = MQTTConnection(library: library, endpoint: configuration.endpoint, session: configuration.session,
                                        clientID: clientID(configuration), now: { clock.now().monotonic }, commands: continuation,
                                        note: note, ended: { _ in })
        let contents = await gateway.displays.feed.contents()
        let permissions = gateway.permissions
        let units = configuration.units
        let identity = configuration.identity
        let follow = Task {
            for await content in contents {
                // Decided per content, so a grant shows by the next change (each second while running).
                let scope = try? permissions.readScope(for: identity, locked: false)
                connection.post(HomeAssistantState(content: content, readable: { scope?.allows($0, sourceName: nil) ?? false }, unit: units))
            }
        }
        let answer = Task { await answerCommands(commands, gateway: gateway, connection: connection, identity: identity) }
        connection.start()
        return MQTTBridge(configuration: configuration, connection: connection, tasks: [follow, answer])
    }

    /// Publishes only what it is handed (`post`), with no gateway behind it: `coach class simulate`'s
    /// riders. Commands to it go unanswered: a made-up rider has nothing to pause.
    public static func publisher(configuration: Configuration, clock: any WorkoutClock = SystemWorkoutClock(),
                                 note: @escaping @Sendable (String) -> Void) throws(NativeLibraryError) -> MQTTBridge {
        let library = try Mosquitto.load()
        let connection = MQTTConnection(library: library, endpoint: configuration.endpoint, session: configuration.session,
                                        clientID: clientID(configuration), now: { clock.now().monotonic }, commands: nil,
                                        note: note, ended: { _ in })
        connection.start()
        return MQTTBridge(configuration: configuration, connection: connection, tasks: [])
    }

    /// The next state, for a `publisher`.
    public func post(_ state: HomeAssistantState) { connection.post(state) }

    /// Takes a device off the broker (empty retained config: Home Assistant removes it) in the
    /// background; `removed` is called with whether it got through before `stop()`.
    public static func remove(configuration: Configuration, clock: any WorkoutClock, note: @escaping @Sendable (String) -> Void,
                              removed: @escaping @Sendable (Bool) -> Void) throws(NativeLibraryError) -> MQTTBridge {
        let library = try Mosquitto.load()
        var configuration = configuration
        configuration.purpose = .remove
        let connection = MQTTConnection(library: library, endpoint: configuration.endpoint, session: configuration.session,
                                        clientID: clientID(configuration), now: { clock.now().monotonic }, commands: nil,
                                        note: note, ended: removed)
        connection.start()
        return MQTTBridge(configuration: configuration, connection: connection, tasks: [])
    }

    /// Says `offline`, disconnects cleanly and stops following the feed; waits a few seconds at most.
    public func stop() async {
        for task in tasks.withLock({ $0 }) { task.cancel() }
        await connection.stop()
    }

    public var isFinished: Bool { connection.isFinished }

    /// Whether the `mqtt` client (or `identity`) may read every one of `types` (the user granted them).
    public static func mayRead(_ types: [AuthorizationType], gateway: Gateway, identity: ClientIdentity = identity) -> Bool {
        guard let scope = try? gateway.permissions.readScope(for: identity, locked: false) else { return false }
        return types.allSatisfy { scope.allows($0, sourceName: nil) }
    }

    /// The types the metric sensors reveal.
    public static var metricTypes: [AuthorizationType] { Array(Set(HomeAssistantState.governingType.values)).sorted() }

    /// One client id per gateway and purpose: a broker drops the older of two equal ids.
    static func clientID(_ configuration: Configuration) -> String {
        let topics = configuration.device.topics
        let name = topics.classID.map { "class-\($0)-" + topics.nodeID } ?? topics.nodeID
        return "coach-" + name + (configuration.purpose == .remove ? "-remove" : "")
    }

    /// One command at a time, in the order they came: a quick pause-resume stays in that order.
    private static func answerCommands(_ commands: AsyncStream<MQTTCommand>, gateway: Gateway, connection: MQTTConnection,
                                       identity: ClientIdentity) async {
        let router = RequestRouter(gateway: gateway)
        let session = ConnectionSession()
        session.identify(as: identity)
        for await command in commands {
            switch command.request {
            case .failure(let refusal):
                connection.post(answer: MQTTCommandResult(command: command.text, code: "failure", message: refusal.message))
            case .success(let line):
                let reply = await router.reply(to: line, session: session)
                // A failure's words say why ("no workout is running"); a success's may word figures
                // ("Lap 2: 1.0 km"), which only a client that may read everything is told.
                connection.post(answer: MQTTCommandResult(command: command, reply: reply,
                                                          successMessage: !gateway.displays.isLocked
                                                              && mayRead(AuthorizationType.allCases, gateway: gateway, identity: identity)))
            }
        }
    }
}
