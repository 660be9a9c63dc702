// EventStreamHub: the gateway's feed as server-sent events, for every browser at once. It follows
// the FeedPump's contents (the same stream tmux follows, already redacted while locked) and the
// announcements, logs each as an event with an id (EventLog), encodes it once per language in
// use, and writes it to the streams of each event loop in one hop. A stream that stopped reading
// skips events and is closed after too many (SlowReader); nobody else waits for it. Streams are
// counted against the maximum (StreamAdmission): one more is refused before it is answered.

import CoachCore
import CoachGateway
import CoachWire
import NIOCore
import NIOHTTP1
import Synchronization

/// What a stream carries: a status (the Live Activity content) or an announcement.
enum StreamPayload: Sendable {
    case status(LiveActivityContent)
    case announcement(kind: String, text: String, state: String, elapsed: Double)
}

/// A logged event, with its bytes per language made on first use and shared by every stream.
final class LoggedEvent: Sendable {
    let payload: StreamPayload
    private let encoded = Mutex<[Language: ByteBuffer]>([:])

    init(payload: StreamPayload) { self.payload = payload }

    func bytes(id: EventID, wording: Wording) -> ByteBuffer {
        let language = wording.language
        if let done = encoded.withLock({ $0[language] }) { return done }
        let frame: EventStreamFrame
        switch payload {
        case .status(let content):
            frame = EventStreamFrame(event: "status", id: id.description,
                                     data: content.render(presentation: .expanded, format: .json, wording: wording))
        case .announcement(let kind, let text, let state, let elapsed):
            let data = JSONText.object([("event", JSONText.string(kind)), ("message", JSONText.string(text)),
                                        ("state", JSONText.string(state)), ("elapsed", JSONText.number(elapsed, decimals: 3))])
            frame = EventStreamFrame(event: "announcement", id: id.description, data: data)
        }
        var buffer = ByteBufferAllocator().buffer(capacity: 1400)
        buffer.writeString(frame.text)
        encoded.withLock { $0[language] = buffer }
        return buffer
    }
}

/// One browser's stream. `lastSent` and `reader` are touched only on the channel's event loop.
final class StreamClient: @unchecked Sendable {
    let channel: any Channel
    let language: Language
    var lastSent: UInt64 = 0
    var reader: SlowReader

    init(channel: any Channel, language: Language, slowReaderLimit: Int) {
        self.channel = channel
        self.language = language
        self.reader = SlowReader(limit: slowReaderLimit)
    }
}

final class EventStreamHub: Sendable {
    struct Settings: Sendable {
        var maximumStreams = 64
        var heartbeat: Duration = .seconds(15)
        var retry: Duration = .seconds(1)
        var slowReaderLimit = 16
        var logCapacity = 256
    }

    private struct State {
        var log: EventLog<LoggedEvent>
        var clients: [ObjectIdentifier: StreamClient] = [:]
        var admission: StreamAdmission
        var tasks: [Task<Void, Never>] = []
        var stopped = false
    }

    private let state: Mutex<State>
    let settings: Settings
    /// The gateway's words per language (activity names as its replies say them).
    let wording: @Sendable (Language) -> Wording

    init(settings: Settings, run: String, wording: @escaping @Sendable (Language) -> Wording) {
        self.settings = settings
        self.wording = wording
        state = Mutex(State(log: EventLog(run: run, capacity: settings.logCapacity),
                            admission: StreamAdmission(maximum: settings.maximumStreams)))
    }

    /// Follows the feed and the announcements, and beats the heart, until `stop()`.
    func start(contents: AsyncStream<LiveActivityContent>, announcements: AsyncStream<Announcement>) {
        let heartbeat = settings.heartbeat
        let tasks = [
            Task { for await content in contents { self.publish(.status(content), isStatus: true) } },
            Task {
                for await announcement in announcements {
                    self.publish(.announcement(kind: announcement.kind, text: announcement.text, state: announcement.state.rawValue,
                                               elapsed: announcement.snapshot.elapsed), isStatus: false)
                }
            },
            Task {
                while !Task.isCancelled {
                    do { try await Task.sleep(for: heartbeat) } catch { return }
                    self.beat()
                }
            },
        ]
        state.withLock { $0.tasks = tasks }
    }

    /// Counts a stream about to open; false when the maximum is reached (answer 503).
    func reserve() -> Bool { state.withLock { !$0.stopped && $0.admission.admit() } }

    /// Gives back a reservation that never became a stream.
    func unreserve() { state.withLock { $0.admission.release() } }

