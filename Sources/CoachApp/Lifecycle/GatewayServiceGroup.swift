// GatewayServiceGroup: the configured services, chained in order (each waits for the one before
// it), in one swift-service-lifecycle ServiceGroup that runs on a task of its own. A service that
// ends (the socket closed by itself) or fails shuts the group down gracefully: the others stop in
// the reverse order. SIGTERM, SIGINT and SIGHUP do the same for `coach serve`; the REPL's own
// gateway traps no signal (Ctrl-C belongs to the REPL).

import Logging
import ServiceLifecycle
import UnixSignals

final class GatewayServiceGroup: Sendable {
    /// The services' names, in the order they start.
    let names: [String]
    private let group: ServiceGroup
    private let last: StartSignal?
    private let running: Task<Result<Void, any Error>, Never>

    init(_ services: [any GatewayService], stopOnSignals: Bool, logger: Logger) {
        var previous: StartSignal?
        var signals: [StartSignal] = []
        var configurations: [ServiceGroupConfiguration.ServiceConfiguration] = []
        for part in services {
            let signal = StartSignal()
            let service = OrderedService(part: part, after: previous, signal: signal, logger: logger)
            configurations.append(.init(service: service, successTerminationBehavior: .gracefullyShutdownGroup,
                                        failureTerminationBehavior: .gracefullyShutdownGroup, serviceName: part.name))
            signals.append(signal)
            previous = signal
        }
        let configuration = ServiceGroupConfiguration(
            services: configurations, gracefulShutdownSignals: stopOnSignals ? [.sigterm, .sigint, .sighup] : [], logger: logger)
        let group = ServiceGroup(configuration: configuration)
        names = services.map(\.name)
        last = previous
        self.group = group
        running = Task {
            let result: Result<Void, any Error>
            do { try await group.run(); result = .success(()) } catch { result = .failure(error) }
            // Whatever ended the group, no one waits for a start that will not come.
            for signal in signals { signal.resolve(.shutDown) }
            return result
        }
    }

    /// Returns once every service has started or been skipped. When a required one failed, the
    /// others are stopped first and its failure is thrown.
    func started() async throws {
        guard let last, await last.outcome() == .failed else { return }
        try await stopped()
    }

    /// Waits until every service has stopped; throws what made the group fail, if anything did.
    func stopped() async throws {
        try await running.value.get()
    }

    /// Graceful shutdown, as on SIGTERM: the services stop last-first; returns once all have.
    func shutdown() async {
        await group.triggerGracefulShutdown()
        _ = await running.value
    }
}
