// OrderedService: a GatewayService as swift-service-lifecycle's Service. The ServiceGroup starts
// every run() at once; this one waits for the service before it to be up, starts its part, says
// how that went (StartSignal), serves until its graceful shutdown and stops the part. The group
// signals graceful shutdown last-first and waits for each, so parts stop in the reverse order of
// their start. A part that cannot start is one log line: a required one then throws (the group
// shuts the others down), an optional one lets the next start and waits for shutdown idle.

import Logging
import ServiceLifecycle

struct OrderedService: Service, CustomStringConvertible {
    let part: any GatewayService
    /// The previous service's signal; nil for the first.
    let after: StartSignal?
    /// This one's.
    let signal: StartSignal
    let logger: Logger

    var description: String { part.name }

    func run() async throws {
        let before: StartSignal.Outcome
        if let after {
            // Graceful shutdown before its turn (a signal during the start) cancels the wait.
            before = await cancelWhenGracefulShutdown { await after.outcome() }
        } else {
            before = .up
        }
        guard before.letsNextStart else {
            signal.resolve(before == .failed ? .failed : .shutDown)
            // Returning before the group asks would count as ending unexpectedly: wait for it.
            try? await gracefulShutdown()
            return
        }
        do {
            try await part.start()
        } catch {
            // A part may have done half its start (Home Assistant: the old device being removed);
            // `stop` undoes what there is, now for a required part, at shutdown for an optional one.
            let reason = "\(error)"
            guard !part.required else {
                logger.error("\(reason)", metadata: ["service": "\(part.name)"])
                signal.resolve(.failed)
                await part.stop()
                throw GatewayServiceFailure(service: part.name, reason: reason)
            }
            logger.warning("\(reason)", metadata: ["service": "\(part.name)"])
            signal.resolve(.skipped)
            try? await gracefulShutdown()
            await part.stop()
            return
        }
        signal.resolve(.up)
        await part.serve()
        await part.stop()
    }
}
