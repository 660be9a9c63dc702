// GatewayService: one part of a gateway with a lifecycle — the socket server, the browser display,
// Home Assistant, speech, … (docs/architecture.md, "Services"). A part says how it starts and how
// it stops; OrderedService runs it inside swift-service-lifecycle's ServiceGroup, after the part
// before it is up, and the group stops the parts in the reverse order. GatewayApp lists only the
// parts that are configured.

import ServiceLifecycle

public protocol GatewayService: Sendable {
    /// Its name in `RunningGateway.services` and the docs ("socket", "web", "mqtt", …).
    var name: String { get }
    /// Whether a failed start fails the whole gateway (the socket; a service asked for on the
    /// command line) rather than leaving it to run without this part (a service from the settings).
    var required: Bool { get }
    /// Binds, connects, loads. What it throws is the one log line its failure gets, so it says
    /// what went wrong and, for an optional part, that the gateway goes on without it.
    func start() async throws
    /// While the part is up: returns when it is to stop — at graceful shutdown, or earlier when it
    /// ended by itself (the socket closed by `coach shutdown` or the idle exit), which stops the rest.
    func serve() async
    /// Undoes `start`.
    func stop() async
}

extension GatewayService {
    public var required: Bool { false }

    public func serve() async {
        // Cancellation (the group cancelled rather than shut down) ends the wait as well.
        try? await gracefulShutdown()
    }
}

/// What a required part's failure makes `GatewayApp.start` throw; the reason is logged already.
public struct GatewayServiceFailure: Error, CustomStringConvertible {
    public let service: String
    public let reason: String

    public var description: String { reason }
}

/// Why an optional part did not start, worded as its log line (what to do, and that the gateway
/// goes on without it).
struct StartProblem: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
