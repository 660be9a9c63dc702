// MQTTConnection: the one thread that talks to the broker. It owns the libmosquitto client and the
// MQTTSession, polls the client's socket and a wake-up pipe, and performs the session's actions.
// libmosquitto is driven from here only (loop_read/loop_write/loop_misc, never its own thread), so
// a broker that hangs or vanishes stalls this thread at worst, never the gateway: the gateway only
// posts the latest state and command answers into the inbox (a lock held for a copy) and wakes it.
// Each connection attempt gets a fresh client (cheap, and nothing of a half-dead connection carries
// over), its callbacks pointing back here through libmosquitto's `obj`.

import CoachCore
import CoachNative
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

final class MQTTConnection: @unchecked Sendable {  // the mutable part is confined to the thread
    /// What the gateway hands over: only the newest state matters, answers all do.
    private struct Inbox {
        var state: HomeAssistantState?
        var answers: [MQTTCommandResult] = []
        var stop = false
    }

    /// What libmosquitto's callbacks report during a loop call, handled once it returns.
    private enum Event {
        case connected
        case refused(Int32)
        case disconnected(Int32)
        case message(MosquittoMessage)
        case published(Int32)
    }

    /// QoS 1 messages the broker has not acknowledged yet, and a goodbye waiting for them: a
    /// DISCONNECT right behind a device's removal (one empty config per entity, then the state)
    /// cut the last of them off, and Home Assistant kept the device.
    private var unacknowledged: Set<Int32> = []
    private var disconnectWhenAcknowledged = false

    private let library: Mosquitto
    private let endpoint: MQTTEndpoint
    private let clientID: String
    private let now: @Sendable () -> MonotonicInstant
    private let commands: AsyncStream<MQTTCommand>.Continuation?
    private let deliveries: AsyncStream<MQTTDelivery>.Continuation?
    private let note: @Sendable (String) -> Void
    private let ended: @Sendable (_ removed: Bool) -> Void
    private let inbox = Mutex(Inbox())
    private let finished = Atomic(false)
    /// A non-blocking pipe: the gateway writes a byte to wake the thread's poll.
    private let wakeRead: Int32
    private let wakeWrite: Int32

    // Confined to the thread.
    private var session: MQTTSession
    private var client: OpaquePointer?
    private var events: [Event] = []
    private var stopRequested = false

    static let keepalive: Int32 = 15

    init(library: Mosquitto, endpoint: MQTTEndpoint, session: MQTTSession, clientID: String,
         now: @escaping @Sendable () -> MonotonicInstant, commands: AsyncStream<MQTTCommand>.Continuation?,
         deliveries: AsyncStream<MQTTDelivery>.Continuation? = nil,
         note: @escaping @Sendable (String) -> Void, ended: @escaping @Sendable (Bool) -> Void) {
        self.library = library
        self.endpoint = endpoint
        self.session = session
        self.clientID = clientID
        self.now = now
        self.commands = commands
        self.deliveries = deliveries
        self.note = note
        self.ended = ended
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
        wakeRead = ends[0]
        wakeWrite = ends[1]
    }

    func start() {
        let thread = Thread { [self] in loop() }
        thread.name = "coach-mqtt"
        thread.stackSize = 1 << 20
        thread.start()
    }

    var isFinished: Bool { finished.load(ordering: .acquiring) }

    // MARK: - From the gateway (any thread, never blocks)

    func post(_ state: HomeAssistantState) {
        inbox.withLock { $0.state = state }
        wake()
    }

    func post(answer: MQTTCommandResult) {
        inbox.withLock { $0.answers.append(answer) }
        wake()
    }

