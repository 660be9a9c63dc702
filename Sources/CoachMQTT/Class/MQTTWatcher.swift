// MQTTWatcher: a read-only connection for a class board (docs/class.md). The same MQTTConnection
// thread and MQTTSession as the gateway's bridge (purpose `watch`): reconnects with backoff,
// subscribes again after each connection (so the retained states come again), and hands every
// message over as it arrives. Nothing here waits on the broker.

import CoachCore
import CoachNative
import Foundation

public final class MQTTWatcher: Sendable {
    private let connection: MQTTConnection
    /// Every message on the filters, in arrival order; finishes after `stop()`.
    public let messages: AsyncStream<MQTTDelivery>

    private init(connection: MQTTConnection, messages: AsyncStream<MQTTDelivery>) {
        self.connection = connection
        self.messages = messages
    }

    /// Subscribes to `filters` on `endpoint` until `stop()`; throws only when libmosquitto cannot
    /// be loaded (the error names the package). `clock` stamps the session's retries.
    /// `then` is published once, after the first subscription (an instructor's command).
    public static func start(endpoint: MQTTEndpoint, filters: [String], then: [MQTTMessage] = [], clientName: String,
                             clock: any WorkoutClock = SystemWorkoutClock(),
                             note: @escaping @Sendable (String) -> Void) throws(NativeLibraryError) -> MQTTWatcher {
        let library = try Mosquitto.load()
        // A board's messages are small and it reads them as they come; a slow terminal should not
        // grow memory without bound, and the newest states are the ones worth showing.
        let (messages, continuation) = AsyncStream.makeStream(of: MQTTDelivery.self, bufferingPolicy: .bufferingNewest(4096))
        let device = HomeAssistantDevice(topics: MQTTTopics(nodeID: clientName))
        var configuration = MQTTSession.Configuration(device: device, purpose: .watch(filters, then: then), brokerName: endpoint.display)
        configuration.seed = UInt64(truncatingIfNeeded: clientName.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) })
        let connection = MQTTConnection(library: library, endpoint: endpoint, session: MQTTSession(configuration: configuration),
                                        clientID: clientName, now: { clock.now().monotonic }, commands: nil,
                                        deliveries: continuation, note: note, ended: { _ in })
        connection.start()
        return MQTTWatcher(connection: connection, messages: messages)
    }

    public func stop() async { await connection.stop() }
}