    /// Attaches a reserved stream whose response head is written: it gets the reconnection delay,
    /// then what it is owed after `lastEventID`, then every event from now on, in order.
    func attach(_ channel: any Channel, language: Language, lastEventID: String?) {
        let client = StreamClient(channel: channel, language: language, slowReaderLimit: settings.slowReaderLimit)
        let wording = self.wording
        let retry = Int(settings.retry.components.seconds * 1000 + settings.retry.components.attoseconds / 1_000_000_000_000_000)
        state.withLock { state in
            state.clients[ObjectIdentifier(channel)] = client
            let owed = state.log.resume(after: lastEventID).entries
                .map { ($0.id.sequence, $0.payload.bytes(id: $0.id, wording: wording(language))) }
            // Queued under the lock: a live event logged after this is queued after it, so the
            // stream sees every event once and in order.
            channel.eventLoop.execute {
                var head = channel.allocator.buffer(capacity: 32)
                head.writeString(EventStreamFrame.retry(milliseconds: retry))
                channel.write(HTTPServerResponsePart.body(.byteBuffer(head)), promise: nil)
                for (sequence, bytes) in owed where sequence > client.lastSent {
                    channel.write(HTTPServerResponsePart.body(.byteBuffer(bytes)), promise: nil)
                    client.lastSent = sequence
                }
                channel.flush()
            }
        }
    }

    /// A stream's channel closed.
    func detach(_ channel: any Channel) {
        state.withLock { state in
            guard state.clients.removeValue(forKey: ObjectIdentifier(channel)) != nil else { return }
            state.admission.release()
        }
    }

    var streamCount: Int { state.withLock { $0.clients.count } }

    /// Stops following and closes every stream.
    func stop() {
        let (tasks, clients) = state.withLock { state -> ([Task<Void, Never>], [StreamClient]) in
            state.stopped = true
            defer { state.tasks = [] }
            return (state.tasks, Array(state.clients.values))
        }
        tasks.forEach { $0.cancel() }
        for client in clients { client.channel.close(promise: nil) }
    }

    /// The latest status as JSON in `language` (GET /status), if one was logged.
    func latestStatus(language: Language) -> String? {
        state.withLock { state in
            guard let entry = state.log.latestStatus, case .status(let content) = entry.payload.payload else { return nil }
            return content.render(presentation: .expanded, format: .json, wording: wording(language))
        }
    }

    // MARK: - Delivery

    private func publish(_ payload: StreamPayload, isStatus: Bool) {
        state.withLock { state in
            guard !state.stopped else { return }
            let entry = state.log.append(LoggedEvent(payload: payload), isStatus: isStatus)
            guard !state.clients.isEmpty else { return }
            let sequence = entry.id.sequence
            for (loop, clients) in Self.byLoop(state.clients.values) {
                let bytes = clients.reduce(into: [Language: ByteBuffer]()) { found, client in
                    if found[client.language] == nil { found[client.language] = entry.payload.bytes(id: entry.id, wording: wording(client.language)) }
                }
                loop.execute {
                    for client in clients { self.deliver(bytes[client.language]!, sequence: sequence, to: client) }
                }
            }
        }
    }

    /// A comment to every stream: keeps idle connections open through proxies and finds peers
    /// that have gone (the write fails and the channel closes).
    private func beat() {
        let comment = ByteBufferAllocator().buffer(string: EventStreamFrame.comment("heartbeat"))
        state.withLock { state in
            for (loop, clients) in Self.byLoop(state.clients.values) {
                loop.execute {
                    for client in clients { self.deliver(comment, sequence: nil, to: client) }
                }
            }
        }
    }

    /// On the client's loop: writes unless it already has this event or stopped reading.
    private func deliver(_ bytes: ByteBuffer, sequence: UInt64?, to client: StreamClient) {
        let channel = client.channel
        guard channel.isActive else { return }
        if let sequence {
            guard sequence > client.lastSent else { return }
            client.lastSent = sequence
        }
        switch client.reader.event(writable: channel.isWritable) {
        case .write: channel.writeAndFlush(HTTPServerResponsePart.body(.byteBuffer(bytes)), promise: nil)
        case .skip: break
        case .drop:
            GatewayLog.note("dropped an event stream that stopped reading (\(client.reader.skipped) events behind)")
            channel.close(promise: nil)
        }
    }

    private static func byLoop(_ clients: some Sequence<StreamClient>) -> [(any EventLoop, [StreamClient])] {
        var groups: [ObjectIdentifier: (any EventLoop, [StreamClient])] = [:]
        for client in clients {
            let loop = client.channel.eventLoop
            groups[ObjectIdentifier(loop), default: (loop, [])].1.append(client)
        }
        return Array(groups.values)
    }
}