    /// Says goodbye to the broker and waits for the thread, at most `timeout` (then leaves it to
    /// finish by itself: a shutdown never waits on a broker).
    func stop(timeout: Duration = .seconds(3)) async {
        inbox.withLock { $0.stop = true }
        wake()
        let deadline = ContinuousClock.now + timeout
        while !isFinished, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    private func wake() {
        var one: UInt8 = 1
        _ = write(wakeWrite, &one, 1)  // a full pipe already wakes the thread
    }

    // MARK: - The thread

    private func loop() {
        perform(session.start(at: now()))
        while !session.isFinished {
            let taken = inbox.withLock { inbox -> Inbox in
                defer { inbox.state = nil; inbox.answers.removeAll() }
                return inbox
            }
            if let state = taken.state { perform(session.stateChanged(state, at: now())) }
            for answer in taken.answers { perform(session.answered(answer)) }
            if taken.stop, !stopRequested {
                stopRequested = true
                perform(session.stop(at: now()))
            }
            if session.isFinished { break }
            perform(session.tick(at: now()))
            if session.isFinished { break }
            waitAndService()
        }
        destroyClient()
        close(wakeRead)
        close(wakeWrite)
        commands?.finish()
        deliveries?.finish()
        finished.store(true, ordering: .releasing)
        ended(session.removalSent)
    }

    /// Sleeps until the socket or the inbox has something, or the session's next deadline (a
    /// second at most: keepalive pings are due from loop_misc), then lets libmosquitto work.
    private func waitAndService() {
        var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
        let socket = client.map { library.socket($0) } ?? -1
        if socket >= 0, let client {
            var wanted = Int16(POLLIN)
            if library.wantWrite(client) { wanted |= Int16(POLLOUT) }
            fds.append(pollfd(fd: socket, events: wanted, revents: 0))
        }
        var timeout: Int32 = 1000
        if let deadline = session.deadline {
            let left = deadline - now()
            timeout = left <= .zero ? 0 : Int32(min(1000, max(1, (left.seconds * 1000).rounded(.up))))
        }
        _ = poll(&fds, nfds_t(fds.count), timeout)
        if fds[0].revents != 0 {
            var drained = [UInt8](repeating: 0, count: 256)
            while read(wakeRead, &drained, drained.count) > 0 {}
        }
        guard fds.count > 1, let client else { return }
        let ready = fds[1].revents
        var code = Mosquitto.success
        if ready & Int16(POLLIN | POLLERR | POLLHUP) != 0 {
            code = library.loopRead(client, 1)
            // Acknowledge what was read at once. A reader that never writes (a board) otherwise
            // leaves Linux delaying its ACKs by 40 ms, and a broker without TCP_NODELAY (mosquitto's
            // default) holds its next small message until that ACK: measured, a tenth of the
            // board's updates came 40 ms late. Linux clears the flag after use, hence every read.
            var one: Int32 = 1
            let fd = library.socket(client)
            if fd >= 0 { _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_QUICKACK, &one, socklen_t(MemoryLayout<Int32>.size)) }
        }
        if code == Mosquitto.success, library.socket(client) >= 0, library.wantWrite(client) {
            code = library.loopWrite(client, 1)
        }
        if code == Mosquitto.success, library.socket(client) >= 0 { code = library.loopMisc(client) }
        let reported = handleEvents()
        if code != Mosquitto.success, !reported, library.socket(client) < 0 {
            perform(session.lost(library.describe(code), at: now()))
        }
    }

    /// Hands the callbacks' events to the session; true when one of them ended the connection.
    @discardableResult
    private func handleEvents() -> Bool {
        var ended = false
        while !events.isEmpty {
            let event = events.removeFirst()
            let at = now()
            switch event {
            case .connected:
                perform(session.connected(at: at))
            case .refused(let code):
                perform(session.connectFailed(library.describeConnack(code), at: at))
                ended = true
            case .disconnected(let code):
                perform(session.lost(code == 0 ? "closed" : library.describe(code), at: at))
                ended = true
            case .message(let message):
                perform(session.received(topic: message.topic, payload: message.payload, retained: message.retained, at: at))
            case .published(let id):
                unacknowledged.remove(id)
                if disconnectWhenAcknowledged, unacknowledged.isEmpty {
                    disconnectWhenAcknowledged = false
                    perform([.disconnect])
                }
            }
        }
        return ended
    }

