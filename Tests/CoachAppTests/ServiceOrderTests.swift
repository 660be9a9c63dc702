// The lifecycle alone, with parts that only say what happens to them: they start in order, each
// after the one before it, and stop in the reverse order; a required part that cannot start is one
// log line, nothing after it starts and what started stops; an optional one is one line and the
// rest start; a part that ends by itself (the socket's idle exit) stops the others.

@testable import CoachApp
import Logging
import ServiceLifecycle
import Synchronization
import Testing

/// What happened to the parts, in order.
final class Events: Sendable {
    private let list = Mutex<[String]>([])
    func add(_ event: String) { list.withLock { $0.append(event) } }
    var all: [String] { list.withLock { $0 } }
}

struct FakePart: GatewayService {
    let name: String
    var required = false
    var fails = false
    /// Serve until this stream ends rather than until graceful shutdown.
    var endsWith: AsyncStream<Void>?
    let events: Events

    func start() async throws {
        events.add("start \(name)")
        if fails { throw StartProblem("\(name) cannot start") }
    }

    func serve() async {
        if let endsWith {
            for await _ in endsWith {}
            return
        }
        try? await gracefulShutdown()
    }

    func stop() async { events.add("stop \(name)") }
}

/// The log lines a group wrote.
final class Lines: Sendable {
    private let list = Mutex<[String]>([])
    var all: [String] { list.withLock { $0 } }
    var logger: Logger { GatewayLogHandler.logger { line, _ in self.list.withLock { $0.append(line) } } }
}

@Suite struct ServiceOrderTests {
    @Test func partsStartInOrderAndStopInReverse() async throws {
        let events = Events(), lines = Lines()
        let parts = ["core", "socket", "web", "mqtt", "speech"].map { FakePart(name: $0, events: events) }
        let group = GatewayServiceGroup(parts, stopOnSignals: false, logger: lines.logger)
        try await group.started()
        #expect(events.all == ["start core", "start socket", "start web", "start mqtt", "start speech"])
        await group.shutdown()
        #expect(events.all.suffix(5) == ["stop speech", "stop mqtt", "stop web", "stop socket", "stop core"])
        #expect(lines.all.isEmpty, "\(lines.all)")
    }

    @Test func aRequiredPartThatCannotStartIsOneLineAndTheStartedOnesStop() async throws {
        let events = Events(), lines = Lines()
        let parts = [FakePart(name: "core", events: events), FakePart(name: "socket", events: events),
                     FakePart(name: "web", required: true, fails: true, events: events), FakePart(name: "speech", events: events)]
        let group = GatewayServiceGroup(parts, stopOnSignals: false, logger: lines.logger)
        await #expect(throws: GatewayServiceFailure.self) { try await group.started() }
        #expect(events.all == ["start core", "start socket", "start web", "stop web", "stop socket", "stop core"],
                "speech never starts; what did stops last-first")
        #expect(lines.all == ["coach: web cannot start"])
    }

    @Test func anOptionalPartThatCannotStartIsOneLineAndTheRestStart() async throws {
        let events = Events(), lines = Lines()
        let parts = [FakePart(name: "core", events: events), FakePart(name: "wyoming", fails: true, events: events),
                     FakePart(name: "sensors", events: events)]
        let group = GatewayServiceGroup(parts, stopOnSignals: false, logger: lines.logger)
        try await group.started()
        #expect(events.all == ["start core", "start wyoming", "start sensors"])
        #expect(lines.all == ["coach: wyoming cannot start"])
        await group.shutdown()
        #expect(events.all.suffix(3) == ["stop sensors", "stop wyoming", "stop core"])
        try await group.stopped()
    }

    @Test func aPartThatEndsByItselfStopsTheOthers() async throws {
        let events = Events(), lines = Lines()
        let (ending, end) = AsyncStream.makeStream(of: Void.self)
        let parts = [FakePart(name: "core", events: events), FakePart(name: "socket", required: true, endsWith: ending, events: events),
                     FakePart(name: "web", events: events)]
        let group = GatewayServiceGroup(parts, stopOnSignals: false, logger: lines.logger)
        try await group.started()
        end.finish()  // as `coach shutdown` or the idle exit closes the socket
        try await group.stopped()
        #expect(events.all == ["start core", "start socket", "start web", "stop socket", "stop web", "stop core"])
        #expect(lines.all.isEmpty, "\(lines.all)")
    }
}
