// ReplTransport: what differs beneath the REPL's one path (ReplBackend) between its gateways — how a
// connection is opened (in process, or over the socket), and what only one kind has: a hosted
// gateway's virtual clock, its warning before leaving and its shutdown; a socket's loss.
// ReplTransport+Embedded and ReplTransport+Socket make the two.

import CoachWire
import CoachCore
import CoachLanguage

struct ReplTransport: Sendable {
    /// The banner's second half: "gateway embedded, listening on …" or "connected to the gateway at …".
    var modeDescription: String
    /// Opens a connection to the gateway: a new session, a new conversation.
    var connect: @Sendable () throws(GatewayClientError) -> any GatewayConnection
    /// Where the follow-up question's option names come from (the gateway's own when it is here).
    var catalog: ResponseCatalog = .builtIn
    /// Yields once if the gateway goes away (client mode); finishes for an embedded one.
    var lost: AsyncStream<String> = AsyncStream { $0.finish() }
    /// What a reply says when the gateway is gone.
    var lostMessage = "the gateway stopped"
    /// A connection failed in a way that means the gateway is gone.
    var connectionLost: @Sendable () -> Void = {}
    /// The REPL is leaving: the connections' ends that follow are its own doing.
    var leaving: @Sendable () -> Void = {}
    var wait: @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }
    var leaveWarning: @Sendable (Language) async -> String? = { _ in nil }
    /// After every connection is closed: stops the gateway if this process hosts it.
    var shutdown: @Sendable () async -> Void = {}

    /// A connection for requests: opened, and named as `coach --as NAME` asks (this REPL or
    /// script then speaks for that client).
    func open() async throws(GatewayClientError) -> any GatewayConnection {
        let connection = try connect()
        if let name = ClientName.current {
            do {
                _ = try await connection.call("hello", ["client": .string(name)], as: HelloResult.self)
            } catch {
                connection.close()
                throw error
            }
        }
        return connection
    }
}