    private func perform(_ actions: [MQTTSession.Action]) {
        for action in actions {
            switch action {
            case .connect:
                connect()
            case .closeConnection:
                destroyClient()
            case .subscribe(let topics):
                guard let client else { continue }
                for topic in topics { _ = library.subscribe(client, nil, topic, 1) }
            case .publish(let message):
                publish(message)
            case .disconnect:
                if client != nil, !unacknowledged.isEmpty {
                    disconnectWhenAcknowledged = true
                    continue
                }
                guard let client, library.disconnect(client) == Mosquitto.success else {
                    perform(session.lost("closed", at: now()))
                    continue
                }
            case .run(let command):
                if let commands, case .dropped = commands.yield(command) {
                    perform(session.answered(MQTTCommandResult(command: command.text, code: "failure",
                                                               message: "too many commands waiting; try again")))
                }
            case .deliver(let topic, let payload, let retained):
                deliveries?.yield(MQTTDelivery(topic: topic, payload: payload, retained: retained))
            case .note(let line):
                note(line)
            case .finished:
                break
            }
        }
    }

    private func publish(_ message: MQTTMessage) {
        guard let client else { return }
        let bytes = Array(message.payload.utf8)
        var id: Int32 = 0
        let code = bytes.withUnsafeBytes { payload in
            message.topic.withCString { topic in
                library.publish(client, &id, topic, Int32(payload.count), payload.count == 0 ? nil : payload.baseAddress,
                                message.qos, message.retain)
            }
        }
        if code == Mosquitto.success, message.qos > 0 { unacknowledged.insert(id) }
    }

    // MARK: - The client, one per connection attempt

    /// Starts a non-blocking connection attempt; a synchronous failure (refused at once, a host
    /// that does not resolve) goes straight back to the session.
    private func connect() {
        destroyClient()
        guard let made = library.new(clientID, true, Unmanaged.passUnretained(self).toOpaque()) else {
            perform(session.connectFailed("cannot create an MQTT client", at: now()))
            return
        }
        client = made
        unacknowledged = []
        disconnectWhenAcknowledged = false
        library.publishCallbackSet(made) { _, object, id in
            guard let object else { return }
            Unmanaged<MQTTConnection>.fromOpaque(object).takeUnretainedValue().record(.published(id))
        }
        library.connectCallbackSet(made) { _, object, code in
            guard let object else { return }
            Unmanaged<MQTTConnection>.fromOpaque(object).takeUnretainedValue().record(code == 0 ? .connected : .refused(code))
        }
        library.disconnectCallbackSet(made) { _, object, code in
            guard let object else { return }
            Unmanaged<MQTTConnection>.fromOpaque(object).takeUnretainedValue().record(.disconnected(code))
        }
        library.messageCallbackSet(made) { _, object, raw in
            guard let object, let message = MosquittoMessage(raw) else { return }
            Unmanaged<MQTTConnection>.fromOpaque(object).takeUnretainedValue().record(.message(message))
        }
        if let username = endpoint.username {
            _ = library.usernamePasswordSet(made, username, endpoint.password)
        }
        // No limit on QoS 1 messages in flight (libmosquitto's default is 20): beyond it messages
        // wait in a queue a disconnect drops, and removing a device publishes one empty config per
        // entity and then leaves.
        _ = library.maxInflightMessagesSet(made, 0)
        if let will = session.will {
            var bytes = Array(will.payload.utf8)
            _ = library.willSet(made, will.topic, Int32(bytes.count), &bytes, will.qos, will.retain)
        }
        if endpoint.tls {
            let code = library.tlsSet(made, endpoint.caFile, endpoint.caFile == nil ? "/etc/ssl/certs" : nil, nil, nil, nil)
            guard code == Mosquitto.success else {
                perform(session.connectFailed("TLS: \(library.describe(code))", at: now()))
                return
            }
        }
        let code = library.connectAsync(made, endpoint.host, Int32(endpoint.port), Self.keepalive)
        if code != Mosquitto.success {
            perform(session.connectFailed(library.describe(code), at: now()))
        }
    }

    private func destroyClient() {
        guard let client else { return }
        self.client = nil
        library.destroy(client)
        events.removeAll()
    }

    /// Called by libmosquitto's callbacks, on this thread, inside a loop call.
    private func record(_ event: Event) { events.append(event) }
}
